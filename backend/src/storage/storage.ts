// The subset of Supabase Storage (`/storage/v1`) that supabase-js `storage.from(bucket)` uses for the archived
// PDFs: upload (POST/PUT /object/{bucket}/{path}, raw body or multipart form, x-upsert), download
// (GET /object/{bucket}/{path} and /object/authenticated/…), remove (DELETE /object/{bucket} {prefixes}), list
// (POST /object/list/{bucket} {prefix, limit, offset, sortBy, search}) and object info.
//
// As in /rest/v1, each request is one transaction that first takes the caller's role and JWT claims, so the RLS
// policies on storage.objects (owner folder, migration 0011) are the only authorisation, and the quota trigger on
// storage.objects refuses a write past the plan's storage limit. The bytes live in storage.object_contents next
// to their row (deleted with it, by cascade from the account too: no orphaned file).
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Database, Queryable } from '../db/database.ts';
import { isPgError } from '../db/database.ts';
import { BodyTooLargeError, bearerToken, readBody, send, sendJson } from '../http.ts';
import type { JwtVerifier } from '../jwt.ts';

/** Supabase's default global file size limit. */
export const DEFAULT_STORAGE_FILE_LIMIT_BYTES = 50 * 1024 * 1024;

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const PRE_REQUEST = "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)";

export interface StorageOptions {
  db: Database;
  verifier: JwtVerifier;
  anonKey: string;
  serviceRoleKey: string;
  fileLimitBytes?: number;
}

class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

interface Caller {
  role: string;
  claimsJson: string;
  userId: string | null;
}

export class StorageApi {
  constructor(private readonly options: StorageOptions) {}

  /** `sub` is the path after /storage/v1. */
  async handle(req: IncomingMessage, res: ServerResponse, sub: string, query: URLSearchParams): Promise<void> {
    try {
      const caller = this.caller(req, query);
      const method = req.method ?? 'GET';
      const parts = sub.split('/').filter(Boolean).map(decodeURIComponent);
      if (parts[0] === 'bucket') return await this.buckets(res, caller, parts.slice(1));
      if (parts[0] !== 'object') throw new StorageError(404, 'not_found', 'Route not found');
      const rest = parts.slice(1);
      if (rest[0] === 'list' && method === 'POST') return await this.list(req, res, caller, rest[1] ?? '');
      if (rest[0] === 'info') return await this.info(res, caller, rest[1] ?? '', rest.slice(2).join('/'));
      if (rest[0] === 'authenticated' && method === 'GET')
        return await this.download(res, caller, rest[1] ?? '', rest.slice(2).join('/'));
      const [bucket = '', ...name] = rest;
      const objectName = name.join('/');
      if (method === 'DELETE' && !objectName) return await this.remove(req, res, caller, bucket);
      if (method === 'DELETE') return await this.removeOne(res, caller, bucket, objectName);
      if (method === 'GET') return await this.download(res, caller, bucket, objectName);
      if (method === 'POST' || method === 'PUT') {
        const upsert = method === 'PUT' || String(req.headers['x-upsert']) === 'true';
        return await this.upload(req, res, caller, bucket, objectName, upsert, method === 'PUT');
      }
      throw new StorageError(405, 'method_not_allowed', 'Method not allowed');
    } catch (error) {
      this.fail(res, error);
    }
  }

  private fail(res: ServerResponse, error: unknown): void {
    if (error instanceof StorageError) {
      sendJson(res, error.status, { statusCode: String(error.status), error: error.error, message: error.message });
      return;
    }
    if (error instanceof BodyTooLargeError) {
      sendJson(
        res,
        413,
        { statusCode: '413', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' },
        { connection: 'close' },
      );
      return;
    }
    if (isPgError(error)) {
      if (error.code === '53100') {
        sendJson(res, 413, { statusCode: '413', error: 'quota_exceeded', message: error.message });
      } else if (error.code === '42501') {
        sendJson(res, 403, {
          statusCode: '403',
          error: 'Unauthorized',
          message: 'new row violates row-level security policy',
        });
      } else if (error.code === '23505') {
        sendJson(res, 409, { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' });
      } else {
        sendJson(res, 400, { statusCode: '400', error: 'invalid_request', message: error.message });
      }
      return;
    }
    throw error;
  }

  private caller(req: IncomingMessage, query: URLSearchParams): Caller {
    const apikey = (req.headers.apikey as string | undefined) ?? query.get('apikey') ?? undefined;
    if (apikey !== this.options.anonKey && apikey !== this.options.serviceRoleKey) {
      throw new StorageError(401, 'Unauthorized', apikey ? 'Invalid API key' : 'No API key found in request');
    }
    const token = bearerToken(req) ?? apikey;
    const verified = this.options.verifier.verify(token);
    if (!verified.ok) throw new StorageError(400, 'InvalidJWT', 'invalid signature');
    const role = verified.claims.role === undefined ? 'anon' : verified.claims.role;
    if (typeof role !== 'string' || !API_ROLES.has(role)) throw new StorageError(403, 'Unauthorized', 'Invalid role');
    const sub = typeof verified.claims.sub === 'string' ? verified.claims.sub : null;
    return { role, claimsJson: verified.claimsJson, userId: role === 'authenticated' ? sub : null };
  }

  private as<T>(caller: Caller, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.options.db.transaction(async (tx) => {
      await tx.query(PRE_REQUEST, [caller.role, caller.claimsJson]);
      return fn(tx);
    });
  }

  private async buckets(res: ServerResponse, caller: Caller, rest: string[]): Promise<void> {
    const rows = await this.as(caller, async (tx) =>
      rest[0]
        ? (
            await tx.query('select id, name, public, created_at, updated_at from storage.buckets where id = $1', [
              rest[0],
            ])
          ).rows
        : (await tx.query('select id, name, public, created_at, updated_at from storage.buckets order by id')).rows,
    );
    if (rest[0] && !rows.length) throw new StorageError(404, 'not_found', 'Bucket not found');
    sendJson(res, 200, rest[0] ? rows[0] : rows);
  }

  private async upload(
    req: IncomingMessage,
    res: ServerResponse,
    caller: Caller,
    bucket: string,
    name: string,
    upsert: boolean,
    updateOnly: boolean,
  ): Promise<void> {
    checkName(name);
    const limit = this.options.fileLimitBytes ?? DEFAULT_STORAGE_FILE_LIMIT_BYTES;
    const raw = await readBody(req, limit + 64 * 1024);
    const contentType = String(req.headers['content-type'] ?? 'application/octet-stream');
    let data: Buffer = raw;
    let mimetype = contentType;
    let cacheControl = String(req.headers['cache-control'] ?? 'max-age=3600');
    if (contentType.startsWith('multipart/form-data')) {
      const form = await new Request('http://storage.local/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Uint8Array(raw),
      }).formData();
      let file: File | undefined;
      for (const value of form.values()) if (typeof value !== 'string') file = value;
      if (!file) throw new StorageError(400, 'invalid_request', 'No file in the form');
      data = Buffer.from(await file.arrayBuffer());
      mimetype = file.type || 'application/octet-stream';
      const cc = form.get('cacheControl');
      if (typeof cc === 'string') cacheControl = `max-age=${cc}`;
    }
    if (data.length > limit) throw new BodyTooLargeError(limit);
    const metadata = {
      size: data.length,
      mimetype,
      cacheControl,
      eTag: `"${createHash('md5').update(data).digest('hex')}"`,
      lastModified: new Date().toISOString(),
      contentLength: data.length,
      httpStatusCode: 200,
    };
    const row = await this.as(caller, async (tx) => {
      await this.requireBucket(tx, bucket);
      let id: string | undefined;
      if (upsert || updateOnly) {
        const updated = await tx.query(
          `update storage.objects set metadata = $3::jsonb, updated_at = now(), owner = coalesce(auth.uid(), owner)
           where bucket_id = $1 and name = $2 returning id`,
          [bucket, name, JSON.stringify(metadata)],
        );
        id = updated.rows[0]?.id as string | undefined;
        if (id) {
          await tx.query(
            `insert into storage.object_contents (object_id, data) values ($1, decode($2, 'base64'))
             on conflict (object_id) do update set data = excluded.data`,
            [id, data.toString('base64')],
          );
        } else if (updateOnly) {
          throw new StorageError(404, 'not_found', 'Object not found');
        }
      }
      if (!id) {
        const exists = await tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
          bucket,
          name,
        ]);
        if (exists.rows.length) throw new StorageError(409, 'Duplicate', 'The resource already exists');
        const inserted = await tx.query(
          `insert into storage.objects (bucket_id, name, owner, metadata) values ($1, $2, auth.uid(), $3::jsonb)
           returning id`,
          [bucket, name, JSON.stringify(metadata)],
        );
        id = inserted.rows[0]!.id as string;
        await tx.query(`insert into storage.object_contents (object_id, data) values ($1, decode($2, 'base64'))`, [
          id,
          data.toString('base64'),
        ]);
      }
      return { id };
    });
    sendJson(res, 200, { Id: row.id, Key: `${bucket}/${name}` });
  }

  private async requireBucket(tx: Queryable, bucket: string): Promise<void> {
    const found = await tx.query('select 1 from storage.buckets where id = $1', [bucket]);
    if (!found.rows.length) throw new StorageError(404, 'Bucket not found', 'Bucket not found');
  }

  private async download(res: ServerResponse, caller: Caller, bucket: string, name: string): Promise<void> {
    const row = await this.as(caller, async (tx) => {
      const found = await tx.query(
        `select o.metadata, encode(c.data, 'base64') as data from storage.objects o
         join storage.object_contents c on c.object_id = o.id where o.bucket_id = $1 and o.name = $2`,
        [bucket, name],
      );
      return found.rows[0];
    });
    if (!row) throw new StorageError(400, 'not_found', 'Object not found');
    const metadata = (typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata) as {
      mimetype?: string;
      cacheControl?: string;
      eTag?: string;
    };
    send(
      res,
      200,
      {
        'content-type': metadata.mimetype ?? 'application/octet-stream',
        'cache-control': metadata.cacheControl ?? 'no-cache',
        ...(metadata.eTag ? { etag: metadata.eTag } : {}),
      },
      Buffer.from(String(row.data), 'base64'),
    );
  }

  private async info(res: ServerResponse, caller: Caller, bucket: string, name: string): Promise<void> {
    const row = await this.as(caller, async (tx) => {
      const found = await tx.query(
        `select id, name, bucket_id, created_at, updated_at, metadata from storage.objects
         where bucket_id = $1 and name = $2`,
        [bucket, name],
      );
      return found.rows[0];
    });
    if (!row) throw new StorageError(404, 'not_found', 'Object not found');
    const metadata = (typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata) as {
      size?: number;
      mimetype?: string;
    };
    sendJson(res, 200, {
      ...row,
      size: metadata.size,
      content_type: metadata.mimetype,
      cache_control: null,
      version: null,
      etag: null,
      last_modified: row.updated_at,
    });
  }

  private async remove(req: IncomingMessage, res: ServerResponse, caller: Caller, bucket: string): Promise<void> {
    const body = parseJson(await readBody(req, 1024 * 1024)) as { prefixes?: unknown };
    const prefixes = Array.isArray(body?.prefixes) ? body.prefixes.filter((p) => typeof p === 'string') : [];
    if (!prefixes.length) throw new StorageError(400, 'invalid_request', 'prefixes is required');
    const rows = await this.as(caller, async (tx) => {
      const deleted = await tx.query(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
         returning id, name, bucket_id, owner, created_at, updated_at, last_accessed_at, metadata`,
        [bucket, prefixes],
      );
      return deleted.rows;
    });
    sendJson(res, 200, rows.map(normaliseRow));
  }

  private async removeOne(res: ServerResponse, caller: Caller, bucket: string, name: string): Promise<void> {
    const rows = await this.as(caller, async (tx) => {
      const deleted = await tx.query(`delete from storage.objects where bucket_id = $1 and name = $2 returning id`, [
        bucket,
        name,
      ]);
      return deleted.rows;
    });
    if (!rows.length) throw new StorageError(404, 'not_found', 'Object not found');
    sendJson(res, 200, { message: 'Successfully deleted' });
  }

  private async list(req: IncomingMessage, res: ServerResponse, caller: Caller, bucket: string): Promise<void> {
    const body = (parseJson(await readBody(req, 64 * 1024)) ?? {}) as {
      prefix?: string;
      limit?: number;
      offset?: number;
      search?: string;
      sortBy?: { column?: string; order?: string };
    };
    let prefix = typeof body.prefix === 'string' ? body.prefix : '';
    if (prefix && !prefix.endsWith('/')) prefix += '/';
    const limit = Math.min(Math.max(Number(body.limit) || 100, 1), 1000);
    const offset = Math.max(Number(body.offset) || 0, 0);
    const search = typeof body.search === 'string' ? body.search : '';
    const column = ['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(body.sortBy?.column ?? '')
      ? body.sortBy!.column!
      : 'name';
    const order = body.sortBy?.order === 'desc' ? 'desc' : 'asc';
    const rows = await this.as(caller, async (tx) => {
      const found = await tx.query(
        `select id, name, created_at, updated_at, last_accessed_at, metadata from storage.objects
         where bucket_id = $1 and left(name, char_length($2)) = $2`,
        [bucket, prefix],
      );
      return found.rows;
    });
    // Objects directly under the prefix, and one entry (id null) per sub-folder, as Supabase lists them.
    const entries = new Map<string, Record<string, unknown>>();
    for (const row of rows) {
      const rest = String(row.name).slice(prefix.length);
      const slash = rest.indexOf('/');
      const entryName = slash >= 0 ? rest.slice(0, slash) : rest;
      if (search && !entryName.toLowerCase().startsWith(search.toLowerCase())) continue;
      if (slash >= 0) {
        if (!entries.has(`/${entryName}`))
          entries.set(`/${entryName}`, {
            name: entryName,
            id: null,
            updated_at: null,
            created_at: null,
            last_accessed_at: null,
            metadata: null,
          });
      } else {
        entries.set(entryName, { ...normaliseRow(row), name: entryName });
      }
    }
    const sorted = [...entries.values()].sort((a, b) => {
      const folderFirst = Number(a.id !== null) - Number(b.id !== null);
      if (folderFirst) return folderFirst;
      const av = String(a[column] ?? '');
      const bv = String(b[column] ?? '');
      return (av < bv ? -1 : av > bv ? 1 : 0) * (order === 'desc' ? -1 : 1);
    });
    sendJson(res, 200, sorted.slice(offset, offset + limit));
  }
}

function normaliseRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  if (typeof out.metadata === 'string') out.metadata = JSON.parse(out.metadata);
  for (const key of ['created_at', 'updated_at', 'last_accessed_at']) {
    if (out[key] instanceof Date) out[key] = (out[key] as Date).toISOString();
  }
  return out;
}

function checkName(name: string): void {
  if (!name || name.length > 1024 || name.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new StorageError(400, 'InvalidKey', `Invalid key: ${name}`);
  }
}

function parseJson(buffer: Buffer): unknown {
  if (!buffer.length) return undefined;
  try {
    return JSON.parse(buffer.toString('utf8'));
  } catch {
    throw new StorageError(400, 'invalid_request', 'Invalid JSON body');
  }
}
