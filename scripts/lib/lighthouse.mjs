// Lighthouse 13 (mobile preset, default simulated throttling) on /auth and on / signed in, driving Debian's
// Chromium. The signed-in session is made in the same (persistent) browser profile, then every cache and
// service worker is cleared so each run is a cold first load with the session kept.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

import { waitForLocalCatalogue } from './bench-catalogue.mjs';
import { CHROMIUM_PATH, log } from './bootstrap.mjs';
import { CHROMIUM_ARGS } from './chromium.cjs';

/** Issue 14 budgets. */
export const LIGHTHOUSE_BUDGETS = {
  '/auth': { performance: 95, accessibility: 100, lcpMs: 2000, tbtMs: 150, cls: 0.05 },
  '/': { performance: 90, accessibility: 100, lcpMs: 2000, tbtMs: 150, cls: 0.05 },
};

/** Every `{ type: 'node' }` item under an audit's details (Lighthouse 13 keeps them in tables and lists). */
function nodesOf(details, found = []) {
  if (!details || typeof details !== 'object') return found;
  if (details.type === 'node' && details.selector) found.push(details);
  for (const value of Object.values(details)) if (value && typeof value === 'object') nodesOf(value, found);
  return found;
}

/** The LCP element as Lighthouse saw it (selector and a snippet), to know what the first paint must show. */
function lcpElementOf(lhr) {
  for (const id of ['largest-contentful-paint-element', 'lcp-breakdown-insight', 'lcp-discovery-insight']) {
    const [node] = nodesOf(lhr.audits[id]?.details);
    if (node) return `${node.selector} ${String(node.snippet ?? '').slice(0, 120)}`;
  }
  return null;
}

/** The elements that moved, for CLS (selectors). */
function layoutShiftsOf(lhr) {
  for (const id of ['layout-shifts', 'cls-culprits-insight']) {
    const nodes = nodesOf(lhr.audits[id]?.details);
    if (nodes.length) return nodes.slice(0, 5).map((node) => node.selector);
  }
  return [];
}

/**
 * A load-independent view of TBT from the trace: the page's main-thread tasks after its first contentful paint
 * by thread CPU time (`tdur`, not inflated by waiting for a core on a shared machine), Σ max(0, 4 × CPU − 50 ms)
 * as Lighthouse's 4× CPU throttling would count them, and the tasks over 12.5 ms of CPU.
 */
export function cpuBlockingOf(trace) {
  const events = trace?.traceEvents ?? [];
  const names = new Map();
  for (const e of events) if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name);
  const nav = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      /^http/.test(e.args.data.documentLoaderURL ?? ''),
  );
  if (!nav) return null;
  const onMain = (e) => e.pid === nav.pid && names.get(`${e.pid}:${e.tid}`) === 'CrRendererMain';
  const start = events.find((e) => e.pid === nav.pid && e.name === 'firstContentfulPaint')?.ts ?? nav.ts;
  let cpuMs = 0;
  let blockingMs = 0;
  const longTasks = [];
  for (const e of events) {
    if (e.name !== 'RunTask' || !e.tdur || e.ts < start || !onMain(e)) continue;
    const ms = e.tdur / 1000;
    cpuMs += ms;
    blockingMs += Math.max(0, 4 * ms - 50);
    if (ms > 12.5) longTasks.push(Math.round(ms));
  }
  return { cpuMs: Math.round(cpuMs), blockingMs: Math.round(blockingMs), longTasks };
}

/**
 * What Lighthouse's own TBT is made of: its simulated main-thread tasks (the `long-tasks` audit: observed wall time
 * × 4, placed by its network and CPU simulation) counted as TBT counts them — the part over 50 ms of each task that
 * ends after the simulated FCP — summed per script (`/` is the document: parsing, style, layout). A task that ran
 * before the observed first paint can land after the simulated one (main.js's, on /): the CPU estimate above does
 * not see it, this does.
 */
export function simulatedBlockingOf(lhr) {
  const fcp = lhr.audits['first-contentful-paint']?.numericValue ?? 0;
  const items = lhr.audits['long-tasks']?.details?.items ?? [];
  const byScript = new Map();
  for (const { url, startTime, duration } of items) {
    const end = startTime + duration;
    if (end <= fcp) continue;
    const blocking = Math.max(0, end - Math.max(startTime + 50, fcp));
    if (blocking <= 0) continue;
    const name = url === 'Unattributable' ? url : new URL(url).pathname.split('/').pop() || '/';
    byScript.set(name, (byScript.get(name) ?? 0) + blocking);
  }
  return [...byScript].sort((a, b) => b[1] - a[1]).map(([script, ms]) => ({ script, ms: Math.round(ms) }));
}

/** The figures of one Lighthouse result the bench reports. */
function summaryOf(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  const failedA11y = Object.values(lhr.audits)
    .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
    .map((a) => a.id);
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number((audit('cumulative-layout-shift') ?? 0).toFixed(3)),
    fcpMs: Math.round(audit('first-contentful-paint')),
    failedA11y,
    lcpElement: lcpElementOf(lhr),
    layoutShifts: layoutShiftsOf(lhr),
    simulatedBlocking: simulatedBlockingOf(lhr),
  };
}

/** @param {{ email: string, password: string, tasks?: number }} user the bench's artisan (`tasks` in its catalogue) */
export async function lighthouseRoutes(url, { email, password, tasks = 0 }) {
  const { default: lighthouse } = await import('lighthouse');
  const { chromium } = await import('playwright-core');
  const port = 9300 + Math.floor(Math.random() * 500);
  const profile = mkdtempSync(path.join(tmpdir(), 'atelier-lh-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  const results = {};
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const origins = [url, ...[1, 2, 3, 4, 5].map((i) => url.replace(/:(\d+)$/, (_, p) => `:${Number(p) + i}`))];
    const coldCaches = async () => {
      await cdp.send('Network.clearBrowserCache');
      for (const origin of origins) {
        await cdp.send('Storage.clearDataForOrigin', {
          origin,
          storageTypes: 'service_workers,cache_storage',
        });
      }
    };
    const runs = Math.max(1, Number(process.env.ATELIER_LIGHTHOUSE_RUNS ?? 3));
    for (const [route, signedIn] of [
      ['/auth', false],
      ['/', true],
    ]) {
      if (signedIn) {
        await page.goto(`${url}/auth`);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Mot de passe', { exact: true }).fill(password);
        await page.getByRole('button', { name: 'Se connecter' }).click();
        await page.waitForURL(`${url}/`);
        if (tasks) await waitForLocalCatalogue(page);
      }
      // Lighthouse's CPU-bound figures (TBT above all: observed task times × 4) vary from run to run on a shared
      // machine: each route runs `runs` times (ATELIER_LIGHTHOUSE_RUNS, default 3) and the median run is reported.
      const all = [];
      for (let run = 0; run < runs; run++) {
        await page.goto('about:blank');
        await coldCaches();
        const runnerResult = await lighthouse(
          `${url}${route}`,
          {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            disableStorageReset: true, // keeps the session; caches were cleared above
            // With a dump, the trace carries V8's CPU samples too: which functions the long tasks ran.
            ...(process.env.ATELIER_LIGHTHOUSE_DUMP
              ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
              : {}),
          },
          undefined,
        );
        const lhr = runnerResult.lhr;
        // ATELIER_LIGHTHOUSE_DUMP=dir keeps each run's report and trace (name-run.json), to study its trace-derived audits.
        if (process.env.ATELIER_LIGHTHOUSE_DUMP) {
          const name = route === '/' ? 'home' : route.slice(1);
          const dir = process.env.ATELIER_LIGHTHOUSE_DUMP;
          writeFileSync(path.join(dir, `lighthouse-${name}-${run + 1}.json`), JSON.stringify(lhr));
          const trace = runnerResult.artifacts?.Trace;
          if (trace) writeFileSync(path.join(dir, `trace-${name}-${run + 1}.json`), JSON.stringify(trace));
        }
        const r = { ...summaryOf(lhr), cpu: cpuBlockingOf(runnerResult.artifacts?.Trace) };
        all.push(r);
        log(
          `lighthouse ${route.padEnd(6)} run ${run + 1}/${runs}: perf ${r.performance}, LCP ${r.lcpMs} ms, ` +
            `TBT ${r.tbtMs} ms, CLS ${r.cls}, FCP ${r.fcpMs} ms (load average ${loadavg()[0].toFixed(1)})` +
            (r.cpu
              ? `; by CPU time: TBT ≈ ${r.cpu.blockingMs} ms, main thread ${r.cpu.cpuMs} ms, ` +
                `tasks over 12.5 ms [${r.cpu.longTasks.join(', ')}]`
              : '') +
            `\n    Lighthouse's TBT by script: ${
              r.simulatedBlocking
                .slice(0, 5)
                .map(({ script, ms }) => `${script} ${ms}`)
                .join(', ') || 'none'
            }`,
        );
      }
      const sorted = [...all].sort((a, b) => a.performance - b.performance || b.tbtMs - a.tbtMs);
      const r = { ...sorted[Math.floor((sorted.length - 1) / 2)], runs: all };
      results[route] = r;
      const range = (key) => `${Math.min(...all.map((x) => x[key]))}–${Math.max(...all.map((x) => x[key]))}`;
      const b = LIGHTHOUSE_BUDGETS[route];
      const ok = (v, max, higher = false) => ((higher ? v >= max : v <= max) ? 'ok' : 'OVER');
      log(
        `lighthouse ${route.padEnd(6)} median of ${runs}: perf ${r.performance} (≥${b.performance} ${ok(r.performance, b.performance, true)}), ` +
          `a11y ${r.accessibility} (${ok(r.accessibility, b.accessibility, true)}), LCP ${r.lcpMs} ms (${ok(r.lcpMs, b.lcpMs)}), ` +
          `TBT ${r.tbtMs} ms (${ok(r.tbtMs, b.tbtMs)}), CLS ${r.cls} (${ok(r.cls, b.cls)}), FCP ${r.fcpMs} ms` +
          (runs > 1 ? `; ranges: perf ${range('performance')}, LCP ${range('lcpMs')}, TBT ${range('tbtMs')}` : '') +
          (r.failedA11y.length ? `; a11y audits failing: ${r.failedA11y.join(', ')}` : '') +
          (r.lcpElement ? `\n    LCP element: ${r.lcpElement}` : '') +
          r.layoutShifts.map((shift) => `\n    layout shift ${shift}`).join(''),
      );
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return results;
}
