// Serves the production builds: the shell on 3000 (SPA fallback, runtime /config.json and /remotes.json)
// and each remote on its own port with CORS, as separate origins like a real deployment.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

import sirv from 'sirv';

import { repoRoot } from './bootstrap.mjs';

export const APP_PORTS = {
  shell: 3000,
  quotes: 3001,
  recognition: 3002,
  clients: 3003,
  account: 3004,
  admin: 3005,
};

/** The shell and the five remotes on consecutive ports from `base` (shell = base, quotes = base + 1, …). */
export function appPorts(base) {
  return Object.fromEntries(Object.keys(APP_PORTS).map((name, i) => [name, base + i]));
}

/** The origins of the apps served on `appPorts(base)`: a backend serving them must allow them (CORS, redirects). */
export function appOrigins(base) {
  return Object.values(appPorts(base)).map((port) => `http://localhost:${port}`);
}

const REMOTE_DIRS = {
  quotes: 'mf-quotes',
  recognition: 'mf-recognition',
  clients: 'mf-clients',
  account: 'mf-account',
  admin: 'mf-admin',
};

const originOf = (url) => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/**
 * Security headers of every response of the shell and the remotes (issue 9). No inline script (HtmlWebpackPlugin
 * only emits <script defer src>), styles may be inline (styled-components injects <style> tags), scripts and
 * manifests come from the apps' own origins, the API from the backend, addresses from the geocoder and the AI
 * provider only when it is called directly (AI_PUBLIC_ORIGIN; normally through the backend's `ai` function).
 */
export function securityHeaders({ runtimeConfig, appOrigins }) {
  const connect = [
    "'self'",
    ...appOrigins,
    originOf(runtimeConfig.supabaseUrl),
    originOf(runtimeConfig.geocoderUrl),
    originOf(process.env.AI_PUBLIC_ORIGIN),
    'data:',
    'blob:',
  ].filter(Boolean);
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${appOrigins.join(' ')} 'wasm-unsafe-eval'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' blob: data:",
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  };
}

/**
 * The runtime config (/config.json) of the apps served against a local backend: what the e2e server, the benches
 * and the security test serve.
 * @param {{ url: string, anonKey: string, stripeSandbox?: unknown }} backend
 * @param {{ adminEmail?: string }} [options]
 */
export function localRuntimeConfig(backend, { adminEmail = 'admin@atelier.local' } = {}) {
  return {
    // The Stripe sandbox is mounted (no STRIPE_SECRET_KEY): the apps say « Mode test ».
    billingMode: backend.stripeSandbox ? 'test' : 'live',
    supabaseUrl: backend.url,
    supabaseAnonKey: backend.anonKey,
    adminEmail,
    contactEmail: 'contact@atelier.fr',
    contactPhone: '01 84 60 00 00',
    geocoderUrl: 'https://data.geopf.fr/geocodage/search',
  };
}

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** A release folder name: the build's content hash (scripts/lib/releases.ts). */
const RELEASE_VERSION = /^[0-9a-f]{16}$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The remotes.json served to the shell: each remote's published release (releases/remotes.json, relative to the
 * remote's origin: "<version>/mf-manifest.json"; an absolute URL is kept), else its unversioned build at the root of
 * its origin. Read at each request: `pnpm release` / `pnpm rollback` take effect on the next page load.
 */
export function remotesFile({ releasesDir, remoteOrigin }) {
  let published = {};
  const file = releasesDir && path.join(releasesDir, 'remotes.json');
  if (file && existsSync(file)) {
    try {
      published = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      process.stderr.write(`[atelier] ${file} unreadable, serving the unversioned builds: ${error}\n`);
    }
  }
  return Object.fromEntries(
    Object.keys(REMOTE_DIRS).map((name) => {
      const entry = typeof published[name] === 'string' ? published[name] : 'mf-manifest.json';
      return [name, new URL(entry, `${remoteOrigin(name)}/`).href];
    }),
  );
}

/**
 * @param {{ runtimeConfig: object, host?: string, ports?: Partial<typeof APP_PORTS>, publicHost?: string,
 *   releasesDir?: string | null, onRequest?: (app: string, url: string, userAgent: string) => void }} options
 * `releasesDir` (relative to the repository or absolute): releases published there are served like a CDN would —
 * `/<version>/…` of a remote's origin from releases/<app>/<version>/ with immutable caching, /remotes.json never
 * cached. `onRequest` sees every request (tests count them).
 */
export async function serveApps({
  runtimeConfig,
  host = '127.0.0.1',
  ports = {},
  publicHost = 'localhost',
  releasesDir = null,
  onRequest,
}) {
  const p = { ...APP_PORTS, ...ports };
  const releases = releasesDir ? path.resolve(repoRoot, releasesDir) : null;
  const remoteOrigin = (name) => `http://${publicHost}:${p[name]}`;
  const remotes = remotesFile({ releasesDir: releases, remoteOrigin });
  const servers = [];
  const appOrigins = Object.keys(p).map((name) => `http://${publicHost}:${p[name]}`);
  const headers = securityHeaders({ runtimeConfig, appOrigins });
  // A policy is enforced only where a document or a worker runs: a <script>, stylesheet, font or image fetch
  // (Sec-Fetch-Dest) gets nosniff and the referrer policy without the 700-byte CSP, which would otherwise ride on
  // each of a page's twenty chunks (issue 14: every header byte counts in the cold-load budget). Navigations,
  // workers, fetch() (the service worker's precache of the HTML) and requests without the header keep it all.
  const subresourceHeaders = {
    'X-Content-Type-Options': headers['X-Content-Type-Options'],
    'Referrer-Policy': headers['Referrer-Policy'],
  };
  const SUBRESOURCE_DESTINATIONS = new Set(['script', 'style', 'font', 'image']);
  const secure = (req, res) => {
    const subresource = SUBRESOURCE_DESTINATIONS.has(String(req.headers['sec-fetch-dest'] ?? ''));
    for (const [name, value] of Object.entries(subresource ? subresourceHeaders : headers)) res.setHeader(name, value);
  };

  // A missing build answers 404 (the security headers are still sent).
  const staticDir = (dir, options) =>
    existsSync(dir)
      ? sirv(dir, options)
      : (req, res) => {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('Not built');
        };
  // Clean URLs: / is index.html (the devis page's first screen), /auth auth.html; any other route falls back to
  // app.html, the generic first screen (issue 14).
  const shellStatic = staticDir(path.join(repoRoot, 'shell/dist'), {
    single: 'app.html',
    gzip: true,
    etag: true,
    dev: false,
  });
  const json = (res, body) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  servers.push(
    await listen(
      createServer((req, res) => {
        secure(req, res);
        onRequest?.('shell', req.url || '/', req.headers['user-agent'] || '');
        const url = (req.url || '/').split('?')[0];
        if (url === '/config.json') return json(res, runtimeConfig);
        if (url === '/remotes.json') {
          // Revalidated at each load (a release switches it); Workbox keeps the last copy for offline starts.
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' });
          return res.end(JSON.stringify(remotesFile({ releasesDir: releases, remoteOrigin })));
        }
        shellStatic(req, res);
      }),
      p.shell,
      host,
    ),
  );

  for (const [name, dir] of Object.entries(REMOTE_DIRS)) {
    const serve = staticDir(path.join(repoRoot, dir, 'dist'), { gzip: true, etag: true, dev: false });
    /** One handler per published version: the folder never changes (content-addressed), so it is cached for good. */
    const versions = new Map();
    const release = (version) => {
      const folder = releases && RELEASE_VERSION.test(version) ? path.join(releases, dir, version) : null;
      if (!folder || !existsSync(folder)) return null;
      if (!versions.has(version))
        versions.set(version, sirv(folder, { gzip: true, etag: true, immutable: true, maxAge: 31536000, dev: false }));
      return versions.get(version);
    };
    servers.push(
      await listen(
        createServer((req, res) => {
          secure(req, res);
          onRequest?.(name, req.url || '/', req.headers['user-agent'] || '');
          res.setHeader('Access-Control-Allow-Origin', '*');
          res.setHeader('Access-Control-Allow-Headers', '*');
          if (req.method === 'OPTIONS') {
            res.writeHead(204);
            return res.end();
          }
          const [, first, rest] = /^\/([^/?]+)(\/.*)?$/.exec(req.url || '/') ?? [];
          const versioned = first && rest ? release(first) : null;
          if (versioned) {
            req.url = rest;
            res.setHeader('Cache-Control', IMMUTABLE);
            return versioned(req, res, () => {
              res.writeHead(404, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
              res.end('Not found');
            });
          }
          serve(req, res, () => {
            res.writeHead(404, { 'content-type': 'text/plain' });
            res.end('Not found');
          });
        }),
        p[name],
        host,
      ),
    );
  }

  return {
    url: `http://${publicHost}:${p.shell}`,
    origins: appOrigins,
    remotes,
    close: () => Promise.all(servers.map((s) => new Promise((r) => s.close(() => r())))),
  };
}
