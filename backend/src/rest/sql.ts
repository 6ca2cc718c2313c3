// Plans one SQL statement per request from the parsed query, like PostgREST: identifiers checked against the
// schema cache and double-quoted, every value a bound parameter, the JSON body built by PostgreSQL.
import type { FunctionInfo, RelationInfo } from '../db/schema-cache.ts';
import { restErrors } from './errors.ts';
import type { Condition, Field, FilterNode, OrderTerm, SelectItem } from './parse.ts';

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export class Params {
  readonly values: unknown[] = [];

  bind(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}

/** Column checks against the relation; `null` relation = a function result whose columns PostgreSQL checks. */
export class Scope {
  constructor(
    readonly relation: RelationInfo | null,
    readonly label: string,
    readonly alias: string,
  ) {}

  column(name: string): string {
    if (this.relation && !this.relation.columns.has(name)) throw restErrors.undefinedColumn(this.label, name);
    return `${this.alias}.${quoteIdent(name)}`;
  }

  field(field: Field, params: Params): string {
    let sql = this.column(field.name);
    for (const step of field.json) {
      const key = /^\d+$/.test(step.key) ? params.bind(Number(step.key), 'int') : params.bind(step.key, 'text');
      sql = `${sql}${step.arrow}${key}`;
    }
    return sql;
  }
}

export function outputName(field: Field): string {
  const last = field.json[field.json.length - 1];
  return last ? last.key : field.name;
}

export function selectList(items: SelectItem[], scope: Scope, params: Params): string {
  const out: string[] = [];
  for (const item of items) {
    if (item.kind === 'star') {
      out.push(`${scope.alias}.*`);
    } else if (item.kind === 'embed') {
      throw restErrors.noRelationship(scope.label, item.name);
    } else {
      let expression = scope.field(item.field, params);
      if (item.cast) expression = `(${expression})::${item.cast}`;
      out.push(`${expression} as ${quoteIdent(item.alias ?? outputName(item.field))}`);
    }
  }
  return out.join(', ');
}

const COMPARISON: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'is distinct from',
};
const TS_QUERY: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};
const IS_SQL: Record<string, string> = {
  null: 'is null',
  not_null: 'is not null',
  true: 'is true',
  false: 'is false',
  unknown: 'is unknown',
};

function filterSql(node: FilterNode, scope: Scope, params: Params): string {
  const target = scope.field(node.field, params);
  let sql: string;
  if (node.op === 'is') {
    sql = `${target} ${IS_SQL[node.value as string]}`;
  } else if (node.op === 'in') {
    const values = node.value as string[];
    sql = values.length === 0 ? 'false' : `${target} in (${values.map((v) => params.bind(v)).join(', ')})`;
  } else if (node.op in TS_QUERY) {
    const config = node.config ? `${params.bind(node.config, 'regconfig')}, ` : '';
    sql = `${target} @@ ${TS_QUERY[node.op]}(${config}${params.bind(node.value)})`;
  } else if (node.op === 'like' || node.op === 'ilike') {
    sql = `${target} ${COMPARISON[node.op]} ${params.bind((node.value as string).replace(/\*/g, '%'))}`;
  } else {
    sql = `${target} ${COMPARISON[node.op]} ${params.bind(node.value)}`;
  }
  return node.negate ? `not (${sql})` : sql;
}

export function conditionSql(condition: Condition, scope: Scope, params: Params): string {
  if (condition.kind === 'filter') return filterSql(condition, scope, params);
  const parts = condition.children.map((child) => `(${conditionSql(child, scope, params)})`);
  const joined = parts.join(condition.op === 'and' ? ' and ' : ' or ');
  return condition.negate ? `not (${joined})` : joined;
}

export function whereSql(conditions: Condition[], scope: Scope, params: Params): string {
  if (conditions.length === 0) return '';
  return ` where ${conditions.map((c) => `(${conditionSql(c, scope, params)})`).join(' and ')}`;
}

export function orderSql(terms: OrderTerm[], scope: Scope, params: Params): string {
  if (terms.length === 0) return '';
  const parts = terms.map((term) => {
    let sql = scope.field(term.field, params);
    if (term.direction) sql += ` ${term.direction}`;
    if (term.nulls) sql += ` nulls ${term.nulls}`;
    return sql;
  });
  return ` order by ${parts.join(', ')}`;
}

export function relationSql(relation: RelationInfo): string {
  return `${quoteIdent(relation.schema)}.${quoteIdent(relation.name)}`;
}

/**
 * PostgREST's CSV body over the rows of `source` (a CTE name): a header of the first row's keys, then each row as
 * PostgreSQL's record text without its parentheses (fields quoted when they hold a comma, quote, parenthesis,
 * backslash or white space; quotes doubled; NULL empty), rows separated by a newline.
 */
function csvBody(source: string): string {
  return (
    `coalesce((select string_agg(pgrst_h.k, ',') from (select json_object_keys(row_to_json(pgrst_r)) as k ` +
    `from (select * from ${source} limit 1) pgrst_r) pgrst_h), '') || chr(10) || ` +
    `coalesce((select string_agg(substring(pgrst_c::text, 2, length(pgrst_c::text) - 2), chr(10)) from ${source} pgrst_c), '')`
  );
}

export interface ReadPlan {
  select: SelectItem[];
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  count: boolean;
  /** Body as one object (`json_agg(...)->0`) instead of an array. */
  single: boolean;
  stripNulls: boolean;
  /** `Accept: text/csv`: the body is PostgREST's CSV instead of JSON. */
  csv?: boolean;
}

function bodyExpression(plan: Pick<ReadPlan, 'single' | 'stripNulls'>, aggregate = 'json_agg(pgrst_t)'): string {
  const body = plan.single ? `coalesce((${aggregate})->0, 'null'::json)` : `coalesce(${aggregate}, '[]'::json)`;
  return `${plan.stripNulls ? `json_strip_nulls(${body})` : body}::text`;
}

/** GET on a table or view: `total_count` (when counting), `page_count`, `body`. */
export function readSql(relation: RelationInfo, plan: ReadPlan): { sql: string; params: unknown[] } {
  const params = new Params();
  const scope = new Scope(relation, relation.name, 'pgrst_src');
  const from = `${relationSql(relation)} as pgrst_src`;
  const columns = selectList(plan.select, scope, params);
  const where = whereSql(plan.conditions, scope, params);
  const order = orderSql(plan.order, scope, params);
  const limit = plan.limit !== undefined ? ` limit ${params.bind(plan.limit, 'bigint')}` : '';
  const offset = plan.offset ? ` offset ${params.bind(plan.offset, 'bigint')}` : '';
  const total = plan.count ? `(select count(*) from ${from}${where})` : 'null::bigint';
  if (plan.csv) {
    const sql =
      `with pgrst_source as (select ${columns} from ${from}${where}${order}${limit}${offset}) ` +
      `select ${total} as total_count, (select count(*) from pgrst_source) as page_count, ${csvBody('pgrst_source')} as body`;
    return { sql, params: params.values };
  }
  const sql =
    `select ${total} as total_count, count(pgrst_t) as page_count, ${bodyExpression(plan)} as body ` +
    `from (select ${columns} from ${from}${where}${order}${limit}${offset}) pgrst_t`;
  return { sql, params: params.values };
}

/** The payload columns of an insert/update, each checked against the relation (PGRST204). */
export function payloadColumns(relation: RelationInfo, names: Iterable<string>): string[] {
  const columns: string[] = [];
  for (const name of names) {
    if (!relation.columns.has(name)) throw restErrors.columnNotFound(relation.name, name);
    columns.push(name);
  }
  return columns;
}

export interface WritePlan {
  returning: boolean;
  select: SelectItem[];
  single: boolean;
  stripNulls: boolean;
  csv?: boolean;
}

/** Wraps a data-modifying statement so that it returns `page_count` and the JSON body of the touched rows. */
function withRepresentation(dml: string, relation: RelationInfo, plan: WritePlan, params: Params): string {
  const scope = new Scope(relation, relation.name, 'pgrst_src');
  const columns = selectList(plan.select, scope, params);
  if (plan.csv) {
    return (
      `with pgrst_source as (${dml} returning pgrst_tgt.*), pgrst_out as (select ${columns} from pgrst_source as pgrst_src) ` +
      `select (select count(*) from pgrst_out) as page_count, ${csvBody('pgrst_out')} as body`
    );
  }
  return (
    `with pgrst_source as (${dml} returning pgrst_tgt.*) ` +
    `select count(pgrst_t) as page_count, ${bodyExpression(plan)} as body ` +
    `from (select ${columns} from pgrst_source as pgrst_src) pgrst_t`
  );
}

export function insertSql(
  relation: RelationInfo,
  rows: unknown[],
  columns: string[],
  conflict: { resolution: 'merge' | 'ignore'; target: string[] } | undefined,
  plan: WritePlan,
  missingDefault = false,
): { sql: string; params: unknown[] } {
  const params = new Params();
  const table = relationSql(relation);
  const list = columns.map(quoteIdent).join(', ');
  let body = params.bind(JSON.stringify(rows), 'json');
  const defaults = missingDefault ? defaultsObject(relation, columns) : undefined;
  if (defaults) {
    // `Prefer: missing=default`, as PostgREST: each row's keys laid over its columns' defaults, so a key absent
    // from a row takes the column's default instead of NULL (an explicit null stays null).
    body = `(select coalesce(json_agg(${defaults} || pgrst_e), '[]') from jsonb_array_elements(${body}::jsonb) as pgrst_e)`;
  }
  let dml =
    columns.length === 0
      ? `insert into ${table} as pgrst_tgt default values`
      : `insert into ${table} as pgrst_tgt (${list}) select ${list} from json_populate_recordset(null::${table}, ${body})`;
  if (conflict) {
    const target = conflict.target.length ? ` (${conflict.target.map(quoteIdent).join(', ')})` : '';
    if (conflict.resolution === 'ignore' || columns.length === 0) {
      dml += ` on conflict${target} do nothing`;
    } else {
      dml += ` on conflict${target} do update set ${columns.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`).join(', ')}`;
    }
  }
  return { sql: plan.returning ? withRepresentation(dml, relation, plan, params) : dml, params: params.values };
}

/** jsonb of the defaults of `columns` that have one (evaluated per row), or undefined when none has. */
function defaultsObject(relation: RelationInfo, columns: string[]): string | undefined {
  const pairs: string[] = [];
  for (const name of columns) {
    const expr = relation.columns.get(name)?.defaultExpr;
    if (expr) pairs.push(`${quoteLiteral(name)}, (${expr})`);
  }
  if (pairs.length === 0) return undefined;
  // jsonb_build_object takes at most 100 arguments: 50 columns per call.
  const parts: string[] = [];
  for (let i = 0; i < pairs.length; i += 50) parts.push(`jsonb_build_object(${pairs.slice(i, i + 50).join(', ')})`);
  return parts.length === 1 ? parts[0]! : `(${parts.join(' || ')})`;
}

function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Limited updates/deletes address rows by ctid, as PostgREST does (tables only). */
function targetFilter(
  relation: RelationInfo,
  conditions: Condition[],
  order: OrderTerm[],
  limit: number | undefined,
  params: Params,
): string {
  const scope = new Scope(relation, relation.name, 'pgrst_tgt');
  if (limit === undefined) return whereSql(conditions, scope, params);
  const inner = new Scope(relation, relation.name, 'pgrst_lim');
  const sub =
    `select pgrst_lim.ctid from ${relationSql(relation)} as pgrst_lim` +
    `${whereSql(conditions, inner, params)}${orderSql(order, inner, params)} limit ${params.bind(limit, 'bigint')}`;
  return ` where pgrst_tgt.ctid in (${sub})`;
}

export function updateSql(
  relation: RelationInfo,
  patch: Record<string, unknown>,
  columns: string[],
  conditions: Condition[],
  order: OrderTerm[],
  limit: number | undefined,
  plan: WritePlan,
): { sql: string; params: unknown[] } {
  const params = new Params();
  const table = relationSql(relation);
  const body = params.bind(JSON.stringify(patch), 'json');
  const sets = columns.map((c) => `${quoteIdent(c)} = pgrst_body.${quoteIdent(c)}`).join(', ');
  const dml =
    `update ${table} as pgrst_tgt set ${sets} from (select * from json_populate_record(null::${table}, ${body})) as pgrst_body` +
    targetFilter(relation, conditions, order, limit, params);
  return { sql: plan.returning ? withRepresentation(dml, relation, plan, params) : dml, params: params.values };
}

export function deleteSql(
  relation: RelationInfo,
  conditions: Condition[],
  order: OrderTerm[],
  limit: number | undefined,
  plan: WritePlan,
): { sql: string; params: unknown[] } {
  const params = new Params();
  const dml =
    `delete from ${relationSql(relation)} as pgrst_tgt` + targetFilter(relation, conditions, order, limit, params);
  return { sql: plan.returning ? withRepresentation(dml, relation, plan, params) : dml, params: params.values };
}

/** Picks the overload whose parameters match the given argument names (PostgREST's rule, simplified). */
export function chooseFunction(candidates: FunctionInfo[] | undefined, name: string, argNames: string[]): FunctionInfo {
  const given = new Set(argNames);
  const matches = (candidates ?? []).filter((fn) => {
    const names = new Set(fn.params.map((p) => p.name));
    return argNames.every((a) => names.has(a)) && fn.params.every((p) => p.hasDefault || given.has(p.name));
  });
  matches.sort((a, b) => a.params.length - b.params.length);
  const chosen = matches[0];
  if (!chosen) throw restErrors.functionNotFound(name, [...argNames].sort());
  return chosen;
}

export function rpcSql(
  fn: FunctionInfo,
  args: Record<string, unknown>,
  plan: ReadPlan,
): { sql: string; params: unknown[]; kind: 'void' | 'scalar' | 'rows' } {
  const params = new Params();
  const provided = fn.params.filter((p) => Object.prototype.hasOwnProperty.call(args, p.name));
  let from = '';
  let call = `${quoteIdent(fn.schema)}.${quoteIdent(fn.name)}(`;
  if (provided.length) {
    const record = Object.fromEntries(provided.map((p) => [p.name, args[p.name]]));
    const definition = provided.map((p) => `${quoteIdent(p.name)} ${p.type}`).join(', ');
    from = ` from json_to_record(${params.bind(JSON.stringify(record), 'json')}) as pgrst_args(${definition})`;
    call += provided.map((p) => `${quoteIdent(p.name)} => pgrst_args.${quoteIdent(p.name)}`).join(', ');
  }
  call += ')';
  if (fn.returnsVoid) return { sql: `select ${call}${from}`, params: params.values, kind: 'void' };
  if (!fn.returnsSet && !fn.returnsComposite) {
    return { sql: `select to_json(${call})::text as body${from}`, params: params.values, kind: 'scalar' };
  }
  const source = from ? `${from}, lateral ${call} as pgrst_src` : ` from ${call} as pgrst_src`;
  if (!fn.returnsComposite) {
    // setof scalar → a JSON array of scalars
    const sql =
      `select count(*) as page_count, null::bigint as total_count, ` +
      `coalesce(json_agg(pgrst_src.pgrst_scalar), '[]'::json)::text as body` +
      `${from ? `${from}, lateral ${call} as pgrst_src(pgrst_scalar)` : ` from ${call} as pgrst_src(pgrst_scalar)`}`;
    return { sql, params: params.values, kind: 'rows' };
  }
  const scope = new Scope(null, fn.name, 'pgrst_src');
  const columns = selectList(plan.select, scope, params);
  const where = whereSql(plan.conditions, scope, params);
  const order = orderSql(plan.order, scope, params);
  const limit = plan.limit !== undefined ? ` limit ${params.bind(plan.limit, 'bigint')}` : '';
  const offset = plan.offset ? ` offset ${params.bind(plan.offset, 'bigint')}` : '';
  const single = plan.single || !fn.returnsSet;
  if (plan.csv) {
    const sql =
      `with pgrst_source as (select ${columns}${source}${where}${order}${limit}${offset}) ` +
      `select null::bigint as total_count, (select count(*) from pgrst_source) as page_count, ${csvBody('pgrst_source')} as body`;
    return { sql, params: params.values, kind: 'rows' };
  }
  const sql =
    `select null::bigint as total_count, count(pgrst_t) as page_count, ${bodyExpression({ single, stripNulls: plan.stripNulls })} as body ` +
    `from (select ${columns}${source}${where}${order}${limit}${offset}) pgrst_t`;
  return { sql, params: params.values, kind: 'rows' };
}
