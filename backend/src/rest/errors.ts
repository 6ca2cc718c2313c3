// PostgREST error replies ({code, message, details, hint}) and the HTTP status of each (PostgREST.Error).
import type { PgError } from '../db/database.ts';

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

export const restErrors = {
  /** PGRST100: the query string does not parse. */
  parse: (what: string, value: string, details: string) =>
    new RestError(400, 'PGRST100', `"failed to parse ${what} (${value})" (line 1, column 1)`, details),
  invalidBody: (message: string) => new RestError(400, 'PGRST102', message),
  /** pg-safeupdate, as on Supabase: a DELETE or UPDATE without any filter, for every role. */
  unfiltered: (command: 'DELETE' | 'UPDATE') => new RestError(400, '21000', `${command} requires a WHERE clause`),
  rangeNotSatisfiable: (details: string) => new RestError(416, 'PGRST103', 'Requested range not satisfiable', details),
  unacceptableSchema: () => new RestError(406, 'PGRST106', 'The schema must be one of the following: public'),
  mediaType: (accept: string) => new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`),
  notEmbedded: (resource: string) =>
    new RestError(
      400,
      'PGRST108',
      `'${resource}' is not an embedded resource in this request`,
      null,
      `Verify that '${resource}' is included in the 'select' query parameter.`,
    ),
  singular: (rows: number) =>
    new RestError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${rows} rows`,
    ),
  unsupportedMethod: (method: string) => new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  aggregates: () => new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed'),
  noRelationship: (parent: string, child: string) =>
    new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent}' and '${child}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent}' and '${child}' in the schema 'public', but no matches were found.`,
    ),
  functionNotFound: (name: string, args: string[]) =>
    new RestError(
      404,
      'PGRST202',
      `Could not find the function public.${name}${args.length ? `(${args.join(', ')})` : ' without parameters'} in the schema cache`,
      `Searched for the function public.${name}${args.length ? ` with parameter${args.length > 1 ? 's' : ''} ${args.join(', ')}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    ),
  columnNotFound: (relation: string, column: string) =>
    new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${relation}' in the schema cache`),
  tableNotFound: (name: string, suggestion?: string) =>
    new RestError(
      404,
      'PGRST205',
      `Could not find the table 'public.${name}' in the schema cache`,
      null,
      suggestion ? `Perhaps you meant the table 'public.${suggestion}'` : null,
    ),
  /** What PostgreSQL says about an unknown column in select/filter/order (PostgREST passes it through). */
  undefinedColumn: (relation: string, column: string) =>
    new RestError(400, '42703', `column ${relation}.${column} does not exist`),
  tooLarge: (limit: number) =>
    new RestError(413, 'PGRST413', 'Payload Too Large', `Request body exceeds the ${limit}-byte limit`, null),
  tooDeep: (limit: number) =>
    new RestError(400, 'PGRST102', 'Empty or invalid json', `JSON nested deeper than ${limit} levels`, null),
  rateLimited: (fn: string, retryAfter: number) =>
    new RestError(
      429,
      'PGRST429',
      'Too many requests',
      `rpc/${fn} is limited per user: retry in ${retryAfter} s`,
      null,
      { 'retry-after': String(retryAfter) },
    ),
  // Kong's key-auth in front of PostgREST on hosted Supabase.
  noApiKey: () => new KongError('No API key found in request', 'No `apikey` request header or url param was found.'),
  invalidApiKey: () => new KongError('Invalid API key', 'Double check your Supabase `anon` or `service_role` API key.'),
};

export class KongError extends RestError {
  constructor(message: string, hint: string) {
    super(401, '', message, null, hint);
  }

  override body(): Record<string, unknown> {
    return { message: this.message, hint: this.hint };
  }
}

/** PostgREST.Error JwtError: every variant is 401 with a WWW-Authenticate challenge. */
export function jwtError(code: 'PGRST301' | 'PGRST303', message: string, details: string | null = null): RestError {
  const challenge = `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`;
  return new RestError(401, code, message, details, null, { 'www-authenticate': challenge });
}

/** pgErrorStatus of PostgREST. `authenticated` = the request's role is not anon. */
export function statusOfPgError(code: string, message: string, authenticated: boolean): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '21000':
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case 'P0001':
      return 400;
    case '42883':
      return 404;
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return authenticated ? 403 : 401;
    case '53400':
      return 500;
    case '57P01':
      return 503;
  }
  const cls = code.slice(0, 2);
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 413,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[cls] ?? 400;
}

export function fromPgError(error: PgError, authenticated: boolean): RestError {
  const status = statusOfPgError(error.code, error.message, authenticated);
  const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer' } : {};
  return new RestError(status, error.code, error.message, error.detail ?? null, error.hint ?? null, headers);
}
