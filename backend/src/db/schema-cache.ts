// What PostgREST calls the schema cache: the relations, columns and functions of the exposed schema, read from
// pg_catalog. Every identifier of a request is checked against it before any SQL is built.
import type { Queryable } from './database.ts';

export interface ColumnInfo {
  name: string;
  /** format_type(): usable in a column definition list (`integer`, `text[]`, `public.my_enum`). */
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  /** pg_get_expr() of the column's default (null: none or identity); used by `Prefer: missing=default`. */
  defaultExpr?: string | null;
  generated: boolean;
}

export interface RelationInfo {
  schema: string;
  name: string;
  kind: 'table' | 'view' | 'materialized view' | 'foreign table' | 'partitioned table';
  columns: Map<string, ColumnInfo>;
  primaryKey: string[];
}

export interface FunctionParam {
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface FunctionInfo {
  schema: string;
  name: string;
  params: FunctionParam[];
  returnType: string;
  returnsSet: boolean;
  /** Returns a row type (composite, table(...) or OUT parameters). */
  returnsComposite: boolean;
  returnsVoid: boolean;
  volatility: 'immutable' | 'stable' | 'volatile';
}

export interface SchemaCache {
  schema: string;
  relations: Map<string, RelationInfo>;
  functions: Map<string, FunctionInfo[]>;
}

const RELATIONS_SQL = `
select coalesce(json_agg(r order by r.name), '[]')::text as relations from (
  select c.relname as name,
         c.relkind as kind,
         (select coalesce(json_agg(json_build_object(
                   'name', a.attname,
                   'type', format_type(a.atttypid, a.atttypmod),
                   'nullable', not a.attnotnull,
                   'hasDefault', a.atthasdef or a.attidentity <> '',
                   'defaultExpr', (select pg_get_expr(d.adbin, d.adrelid) from pg_attrdef d
                                    where d.adrelid = a.attrelid and d.adnum = a.attnum and a.attgenerated = ''),
                   'generated', a.attgenerated <> '' or a.attidentity = 'a'
                 ) order by a.attnum), '[]')
            from pg_attribute a
           where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
         (select coalesce(json_agg(a.attname order by k.ord), '[]')
            from pg_constraint con
            cross join lateral unnest(con.conkey) with ordinality as k(attnum, ord)
            join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
           where con.conrelid = c.oid and con.contype = 'p') as "primaryKey"
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
) r`;

const FUNCTIONS_SQL = `
select coalesce(json_agg(f), '[]')::text as functions from (
  select p.proname as name,
         p.provolatile as volatility,
         p.proretset as "returnsSet",
         format_type(p.prorettype, null) as "returnType",
         (t.typtype = 'c' or p.prorettype = 'record'::regtype) as "returnsComposite",
         p.prorettype = 'void'::regtype as "returnsVoid",
         p.pronargs as nargs,
         p.pronargdefaults as ndefaults,
         coalesce(p.proargnames, array[]::text[]) as argnames,
         coalesce(p.proargmodes::text[], array[]::text[]) as argmodes,
         (select coalesce(json_agg(format_type(x.t, null) order by x.i), '[]')
            from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as x(t, i)) as argtypes
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type t on t.oid = p.prorettype
   where n.nspname = $1 and p.prokind = 'f'
) f`;

const RELATION_KINDS: Record<string, RelationInfo['kind']> = {
  r: 'table',
  v: 'view',
  m: 'materialized view',
  f: 'foreign table',
  p: 'partitioned table',
};

interface RawFunction {
  name: string;
  volatility: 'i' | 's' | 'v';
  returnsSet: boolean;
  returnType: string;
  returnsComposite: boolean;
  returnsVoid: boolean;
  nargs: number;
  ndefaults: number;
  argnames: string[];
  argmodes: string[];
  argtypes: string[];
}

function toFunctionInfo(schema: string, raw: RawFunction): FunctionInfo {
  const params: FunctionParam[] = [];
  raw.argtypes.forEach((type, index) => {
    const mode = raw.argmodes[index] ?? 'i';
    if (mode !== 'i' && mode !== 'b' && mode !== 'v') return; // OUT / TABLE columns are results, not inputs
    params.push({ name: raw.argnames[index] ?? '', type, hasDefault: false, variadic: mode === 'v' });
  });
  // Defaults belong to the last `ndefaults` input parameters.
  for (let i = params.length - raw.ndefaults; i < params.length; i++) {
    const param = params[i];
    if (param) param.hasDefault = true;
  }
  return {
    schema,
    name: raw.name,
    params,
    returnType: raw.returnType,
    returnsSet: raw.returnsSet,
    returnsComposite: raw.returnsComposite,
    returnsVoid: raw.returnsVoid,
    volatility: raw.volatility === 'i' ? 'immutable' : raw.volatility === 's' ? 'stable' : 'volatile',
  };
}

export async function loadSchemaCache(db: Queryable, schema = 'public'): Promise<SchemaCache> {
  const relationsRow = (await db.query(RELATIONS_SQL, [schema])).rows[0];
  const functionsRow = (await db.query(FUNCTIONS_SQL, [schema])).rows[0];
  const relations = new Map<string, RelationInfo>();
  for (const raw of JSON.parse(String(relationsRow?.relations ?? '[]')) as Array<{
    name: string;
    kind: string;
    columns: ColumnInfo[];
    primaryKey: string[];
  }>) {
    relations.set(raw.name, {
      schema,
      name: raw.name,
      kind: RELATION_KINDS[raw.kind] ?? 'table',
      columns: new Map(raw.columns.map((c) => [c.name, c])),
      primaryKey: raw.primaryKey,
    });
  }
  const functions = new Map<string, FunctionInfo[]>();
  for (const raw of JSON.parse(String(functionsRow?.functions ?? '[]')) as RawFunction[]) {
    const info = toFunctionInfo(schema, raw);
    const list = functions.get(info.name) ?? [];
    list.push(info);
    functions.set(info.name, list);
  }
  return { schema, relations, functions };
}
