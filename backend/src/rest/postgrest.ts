// /rest/v1: PostgREST-compatible reads, writes and RPC. Each request is one transaction that first switches to
// the JWT's role and publishes its claims (set_config(…, true), as PostgREST's pre-request), so PostgreSQL
// row-level security decides what every request may see or change.
import type { IncomingMessage, ServerResponse } from 'node:http';

import { type Database, isPgError, type QueryResult } from '../db/database.ts';
import type { RelationInfo, SchemaCache } from '../db/schema-cache.ts';
import { BodyTooLargeError, bearerToken, jsonDepth, readBody, send } from '../http.ts';
import type { FairQueue } from '../db/fair-queue.ts';
import {
  MAX_JSON_DEPTH,
  REST_STATEMENT_TIMEOUT_MS,
  RPC_BODY_LIMITS,
  RPC_STATEMENT_TIMEOUTS_MS,
  RpcRateLimiter,
} from './rpc-limits.ts';
import type { JwtFailure, JwtVerifier } from '../jwt.ts';
import { fromPgError, jwtError, RestError, restErrors } from './errors.ts';
import {
  type Condition,
  parseColumns,
  parseConditions,
  parseNonNegativeInt,
  parseOrder,
  parseSelect,
  RESERVED_PARAMS,
} from './parse.ts';
import {
  chooseFunction,
  deleteSql,
  insertSql,
  payloadColumns,
  readSql,
  rpcSql,
  updateSql,
  type WritePlan,
} from './sql.ts';

export interface PostgrestOptions {
  db: Database;
  verifier: JwtVerifier;
  anonKey: string;
  serviceRoleKey: string;
  schema: () => SchemaCache;
  /** Reloads the schema cache (rate-limited by the caller); used when a relation is missing. */
  reloadSchema: () => Promise<boolean>;
  bodyLimit: number;
  /** Fair scheduling of the requests' database work per caller (server.ts; none = straight to the database). */
  queue?: FairQueue;
}

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const PRE_REQUEST_WRITE =
  "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('statement_timeout', $3, true)";
const PRE_REQUEST_READ =
  "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('statement_timeout', $3, true), set_config('transaction_read_only', 'on', true)";
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const CSV_HEADERS = { 'content-type': 'text/csv; charset=utf-8' };

interface Caller {
  role: string;
  claimsJson: string;
  /** Who a rate limit and the fair queue count against: the user (sub claim), else the role. */
  subject: string;
}

interface Reply {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

/** Signals that the transaction must roll back while the request still succeeds or fails with `reply`. */
class Rollback extends Error {
  constructor(readonly reply: Reply | RestError) {
    super('rollback');
  }
}

interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
}

function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = {};
  const values = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  for (const raw of values) {
    const [key, value] = raw
      .trim()
      .split('=')
      .map((s) => s.trim()) as [string, string | undefined];
    if (key === 'return' && (value === 'minimal' || value === 'representation' || value === 'headers-only'))
      prefs.return = value;
    else if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated'))
      prefs.count = value;
    else if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates'))
      prefs.resolution = value;
    else if (key === 'missing' && (value === 'default' || value === 'null')) prefs.missing = value;
    else if (key === 'tx' && (value === 'commit' || value === 'rollback')) prefs.tx = value;
  }
  return prefs;
}

interface MediaType {
  single: boolean;
  stripNulls: boolean;
  /** `Accept: text/csv` (supabase-js `.csv()`): PostgREST's CSV body. */
  csv: boolean;
}

function bodyHeaders(media: MediaType): Record<string, string> {
  return media.csv ? CSV_HEADERS : JSON_HEADERS;
}

function parseAccept(header: string | undefined): MediaType {
  if (!header) return { single: false, stripNulls: false, csv: false };
  const types = header.split(',').map((t) => t.trim().toLowerCase());
  for (const type of types) {
    const [base, ...params] = type.split(';').map((p) => p.trim());
    const stripNulls = params.includes('nulls=stripped');
    if (base === 'application/vnd.pgrst.object+json' || base === 'application/vnd.pgrst.object')
      return { single: true, stripNulls, csv: false };
    if (base === 'text/csv') return { single: false, stripNulls: false, csv: true };
    if (
      base === 'application/json' ||
      base === 'application/vnd.pgrst.array+json' ||
      base === '*/*' ||
      base === 'application/*'
    ) {
      return { single: false, stripNulls, csv: false };
    }
  }
  throw restErrors.mediaType(header);
}

function jwtFailureError(failure: JwtFailure): RestError {
  switch (failure.kind) {
    case 'empty':
      return jwtError('PGRST301', 'Empty JWT is sent in Authorization header');
    case 'parts':
      return jwtError('PGRST301', `Expected 3 parts in JWT; got ${failure.parts}`);
    case 'algorithm':
      return jwtError('PGRST301', 'Wrong or unsupported encoding algorithm');
    case 'signature':
      return jwtError('PGRST301', 'No suitable key or wrong key type', 'None of the keys was able to decode the JWT');
    case 'decode':
      return jwtError('PGRST301', "JWT couldn't be decoded");
    case 'expired':
      return jwtError('PGRST303', 'JWT expired');
    case 'not-yet-valid':
      return jwtError('PGRST303', 'JWT not yet valid');
    case 'issued-in-future':
      return jwtError('PGRST303', 'JWT issued at future');
    case 'claim-type':
      return jwtError('PGRST303', `The JWT '${failure.claim}' claim must be a number`);
  }
}

/** Who a rate limit counts against: the user (sub claim), else the role (anon / service_role keys). */
function callerSubject(caller: Caller): string {
  return caller.subject;
}

function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    const score = levenshtein(name, candidate);
    if (score < bestScore) {
      bestScore = score;
      best = candidate;
    }
  }
  return best !== undefined && bestScore <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

export class Postgrest {
  private readonly rpcLimiter = new RpcRateLimiter();

  constructor(private readonly options: PostgrestOptions) {}

  /** CORS headers are already set on `res` by the server. */
  async handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    let reply: Reply;
    try {
      reply = await this.route(req, path, query);
    } catch (error) {
      reply = this.errorReply(error);
    }
    if (req.method === 'HEAD') {
      res.writeHead(reply.status, reply.headers);
      res.end();
      return;
    }
    send(res, reply.status, reply.headers, reply.body);
  }

  private errorReply(error: unknown): Reply {
    if (error instanceof BodyTooLargeError) error = restErrors.tooLarge(error.limit);
    if (error instanceof RestError) {
      return {
        status: error.status,
        headers: { ...JSON_HEADERS, ...error.headers },
        body: JSON.stringify(error.body()),
      };
    }
    throw error;
  }

  /** Kong's key check, then PostgREST's JWT check: the role and claims of this request. */
  private caller(req: IncomingMessage, query: URLSearchParams): Caller {
    const apikey = (req.headers.apikey as string | undefined) ?? query.get('apikey') ?? undefined;
    if (!apikey) throw restErrors.noApiKey();
    if (apikey !== this.options.anonKey && apikey !== this.options.serviceRoleKey) throw restErrors.invalidApiKey();
    const token = bearerToken(req) ?? apikey;
    const verified = this.options.verifier.verify(token);
    if (!verified.ok) throw jwtFailureError(verified.failure);
    const role = verified.claims.role === undefined ? 'anon' : verified.claims.role;
    if (typeof role !== 'string' || !API_ROLES.has(role)) {
      throw new RestError(401, '22023', `role "${String(role)}" does not exist`, null, null, {
        'www-authenticate': 'Bearer',
      });
    }
    const sub = verified.claims.sub;
    return { role, claimsJson: verified.claimsJson, subject: typeof sub === 'string' ? sub : role };
  }

  private async relation(name: string): Promise<RelationInfo> {
    let relation = this.options.schema().relations.get(name);
    if (!relation && (await this.options.reloadSchema())) relation = this.options.schema().relations.get(name);
    if (!relation) throw restErrors.tableNotFound(name, closest(name, this.options.schema().relations.keys()));
    return relation;
  }

  /**
   * Runs one statement as the caller: PostgREST's pre-request (role, claims, read-only for reads) and the
   * statement, atomically. `shape` turns the result into the reply and may refuse it (RestError); when the
   * refusal or `Prefer: tx=rollback` must undo the changes, the statement runs in an explicit transaction,
   * otherwise as a single pipeline (the fast path).
   */
  private async run(
    caller: Caller,
    readOnly: boolean,
    statement: { sql: string; params: unknown[] },
    shape: (result: QueryResult) => Reply,
    options: { mayRefuse?: boolean; rollback?: boolean; timeoutMs?: number } = {},
  ): Promise<Reply> {
    const queue = this.options.queue;
    if (!queue) return this.runNow(caller, readOnly, statement, shape, options);
    return queue.run(callerSubject(caller), () => this.runNow(caller, readOnly, statement, shape, options));
  }

  private async runNow(
    caller: Caller,
    readOnly: boolean,
    statement: { sql: string; params: unknown[] },
    shape: (result: QueryResult) => Reply,
    options: { mayRefuse?: boolean; rollback?: boolean; timeoutMs?: number },
  ): Promise<Reply> {
    const timeout = String(options.timeoutMs ?? REST_STATEMENT_TIMEOUT_MS);
    const pre = {
      sql: readOnly ? PRE_REQUEST_READ : PRE_REQUEST_WRITE,
      params: [caller.role, caller.claimsJson, timeout],
    };
    try {
      if (readOnly || (!options.mayRefuse && !options.rollback)) {
        const [, result] = await this.options.db.pipeline([pre, statement]);
        return shape(result ?? { rows: [], affectedRows: 0 });
      }
      return await this.options.db.transaction(async (tx) => {
        await tx.query(pre.sql, pre.params);
        const reply = shape(await tx.query(statement.sql, statement.params));
        if (options.rollback) throw new Rollback(reply);
        return reply;
      });
    } catch (error) {
      if (error instanceof Rollback) {
        if (error.reply instanceof RestError) throw error.reply;
        return error.reply;
      }
      if (isPgError(error)) throw fromPgError(error, caller.role !== 'anon');
      throw error;
    }
  }

  private async route(req: IncomingMessage, path: string, query: URLSearchParams): Promise<Reply> {
    const method = req.method ?? 'GET';
    const caller = this.caller(req, query);
    const profile = (req.headers['accept-profile'] ?? req.headers['content-profile']) as string | undefined;
    if (profile !== undefined && profile !== 'public') throw restErrors.unacceptableSchema();
    const media = parseAccept(req.headers.accept);
    const prefs = parsePrefer(req.headers.prefer);

    let segments: string[];
    try {
      segments = path
        .split('/')
        .filter(Boolean)
        .map((s) => decodeURIComponent(s));
    } catch {
      throw restErrors.tableNotFound(path.replace(/^\//, ''));
    }
    if (segments.length === 0) {
      return {
        status: 200,
        headers: JSON_HEADERS,
        body: JSON.stringify({
          swagger: '2.0',
          info: { title: 'Atelier local PostgREST', version: 'local' },
          paths: {},
        }),
      };
    }
    if (segments[0] === 'rpc' && segments.length === 2)
      return this.rpc(req, method, segments[1]!, query, caller, media, prefs);
    if (segments.length !== 1) throw restErrors.tableNotFound(segments.join('/'));
    const relation = await this.relation(segments[0]!);
    switch (method) {
      case 'GET':
      case 'HEAD':
        return this.read(req, relation, query, caller, media, prefs);
      case 'POST':
        return this.insert(req, relation, query, caller, media, prefs);
      case 'PATCH':
        return this.update(req, relation, query, caller, media, prefs);
      case 'DELETE':
        return this.remove(relation, query, caller, media, prefs);
      default:
        throw restErrors.unsupportedMethod(method);
    }
  }

  private async read(
    req: IncomingMessage,
    relation: RelationInfo,
    query: URLSearchParams,
    caller: Caller,
    media: MediaType,
    prefs: Preferences,
  ): Promise<Reply> {
    let limit = parseNonNegativeInt('limit', query.get('limit'));
    let offset = parseNonNegativeInt('offset', query.get('offset')) ?? 0;
    const range = /^(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
    if (range) {
      const lower = Number(range[1]);
      const upper = range[2] ? Number(range[2]) : undefined;
      if (upper !== undefined && upper < lower) {
        throw restErrors.rangeNotSatisfiable(
          'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
        );
      }
      offset = Math.max(offset, lower);
      if (upper !== undefined) limit = Math.min(limit ?? Infinity, upper - lower + 1);
    }
    const count = prefs.count !== undefined;
    const { sql, params } = readSql(relation, {
      select: parseSelect(query.get('select')),
      conditions: parseConditions(query),
      order: parseOrder(query.get('order')),
      limit,
      offset,
      count,
      single: media.single,
      stripNulls: media.stripNulls,
      csv: media.csv,
    });
    return this.run(caller, true, { sql, params }, (result) => {
      const row = result.rows[0] ?? {};
      const pageCount = Number(row.page_count ?? 0);
      const total = row.total_count === null || row.total_count === undefined ? undefined : Number(row.total_count);
      if (media.single && pageCount !== 1) throw restErrors.singular(pageCount);
      if (total !== undefined && offset > 0 && offset > total) {
        throw restErrors.rangeNotSatisfiable(`An offset of ${offset} was requested, but there are only ${total} rows.`);
      }
      const contentRange = pageCount > 0 ? `${offset}-${offset + pageCount - 1}/${total ?? '*'}` : `*/${total ?? '*'}`;
      const status = total !== undefined && pageCount < total && !media.single ? 206 : 200;
      return { status, headers: { ...bodyHeaders(media), 'content-range': contentRange }, body: String(row.body) };
    });
  }

  private async jsonBody(req: IncomingMessage, limit = this.options.bodyLimit): Promise<unknown> {
    const raw = await readBody(req, limit);
    const text = raw.toString('utf8');
    if (text.trim() === '') return {};
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw restErrors.tooDeep(MAX_JSON_DEPTH);
    try {
      return JSON.parse(text);
    } catch {
      throw restErrors.invalidBody('Empty or invalid json');
    }
  }

  private writePlan(query: URLSearchParams, media: MediaType, prefs: Preferences): WritePlan {
    return {
      returning: prefs.return === 'representation',
      select: parseSelect(query.get('select')),
      single: media.single,
      stripNulls: media.stripNulls,
      csv: media.csv,
    };
  }

  /** Runs a write and shapes the reply; a single-object request touching ≠ 1 row rolls back (PGRST116). */
  private async write(
    caller: Caller,
    statement: { sql: string; params: unknown[] },
    plan: WritePlan,
    media: MediaType,
    prefs: Preferences,
    successStatus: number,
  ): Promise<Reply> {
    return this.run(
      caller,
      false,
      statement,
      (result) => {
        const row = plan.returning ? (result.rows[0] ?? {}) : undefined;
        const affected = row ? Number(row.page_count ?? 0) : result.affectedRows;
        if (media.single && affected !== 1) throw restErrors.singular(affected);
        const headers: Record<string, string> = { 'content-range': `*/${prefs.count ? affected : '*'}` };
        return row
          ? {
              status: successStatus === 204 ? 200 : successStatus,
              headers: { ...bodyHeaders(media), ...headers },
              body: String(row.body),
            }
          : { status: successStatus, headers };
      },
      { mayRefuse: media.single, rollback: prefs.tx === 'rollback' },
    );
  }

  private async insert(
    req: IncomingMessage,
    relation: RelationInfo,
    query: URLSearchParams,
    caller: Caller,
    media: MediaType,
    prefs: Preferences,
  ): Promise<Reply> {
    const plan = this.writePlan(query, media, prefs);
    const body = await this.jsonBody(req);
    const rows = Array.isArray(body) ? body : [body];
    if (!rows.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r))) {
      throw restErrors.invalidBody('All object keys must match');
    }
    const objects = rows as Array<Record<string, unknown>>;
    let names = parseColumns(query.get('columns'));
    if (!names) {
      const first = Object.keys(objects[0] ?? {});
      const key = first.slice().sort().join('\u0000');
      if (objects.some((o) => Object.keys(o).sort().join('\u0000') !== key))
        throw restErrors.invalidBody('All object keys must match');
      names = first;
    }
    const columns = payloadColumns(relation, names);
    let conflict: { resolution: 'merge' | 'ignore'; target: string[] } | undefined;
    if (prefs.resolution) {
      const target = parseColumns(query.get('on_conflict')) ?? relation.primaryKey;
      conflict = {
        resolution: prefs.resolution === 'merge-duplicates' ? 'merge' : 'ignore',
        target: payloadColumns(relation, target),
      };
    }
    if (objects.length === 0) {
      return {
        status: 201,
        headers: { ...bodyHeaders(media), 'content-range': '*/0' },
        body: plan.returning ? (media.csv ? '\n' : '[]') : undefined,
      };
    }
    const statement = insertSql(relation, objects, columns, conflict, plan, prefs.missing === 'default');
    return this.write(caller, statement, plan, media, prefs, 201);
  }

  private async update(
    req: IncomingMessage,
    relation: RelationInfo,
    query: URLSearchParams,
    caller: Caller,
    media: MediaType,
    prefs: Preferences,
  ): Promise<Reply> {
    const plan = this.writePlan(query, media, prefs);
    const body = await this.jsonBody(req);
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw restErrors.invalidBody('Empty or invalid json');
    const patch = body as Record<string, unknown>;
    const columns = payloadColumns(relation, parseColumns(query.get('columns')) ?? Object.keys(patch));
    const conditions = parseConditions(query);
    const order = parseOrder(query.get('order'));
    const limit = parseNonNegativeInt('limit', query.get('limit'));
    if (conditions.length === 0) throw restErrors.unfiltered('UPDATE');
    if (columns.length === 0) {
      // Nothing to change: PostgREST answers as if no row matched.
      if (media.single) throw restErrors.singular(0);
      return plan.returning
        ? { status: 200, headers: { ...bodyHeaders(media), 'content-range': '*/*' }, body: media.csv ? '\n' : '[]' }
        : { status: 204, headers: { 'content-range': '*/*' } };
    }
    return this.write(
      caller,
      updateSql(relation, patch, columns, conditions, order, limit, plan),
      plan,
      media,
      prefs,
      204,
    );
  }

  private async remove(
    relation: RelationInfo,
    query: URLSearchParams,
    caller: Caller,
    media: MediaType,
    prefs: Preferences,
  ): Promise<Reply> {
    const plan = this.writePlan(query, media, prefs);
    const conditions = parseConditions(query);
    if (conditions.length === 0) throw restErrors.unfiltered('DELETE');
    const statement = deleteSql(
      relation,
      conditions,
      parseOrder(query.get('order')),
      parseNonNegativeInt('limit', query.get('limit')),
      plan,
    );
    return this.write(caller, statement, plan, media, prefs, 204);
  }

  private async rpc(
    req: IncomingMessage,
    method: string,
    name: string,
    query: URLSearchParams,
    caller: Caller,
    media: MediaType,
    prefs: Preferences,
  ): Promise<Reply> {
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') throw restErrors.unsupportedMethod(method);
    let candidates = this.options.schema().functions.get(name);
    if (!candidates && (await this.options.reloadSchema())) candidates = this.options.schema().functions.get(name);
    let args: Record<string, unknown>;
    let filterParams = query;
    const wait = this.rpcLimiter.take(name, callerSubject(caller));
    if (wait > 0) {
      req.resume();
      throw restErrors.rateLimited(name, wait);
    }
    if (method === 'POST') {
      const body = await this.jsonBody(req, Object.hasOwn(RPC_BODY_LIMITS, name) ? RPC_BODY_LIMITS[name] : undefined);
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw restErrors.invalidBody('Empty or invalid json');
      args = body as Record<string, unknown>;
    } else {
      // GET: parameters named like the function's arguments are arguments; the others filter the result.
      const argNames = new Set((candidates ?? []).flatMap((fn) => fn.params.map((p) => p.name)));
      args = {};
      filterParams = new URLSearchParams();
      for (const [key, value] of query) {
        if (argNames.has(key) && !RESERVED_PARAMS.has(key)) args[key] = value;
        else filterParams.append(key, value);
      }
    }
    const fn = chooseFunction(candidates, name, Object.keys(args));
    const conditions: Condition[] = parseConditions(filterParams);
    const statement = rpcSql(fn, args, {
      select: parseSelect(filterParams.get('select')),
      conditions,
      order: parseOrder(filterParams.get('order')),
      limit: parseNonNegativeInt('limit', filterParams.get('limit')),
      offset: parseNonNegativeInt('offset', filterParams.get('offset')),
      count: false,
      single: media.single,
      stripNulls: media.stripNulls,
      csv: media.csv,
    });
    if (media.csv && (statement.kind !== 'rows' || !fn.returnsComposite))
      throw restErrors.mediaType(String(req.headers.accept));
    const readOnly = method !== 'POST' || fn.volatility !== 'volatile';
    const mayRefuse = statement.kind === 'rows' && media.single && fn.returnsSet;
    return this.run(
      caller,
      readOnly,
      statement,
      (result) => {
        if (statement.kind === 'void') return { status: 204, headers: {} };
        const row = result.rows[0] ?? {};
        const pageCount = Number(row.page_count ?? 1);
        if (mayRefuse && pageCount !== 1) throw restErrors.singular(pageCount);
        const contentRange =
          statement.kind === 'rows' && fn.returnsSet ? (pageCount > 0 ? `0-${pageCount - 1}/*` : '*/*') : '0-0/*';
        return {
          status: 200,
          headers: { ...bodyHeaders(media), 'content-range': contentRange },
          body: String(row.body ?? 'null'),
        };
      },
      {
        mayRefuse,
        rollback: prefs.tx === 'rollback',
        timeoutMs: Object.hasOwn(RPC_STATEMENT_TIMEOUTS_MS, name) ? RPC_STATEMENT_TIMEOUTS_MS[name] : undefined,
      },
    );
  }
}
