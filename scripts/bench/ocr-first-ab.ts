#!/usr/bin/env tsx
// A/B of the first OCR photo of a session between builds of mf-recognition (decision 0165), interleaved:
//   OCR_FIRST_DISTS=/tmp/a,/tmp/b OCR_FIRST_ROUNDS=4 pnpm exec tsx scripts/bench/ocr-first-ab.ts
// Per round and build: a fresh browser profile, the 12 MP photo set the instant the page has loaded (wall figures of
// the page's measures, CPU time of the browser's process tree from the file set to the lines); then a later session
// in the same profile (files in the HTTP cache, served with ETag/Last-Modified as sirv does in production), the photo
// set at once after the page load (no warm-up) — what a cached engine start costs; then « picked »: a third page,
// « Choisir une image » pressed and the photo picked 1 s later (the OCR bench's later session); « instant »: the same,
// the photo picked the instant the button is pressed (the OCR bench's worst later session; not run unless asked:
// OCR_FIRST_SESSIONS=fresh,later,picked,instant). The « picked » and « instant » CPU figures include the warm-up's.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.cjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const photo = path.join(repoRoot, 'mf-recognition/fixtures/images/09-photo-a4-garnier.jpg');
const catalogue = fs.readFileSync(path.join(repoRoot, 'mf-recognition/fixtures/dictations/catalogue.json'), 'utf8');
const dists = (process.env.OCR_FIRST_DISTS ?? '').split(',').filter(Boolean);
const rounds = Number(process.env.OCR_FIRST_ROUNDS) || 3;
if (!dists.length) {
  // In `npm run bench` this is no budget step: the OCR bench (`ocr.ts`) measures the first photo of the current build.
  console.log('[ocr-first-ab] A/B tool, nothing to compare: set OCR_FIRST_DISTS=<dist A>,<dist B> (see decision 0165)');
  process.exit(0);
}
/** OCR_FIRST_NET: throttle every page to this many Mbit/s (40 ms latency); unset, 127.0.0.1 at full speed. */
const net = Number(process.env.OCR_FIRST_NET) || 0;
/** OCR_FIRST_SESSIONS=fresh: the fresh profile only. */
const sessions = (process.env.OCR_FIRST_SESSIONS ?? 'fresh,later,picked').split(',');
const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.html': 'text/html',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

function serve(dir: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    if (url === '/config.json' || url.startsWith('/functions/')) return res.writeHead(404).end();
    let file = path.join(dir, url === '/' ? 'index.html' : url);
    if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(dir, 'index.html');
    const stat = fs.statSync(file);
    const etag = `W/"${stat.size}-${Math.round(stat.mtimeMs)}"`;
    const headers = {
      etag,
      'last-modified': new Date(stat.mtimeMs - 86_400_000).toUTCString(),
      'access-control-allow-origin': '*',
    };
    if (req.headers['if-none-match'] === etag) return res.writeHead(304, headers).end();
    res.writeHead(200, { ...headers, 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** CPU time (user + system, ms) of every process whose command line names `marker` (the profile's own folder). */
function cpuMsOf(marker: string): number {
  let total = 0;
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      if (!fs.readFileSync(`/proc/${e}/cmdline`, 'utf8').includes(marker)) continue;
      const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(f[11]) + Number(f[12])) * 10;
    } catch {
      /* ended */
    }
  }
  return total;
}

async function once(dir: string) {
  const { chromium } = await import('playwright-core');
  const server = await serve(dir);
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  // A real (not off-the-record) profile of its own: the HTTP cache and V8's code cache work as for a person.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-first-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const out: Record<string, number> = {};
  try {
    for (const label of sessions) {
      const page = await context.newPage();
      if (net) {
        // A phone's network (OCR_FIRST_NET=<Mbit/s>): bytes matter on a first visit, not on 127.0.0.1.
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 40,
          downloadThroughput: (net * 1e6) / 8,
          uploadThroughput: (net * 1e6) / 8,
        });
      }
      await page.addInitScript((tasks) => localStorage.setItem('tasks', tasks), catalogue);
      await page.goto(origin);
      const cpu0 = cpuMsOf(profile);
      if (label === 'picked' || label === 'instant') {
        // The bench's later session: « Choisir une image » pressed (the engine warms up), the photo picked 1 s later
        // (or at once).
        const chooser = page.waitForEvent('filechooser');
        await page.getByRole('button', { name: 'Choisir une image' }).click();
        const t = Date.now();
        const fileChooser = await chooser;
        const wait = label === 'picked' ? 1000 : 0;
        await new Promise((r) => setTimeout(r, Math.max(0, wait - (Date.now() - t))));
        await fileChooser.setFiles(photo);
      } else await page.getByTestId('image-file-input').setInputFiles(photo);
      await page.waitForFunction(() => performance.getEntriesByName('atelier:image:analyse').length > 0, null, {
        timeout: 90_000,
      });
      const cpu = cpuMsOf(profile) - cpu0;
      const m = await page.evaluate(() =>
        Object.fromEntries(
          ['image:analyse', 'ocr:total', 'ocr:worker', 'ocr:prepare', 'ocr:recognize'].map((k) => [
            k,
            Math.round(performance.getEntriesByName(`atelier:${k}`)[0]?.duration ?? 0),
          ]),
        ),
      );
      out[`${label}.analyse`] = m['image:analyse']!;
      out[`${label}.worker`] = m['ocr:worker']!;
      out[`${label}.recognize`] = m['ocr:recognize']!;
      out[`${label}.cpu`] = cpu;
      await page.close();
    }
  } finally {
    await context.close();
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return out;
}

const all: Record<string, Record<string, number>[]> = Object.fromEntries(dists.map((d) => [d, []]));
for (let r = 0; r < rounds; r++) {
  for (const d of r % 2 ? [...dists].reverse() : dists) {
    const load = os.loadavg()[0]!.toFixed(1);
    const res = await once(d);
    all[d]!.push(res);
    process.stderr.write(`[ocr-first-ab] round ${r} ${d} load ${load}: ${JSON.stringify(res)}\n`);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const d of dists) {
  const keys = Object.keys(all[d]![0]!);
  console.log(
    JSON.stringify({
      dist: d,
      rounds,
      median: Object.fromEntries(keys.map((k) => [k, median(all[d]!.map((x) => x[k]!))])),
    }),
  );
}
