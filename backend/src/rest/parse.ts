// The PostgREST query-string grammar (the subset postgrest-js 2.x emits): select, filters, logic trees, order.
// Produces an AST only; names are checked against the schema cache when SQL is built (sql.ts).
import { restErrors } from './errors.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface Field {
  name: string;
  json: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: Field; alias?: string; cast?: string }
  /** `rel(...)`: embedded resources are not supported (no relationships in the cache → PGRST200). */
  | { kind: 'embed'; name: string };

export type Operator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'is'
  | 'isdistinct'
  | 'in'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxr'
  | 'nxl'
  | 'adj'
  | 'fts'
  | 'plfts'
  | 'phfts'
  | 'wfts';

export interface FilterNode {
  kind: 'filter';
  field: Field;
  negate: boolean;
  op: Operator;
  /** A list for `in`; the keyword for `is`; the raw value otherwise. */
  value: string | string[];
  /** Text-search configuration: fts(english). */
  config?: string;
}

export interface LogicNode {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = FilterNode | LogicNode;

export interface OrderTerm {
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

const OPERATORS = new Set<Operator>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);
const FTS = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts']);
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown']);
/** Query parameters that are not filters. */
export const RESERVED_PARAMS = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'on_conflict',
  'columns',
  'or',
  'and',
  'not.or',
  'not.and',
  'apikey',
]);

/**
 * Splits on commas that are not inside parentheses or double quotes. Throws on unbalanced input.
 */
export function splitTopLevel(input: string, what: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quoted) {
      current += ch;
      if (ch === '\\' && i + 1 < input.length) {
        current += input[++i];
      } else if (ch === '"') {
        quoted = false;
      }
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') {
      depth--;
      if (depth < 0) throw restErrors.parse(what, input, 'unexpected ")"');
    } else if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  if (quoted) throw restErrors.parse(what, input, 'unexpected end of input expecting closing quote');
  if (depth !== 0) throw restErrors.parse(what, input, 'unexpected end of input expecting ")"');
  parts.push(current);
  return parts;
}

function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return text;
}

const NAME = /^[^.,:()"\s]+$/;

/** `name`, `"quoted name"`, `data->a->>b`, `data->0`. */
export function parseField(text: string, what: string): Field {
  const pieces = text.split(/(->>|->)/);
  const head = pieces[0] ?? '';
  const name = head.startsWith('"') ? unquote(head) : head;
  if (!name || (!head.startsWith('"') && !NAME.test(head)))
    throw restErrors.parse(what, text, `unexpected "${text.slice(0, 1)}" expecting field name`);
  const json: JsonStep[] = [];
  for (let i = 1; i < pieces.length; i += 2) {
    const arrow = pieces[i] as '->' | '->>';
    const keyText = pieces[i + 1] ?? '';
    const key = keyText.startsWith('"') ? unquote(keyText) : keyText;
    if (!key || (!keyText.startsWith('"') && !NAME.test(keyText)))
      throw restErrors.parse(what, text, 'unexpected end of input expecting json key');
    json.push({ arrow, key });
  }
  return { name, json };
}

const CASTS = new Set([
  'text',
  'varchar',
  'int',
  'int2',
  'int4',
  'int8',
  'integer',
  'bigint',
  'smallint',
  'numeric',
  'real',
  'float4',
  'float8',
  'boolean',
  'bool',
  'date',
  'time',
  'timestamp',
  'timestamptz',
  'uuid',
  'json',
  'jsonb',
]);

export function parseSelect(input: string | null): SelectItem[] {
  if (input === null || input.trim() === '') return [{ kind: 'star' }];
  const items: SelectItem[] = [];
  for (const raw of splitTopLevel(input, 'select parameter')) {
    const text = raw.trim();
    if (text === '*') {
      items.push({ kind: 'star' });
      continue;
    }
    if (text === '') throw restErrors.parse('select parameter', input, 'unexpected "," expecting field name');
    if (text.includes('(') || text.startsWith('...')) {
      const name = text.replace(/^\.\.\./, '').split(/[(!:]/)[0] ?? '';
      if (/^(count|sum|avg|min|max)$/.test(name) || /\.(count|sum|avg|min|max)\(\)/.test(text))
        throw restErrors.aggregates();
      const head = text.replace(/^\.\.\./, '').split('(')[0] ?? '';
      items.push({ kind: 'embed', name: (head.split(':').pop() ?? '').split('!')[0] ?? '' });
      continue;
    }
    let rest = text;
    let alias: string | undefined;
    const colon = findAliasColon(rest);
    if (colon > 0) {
      alias = unquote(rest.slice(0, colon));
      rest = rest.slice(colon + 1);
      if (!alias) throw restErrors.parse('select parameter', input, 'unexpected ":" expecting field name');
    }
    let cast: string | undefined;
    const castAt = rest.lastIndexOf('::');
    if (castAt > 0) {
      cast = rest.slice(castAt + 2).toLowerCase();
      rest = rest.slice(0, castAt);
      if (!CASTS.has(cast)) throw restErrors.parse('select parameter', input, `unexpected cast "${cast}"`);
    }
    items.push({ kind: 'column', field: parseField(rest, 'select parameter'), alias, cast });
  }
  return items;
}

/** Index of the `alias:` colon (a single colon, not part of `::`), or -1. */
function findAliasColon(text: string): number {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') {
      const end = text.indexOf('"', i + 1);
      if (end < 0) return -1;
      i = end;
      continue;
    }
    if (text[i] === ':') return text[i + 1] === ':' ? -1 : i;
  }
  return -1;
}

/** The right-hand side of a filter: `[not.]op[(config)].value`. */
export function parseFilterValue(
  field: Field,
  expression: string,
  fieldText: string,
  inLogicTree: boolean,
): FilterNode {
  const what = 'filter';
  let rest = expression;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\(([^)]*)\))?\.([\s\S]*)$/.exec(rest);
  if (!match)
    throw restErrors.parse(
      what,
      `${fieldText}.${expression}`,
      'unexpected end of input expecting operator (eq, gt, ...)',
    );
  const op = match[1] as Operator;
  const modifier = match[2];
  let value = match[3] ?? '';
  if (!OPERATORS.has(op))
    throw restErrors.parse(
      what,
      `${fieldText}.${expression}`,
      `unexpected "${op}" expecting "not" or operator (eq, gt, ...)`,
    );
  if (modifier !== undefined && !FTS.has(op))
    throw restErrors.parse(what, `${fieldText}.${expression}`, `unexpected "(" after operator "${op}"`);
  if (modifier !== undefined && !/^[a-z_]+$/.test(modifier))
    throw restErrors.parse(what, `${fieldText}.${expression}`, 'unexpected text search configuration');
  if (inLogicTree) value = unquote(value);
  if (op === 'in') {
    const list = /^\(([\s\S]*)\)$/.exec(value);
    if (!list) throw restErrors.parse(what, `${fieldText}.${expression}`, 'unexpected end of input expecting "("');
    const inner = list[1] ?? '';
    const values = inner === '' ? [] : splitTopLevel(inner, what).map((v) => unquote(v));
    return { kind: 'filter', field, negate, op, value: values };
  }
  if (op === 'is') {
    const keyword = value.toLowerCase();
    if (!IS_VALUES.has(keyword))
      throw restErrors.parse(
        what,
        `${fieldText}.${expression}`,
        `unexpected "${value}" expecting null, not_null, true, false or unknown`,
      );
    return { kind: 'filter', field, negate, op, value: keyword };
  }
  return { kind: 'filter', field, negate, op, value, config: modifier };
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))` → a logic node. `key` is `or`, `and`, `not.or` or `not.and`. */
export function parseLogicTree(key: string, value: string): LogicNode {
  const negate = key.startsWith('not.');
  const op = (negate ? key.slice(4) : key) as 'and' | 'or';
  return parseLogicGroup(op, negate, value, `${key}=${value}`, 1);
}

/** Deeper trees are refused: they only serve to exhaust PostgreSQL's (WebAssembly) stack. */
const MAX_LOGIC_DEPTH = 32;

function parseLogicGroup(op: 'and' | 'or', negate: boolean, text: string, whole: string, depth: number): LogicNode {
  if (depth > MAX_LOGIC_DEPTH)
    throw restErrors.parse('logic tree', whole.slice(0, 100), `nesting deeper than ${MAX_LOGIC_DEPTH} levels`);
  const inner = /^\(([\s\S]*)\)$/.exec(text);
  if (!inner) throw restErrors.parse('logic tree', whole, 'unexpected end of input expecting "("');
  const children: Condition[] = [];
  for (const raw of splitTopLevel(inner[1] ?? '', 'logic tree')) {
    const item = raw.trim();
    const group = /^(not\.)?(and|or)(\([\s\S]*\))$/.exec(item);
    if (group) {
      children.push(parseLogicGroup(group[2] as 'and' | 'or', Boolean(group[1]), group[3]!, whole, depth + 1));
      continue;
    }
    const dot = item.indexOf('.');
    if (dot <= 0) throw restErrors.parse('logic tree', whole, `unexpected "${item}" expecting field.operator.value`);
    const fieldText = item.slice(0, dot);
    children.push(parseFilterValue(parseField(fieldText, 'logic tree'), item.slice(dot + 1), fieldText, true));
  }
  if (children.length === 0) throw restErrors.parse('logic tree', whole, 'unexpected ")" expecting filter');
  return { kind: 'logic', op, negate, children };
}

export function parseOrder(input: string | null): OrderTerm[] {
  if (input === null || input === '') return [];
  return splitTopLevel(input, 'order').map((raw) => {
    const text = raw.trim();
    const parts = text.split('.');
    const field = parseField(parts[0] ?? '', 'order');
    const term: OrderTerm = { field };
    for (const modifier of parts.slice(1)) {
      if (modifier === 'asc' || modifier === 'desc') term.direction = modifier;
      else if (modifier === 'nullsfirst') term.nulls = 'first';
      else if (modifier === 'nullslast') term.nulls = 'last';
      else
        throw restErrors.parse(
          'order',
          input,
          `unexpected "${modifier}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        );
    }
    return term;
  });
}

export function parseNonNegativeInt(name: string, value: string | null): number | undefined {
  if (value === null || value === '') return undefined;
  if (!/^\d{1,9}$/.test(value)) {
    if (/^-\d+$/.test(value)) throw restErrors.rangeNotSatisfiable('Limit should be greater than or equal to zero.');
    throw restErrors.parse(`${name} parameter`, value, 'unexpected input expecting a non-negative integer');
  }
  return Number(value);
}

/** `columns="a","b"` or `columns=a,b`. */
export function parseColumns(input: string | null): string[] | undefined {
  if (input === null) return undefined;
  return splitTopLevel(input, 'columns parameter')
    .map((c) => unquote(c.trim()))
    .filter((c) => c !== '');
}

/** The filters of a query string: every non-reserved key, plus the logic trees. */
export function parseConditions(params: URLSearchParams, skip: ReadonlySet<string> = new Set()): Condition[] {
  const conditions: Condition[] = [];
  for (const [key, value] of params) {
    if (skip.has(key)) continue;
    if (key === 'or' || key === 'and' || key === 'not.or' || key === 'not.and') {
      conditions.push(parseLogicTree(key, value));
      continue;
    }
    if (RESERVED_PARAMS.has(key)) continue;
    if (/^[^.]+\.(or|and)$/.test(key) || (key.includes('.') && !key.includes('->'))) {
      throw restErrors.notEmbedded(key.split('.')[0]!);
    }
    conditions.push(parseFilterValue(parseField(key, 'filter'), value, key, false));
  }
  return conditions;
}
