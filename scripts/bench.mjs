#!/usr/bin/env node
// `npm run bench`: measurements against the budgets of the issues (not tests). Prints a readable report and
// writes .atelier/reports/bench.json. Steps: bundle sizes, start-to-ready, cold-load JS per route and app,
// then the component benchmarks found under scripts/bench/ and backend/bench/.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import {
  CHROMIUM_PATH,
  ensureChromium,
  ensureInstalled,
  ensurePnpm,
  log,
  nodeBin,
  repoRoot,
} from './lib/bootstrap.mjs';
import { seedCatalogue, waitForLocalCatalogue } from './lib/bench-catalogue.mjs';
import { APP_DIRS, buildApps } from './lib/build-apps.mjs';
import { CHROMIUM_ARGS } from './lib/chromium.cjs';
import { lighthouseRoutes } from './lib/lighthouse.mjs';

const report = {};
// --smoke: every component bench once at tiny sizes, no budgets (npm test runs this so that no bench rots);
// exits 1 when one does not run to the end. Results in .atelier/reports/bench-smoke.json.
const smoke = process.argv.includes('--smoke');
if (smoke) process.env.ATELIER_BENCH_SMOKE = '1';
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const wants = (name) => only.length === 0 || only.includes(name);

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function bundleSizes() {
  const sizes = {};
  for (const app of APP_DIRS) {
    const dist = path.join(repoRoot, app, 'dist');
    if (!existsSync(dist)) continue;
    let raw = 0;
    let gz = 0;
    for (const file of readdirSync(dist)) {
      if (!file.endsWith('.js')) continue;
      const bytes = readFileSync(path.join(dist, file));
      raw += bytes.length;
      gz += gzipSync(bytes).length;
    }
    sizes[app] = { js: raw, jsGzip: gz };
    log(`bundle ${app.padEnd(15)} ${kb(raw).padStart(10)} JS, ${kb(gz).padStart(9)} gzip (all chunks)`);
  }
  return sizes;
}

/** Starts `npm start` as a newcomer would (builds cached) and measures the time until it prints its URL. */
function startProduct(dataDir) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: repoRoot,
      // The apps were built by this run a moment ago: the start does not rebuild one edited meanwhile.
      env: { ...process.env, ATELIER_DATA_DIR: dataDir, ATELIER_START_NO_BUILD: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`not ready after 120 s:\n${out}`)), 120_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /ATELIER_READY (\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], readyMs: Date.now() - started });
      }
    });
    child.on('exit', (code) => reject(new Error(`start exited with ${code}:\n${out}`)));
  });
}

const APP_BY_PORT = {
  3000: 'shell',
  3001: 'mf-quotes',
  3002: 'mf-recognition',
  3003: 'mf-clients',
  3004: 'mf-account',
  3005: 'mf-admin',
};

/**
 * Cold loads of every route for a fresh artisan, with a catalogue of 30 tasks unless `catalogue` is false (the
 * home page then shows its « Aucune tâche » banner).
 */
async function coldLoads(url, { catalogue = true } = {}) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const config = await (await fetch(`${url}/config.json`)).json();
  const email = `bench.${Date.now()}@example.fr`;
  const password = 'Chantier-2026!';
  const signup = await fetch(`${config.supabaseUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: config.supabaseAnonKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      data: { first_name: 'Banc', last_name: "D'essai", company_name: 'Bench SARL', phone: '0612345678' },
    }),
  });
  if (!signup.ok) throw new Error(`bench sign-up failed: ${signup.status}`);
  const tasks = catalogue ? await seedCatalogue(config, { email, password }) : 0;

  // Sign in once to obtain a stored session, then measure each route in a brand-new context (empty HTTP cache).
  const login = await browser.newContext();
  const loginPage = await login.newPage();
  await loginPage.goto(`${url}/auth`);
  await loginPage.getByLabel('Email').fill(email);
  await loginPage.getByLabel('Mot de passe', { exact: true }).fill(password);
  await loginPage.getByRole('button', { name: 'Se connecter' }).click();
  await loginPage.waitForURL(`${url}/`);
  if (tasks) await waitForLocalCatalogue(loginPage);
  const storageState = await login.storageState();
  await login.close();

  const results = {};
  // Every route; budgets of issue 14: /auth ≤ 150 KB, / ≤ 300 KB (gzip, before photo/voice panels or a PDF).
  const budgets = { '/auth': 150 * 1024, '/': 300 * 1024 };
  for (const [route, signedIn] of [
    ['/auth', false],
    ['/legal', false],
    ['/', true],
    ['/tasks', true],
    ['/customize', true],
    ['/company', true],
    ['/clients', true],
    ['/account', true],
  ]) {
    const context = await browser.newContext(signedIn ? { storageState } : {});
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const requests = new Map();
    const perApp = {};
    let total = 0;
    cdp.on('Network.responseReceived', (e) => requests.set(e.requestId, e.response));
    cdp.on('Network.loadingFinished', (e) => {
      const response = requests.get(e.requestId);
      if (!response) return;
      const isJs = /javascript/.test(response.mimeType) || /\.js(\?|$)/.test(response.url);
      if (!isJs) return;
      const offset = Number(new URL(response.url).port) - Number(new URL(url).port);
      const app = APP_BY_PORT[3000 + offset] ?? 'other';
      perApp[app] = (perApp[app] ?? 0) + e.encodedDataLength;
      total += e.encodedDataLength;
    });
    const t0 = Date.now();
    await page.goto(`${url}${route}`, { waitUntil: 'networkidle' });
    const loadMs = Date.now() - t0;
    results[route] = { jsTransferred: total, perApp, loadMs, budget: budgets[route] ?? null };
    const verdict = budgets[route] ? ` [budget ${kb(budgets[route])}: ${total <= budgets[route] ? 'ok' : 'OVER'}]` : '';
    log(
      `cold ${route.padEnd(10)} ${kb(total).padStart(9)} JS transferred${verdict} (${Object.entries(perApp)
        .map(([a, b]) => `${a} ${kb(b)}`)
        .join(', ')}), networkidle ${loadMs} ms`,
    );
    await context.close();
  }
  await browser.close();
  return { results, credentials: { email, password, tasks } };
}

/**
 * Smoke runs: what a bench needs to stay tiny when it has no ATELIER_BENCH_SMOKE mode of its own, or why it is
 * left out (its pipeline already runs in `npm test`).
 */
const SMOKE_ENV = {
  ocr: { OCR_BENCH: 'chromium', OCR_BENCH_RUNS: '1' },
};
const SMOKE_SKIP = {
  'recognition-photos': 'its OCR + analyser pipeline runs in npm test (round-2-photos.node.test.ts)',
};

function runScript(file, name) {
  log(`── ${path.relative(repoRoot, file)}`);
  const started = Date.now();
  const res = spawnSync(nodeBin('tsx'), [file], {
    env: { ...process.env, ...(smoke ? SMOKE_ENV[name] : {}) },
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: (smoke ? 5 : 15) * 60_000,
  });
  process.stdout.write(res.stdout ?? '');
  if (res.status !== 0) log(`FAILED: ${path.relative(repoRoot, file)} (exit ${res.status ?? res.signal})`);
  const lines = (res.stdout ?? '').split('\n').filter((l) => l.trim().startsWith('{'));
  return {
    status: res.status,
    seconds: Math.round((Date.now() - started) / 1000),
    results: lines.map((l) => {
      try {
        return JSON.parse(l);
      } catch {
        return l;
      }
    }),
  };
}

async function main() {
  const pnpm = ensurePnpm();
  ensureInstalled(pnpm);
  ensureChromium();
  buildApps(pnpm);
  if (wants('bundles') && !smoke) report.bundles = bundleSizes();

  if (!smoke && (wants('start') || wants('cold') || wants('lighthouse'))) {
    const dataDir = path.join(repoRoot, '.atelier/bench-data');
    const { child, url, readyMs } = await startProduct(dataDir);
    report.startToReadyMs = readyMs;
    log(`start → ready: ${(readyMs / 1000).toFixed(1)} s (builds cached; budget ≤ 3 s, issue 14)`);
    try {
      if (wants('cold') || wants('lighthouse')) {
        const { results, credentials } = await coldLoads(url);
        report.coldLoads = results;
        if (wants('lighthouse')) report.lighthouse = await lighthouseRoutes(url, credentials);
        // ATELIER_BENCH_EMPTY_CATALOGUE=1: the same for a new user without any task (/ with its banner).
        if (process.env.ATELIER_BENCH_EMPTY_CATALOGUE === '1') {
          log('── the same with an empty catalogue');
          const empty = await coldLoads(url, { catalogue: false });
          report.coldLoadsEmptyCatalogue = empty.results;
          if (wants('lighthouse')) report.lighthouseEmptyCatalogue = await lighthouseRoutes(url, empty.credentials);
        }
      }
    } finally {
      process.kill(-child.pid, 'SIGTERM');
    }
  }

  const scripts = [
    ...['backend/bench'].flatMap((d) =>
      existsSync(path.join(repoRoot, d))
        ? readdirSync(path.join(repoRoot, d)).map((f) => path.join(repoRoot, d, f))
        : [],
    ),
    ...(existsSync(path.join(repoRoot, 'scripts/bench'))
      ? readdirSync(path.join(repoRoot, 'scripts/bench')).map((f) => path.join(repoRoot, 'scripts/bench', f))
      : []),
  ].filter((f) => /\.(ts|mjs)$/.test(f) && statSync(f).isFile() && !f.endsWith('.d.ts'));
  report.components = {};
  for (const file of scripts) {
    const name = path.basename(file).replace(/\.(ts|mjs)$/, '');
    if (only.length && !wants(name) && !wants('components')) continue;
    if (smoke && SMOKE_SKIP[name]) {
      log(`── ${name}: not in the smoke run (${SMOKE_SKIP[name]})`);
      continue;
    }
    report.components[name] = runScript(file, name);
  }

  mkdirSync(path.join(repoRoot, '.atelier/reports'), { recursive: true });
  const out = path.join(repoRoot, `.atelier/reports/${smoke ? 'bench-smoke' : 'bench'}.json`);
  writeFileSync(out, JSON.stringify(report, null, 2));
  log(`report written to ${path.relative(repoRoot, out)}`);
  const failed = Object.entries(report.components).filter(([, r]) => r.status !== 0);
  if (failed.length) {
    log(`steps that did not run to the end: ${failed.map(([name]) => name).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
