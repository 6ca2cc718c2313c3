// /functions/v1/<name>: each function of supabase/functions runs in its own long-lived Deno process, started on
// the first request, listening on a loopback port; the backend proxies requests to it (streaming both ways).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { repoRoot } from '../config.ts';
import { sendJson } from '../http.ts';
import type { JwtVerifier } from '../jwt.ts';
import { gatewayJwtCheck, readVerifyJwt } from './verify-jwt.ts';

const LISTENING = '__ATELIER_FUNCTION_LISTENING__';
const BOOT_TIMEOUT_MS = 60_000;

export interface FunctionRuntimeOptions {
  functionsDir: string;
  /** DENO_DIR: Deno's cache (npm packages of `npm:` imports). */
  denoDir: string;
  env: Record<string, string>;
  bodyLimit: number;
  log: (line: string) => void;
  /** Rewrites a function's response headers (the backend applies its CORS allow-list there). */
  responseHeaders?: (req: IncomingMessage, headers: IncomingHttpHeaders) => IncomingHttpHeaders;
  /** Checks the JWT of calls to functions whose config.toml `verify_jwt` is not false (hosted gateway's rule). */
  verifier?: JwtVerifier;
  /** supabase/config.toml; default: beside functionsDir. */
  configPath?: string;
}

interface Worker {
  process: ChildProcess;
  port: Promise<number>;
}

/** The Deno binary shipped by the `deno` npm package (or DENO_BIN). */
export function denoBinary(): string {
  if (process.env.DENO_BIN) return process.env.DENO_BIN;
  const require = createRequire(path.join(repoRoot(), 'backend', 'package.json'));
  const packageDir = path.dirname(require.resolve('deno/bin.cjs'));
  const binary = path.join(packageDir, process.platform === 'win32' ? 'deno.exe' : 'deno');
  if (!existsSync(binary)) throw new Error(`Deno binary not found at ${binary} (is the deno package installed?)`);
  return binary;
}

export class FunctionRuntime {
  private readonly workers = new Map<string, Worker>();
  private closed = false;
  private readonly verifyJwt: Map<string, boolean>;

  constructor(private readonly options: FunctionRuntimeOptions) {
    this.verifyJwt = readVerifyJwt(options.configPath ?? path.join(options.functionsDir, '..', 'config.toml'));
  }

  async handle(req: IncomingMessage, res: ServerResponse, name: string, rest: string, search: string): Promise<void> {
    const entry = path.join(this.options.functionsDir, name, 'index.ts');
    if (!/^[A-Za-z0-9_-]+$/.test(name) || !existsSync(entry)) {
      return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
    if (this.options.verifier) {
      const refusal = gatewayJwtCheck(req, this.verifyJwt.get(name) ?? true, this.options.verifier);
      if (refusal) {
        req.resume();
        return sendJson(res, refusal.status, refusal.body, this.options.responseHeaders?.(req, {}));
      }
    }
    const announced = Number(req.headers['content-length'] ?? 0);
    if (announced > this.options.bodyLimit) {
      req.resume();
      return sendJson(
        res,
        413,
        { code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' },
        { connection: 'close' },
      );
    }
    let port: number;
    try {
      port = await this.worker(name, entry).port;
    } catch (error) {
      this.options.log(`[functions/${name}] boot failed: ${error instanceof Error ? error.message : String(error)}`);
      return sendJson(res, 503, { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' });
    }
    await this.proxy(req, res, port, `/${name}${rest}${search}`);
  }

  private proxy(req: IncomingMessage, res: ServerResponse, port: number, target: string): Promise<void> {
    return new Promise((resolve) => {
      // The caller's address, as the hosted gateway passes it (a client-sent X-Forwarded-For is not trusted here:
      // the public signing page records the IP as evidence).
      const headers = { ...req.headers, host: `127.0.0.1:${port}`, 'x-forwarded-for': req.socket.remoteAddress ?? '' };
      delete headers.connection;
      const upstream = httpRequest({ host: '127.0.0.1', port, method: req.method, path: target, headers }, (reply) => {
        const replyHeaders = this.options.responseHeaders?.(req, reply.headers) ?? reply.headers;
        res.writeHead(reply.statusCode ?? 502, replyHeaders);
        reply.pipe(res);
        reply.on('end', resolve);
        reply.on('error', () => {
          res.destroy();
          resolve();
        });
      });
      upstream.on('error', (error) => {
        this.options.log(`[functions] proxy error: ${error.message}`);
        if (!res.headersSent) sendJson(res, 502, { code: 'FUNCTION_ERROR', message: 'Function did not answer' });
        else res.destroy();
        resolve();
      });
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > this.options.bodyLimit) {
          upstream.destroy();
          if (!res.headersSent)
            sendJson(
              res,
              413,
              { code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' },
              { connection: 'close' },
            );
          req.unpipe(upstream);
          resolve();
        }
      });
      req.pipe(upstream);
    });
  }

  private worker(name: string, entry: string): Worker {
    const existing = this.workers.get(name);
    if (existing && existing.process.exitCode === null && !existing.process.killed) return existing;
    if (this.closed) throw new Error('function runtime closed');
    mkdirSync(this.options.denoDir, { recursive: true });
    const bootstrap = path.join(repoRoot(), 'backend', 'deno', 'bootstrap.ts');
    const child = spawn(
      denoBinary(),
      [
        'run',
        '--no-config',
        '--no-prompt',
        '--deny-import', // no remote http/jsr modules at run time; `npm:` packages come from the npm registry
        '--allow-net',
        '--allow-env',
        '--allow-read',
        '--allow-sys',
        bootstrap,
        pathToFileURL(entry).href,
      ],
      {
        cwd: path.dirname(entry),
        env: {
          ...this.options.env,
          DENO_DIR: this.options.denoDir,
          DENO_NO_UPDATE_CHECK: '1',
          DENO_NO_PACKAGE_JSON: '1',
          NO_COLOR: '1',
          DENO_TLS_CA_STORE: 'system,mozilla',
        },
        // stdin stays an open pipe for the backend's whole life: the worker exits at its end of file, i.e. when
        // the backend dies, kill -9 included (the kernel closes the pipe), so no orphan keeps running or listening.
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    const port = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for Deno.serve')), BOOT_TIMEOUT_MS);
      let pending = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        pending += chunk.toString('utf8');
        let newline: number;
        while ((newline = pending.indexOf('\n')) >= 0) {
          const line = pending.slice(0, newline);
          pending = pending.slice(newline + 1);
          if (line.startsWith(LISTENING)) {
            clearTimeout(timer);
            resolve(Number(line.slice(LISTENING.length).trim()));
          } else if (line.trim()) {
            this.options.log(`[functions/${name}] ${line}`);
          }
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString('utf8').split('\n'))
          if (line.trim()) this.options.log(`[functions/${name}] ${line}`);
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        if (this.workers.get(name)?.process === child) this.workers.delete(name);
        reject(new Error(`Deno exited (${signal ?? code}) before listening`));
      });
      child.on('error', (error) => {
        clearTimeout(timer);
        if (this.workers.get(name)?.process === child) this.workers.delete(name);
        reject(error);
      });
    });
    port.catch(() => undefined); // observed by the request that started the worker
    const worker = { process: child, port };
    this.workers.set(name, worker);
    return worker;
  }

  async close(): Promise<void> {
    this.closed = true;
    const exits = [...this.workers.values()].map(
      ({ process: child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
          }, 2000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    );
    this.workers.clear();
    await Promise.all(exits);
  }
}
