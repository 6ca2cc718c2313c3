// Issue 30 « ship each part on its own »: a signed-in user on /clients; `release mf-clients` of a v2 (a copy of
// the built remote whose search placeholder says « v2 », made by this test in a temp folder) is picked up on the
// next navigation with the shell untouched (its files' hashes unchanged, none of its scripts fetched again) and no
// file of the other remotes fetched again; `rollback mf-clients` restores v1; offline, the last good one opens.
// Releases go to the e2e system's own folder (scripts/e2e-server.ts), whose servers log every request they get.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import type { BrowserContext, Frame, Page } from '@playwright/test';

import { expect, PORT_BASE, test } from '../fixtures';

// The apps' servers are shared with the specs running in parallel: this spec's browser names itself in its user agent
// (the service worker's fetches carry it too) and counts only its own requests.
const TAG = 'release-rollback';
test.use({
  serviceWorkers: 'allow',
  userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 atelier-e2e/${TAG}`,
});

const repoRoot = path.resolve(__dirname, '../..');
const runDir = path.join(repoRoot, '.atelier', `e2e-${PORT_BASE}-system`);
const releasesDir = path.join(runDir, 'releases');
const requestLog = path.join(runDir, 'requests.log');
const PLACEHOLDER = 'Nom, email, téléphone ou adresse';
const PLACEHOLDER_V2 = `${PLACEHOLDER} — v2`;

function files(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name))],
  );
}

function hashes(dir: string): Record<string, string> {
  return Object.fromEntries(
    files(dir)
      .sort()
      .map((f) => [
        f,
        createHash('sha256')
          .update(readFileSync(path.join(dir, f)))
          .digest('hex'),
      ]),
  );
}

/** `pnpm release|rollback mf-clients` on the e2e system's releases; returns what it printed. */
function releaseCommand(command: 'release' | 'rollback', ...args: string[]): string {
  return execFileSync(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    ['scripts/release.ts', command, 'mf-clients', '--releases-dir', releasesDir, ...args],
    { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 },
  );
}

const versionIn = (output: string) => /published mf-clients ([0-9a-f]{16})/.exec(output)?.[1];

/** A copy of mf-clients' build whose search placeholder reads « … — v2 » (its .gz recompressed). */
function buildV2(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atelier-mf-clients-v2-'));
  cpSync(path.join(repoRoot, 'mf-clients/dist'), dir, { recursive: true });
  let patched = 0;
  for (const file of files(dir).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    if (!text.includes(`"${PLACEHOLDER}"`)) continue;
    const next = text.replaceAll(`"${PLACEHOLDER}"`, `"${PLACEHOLDER_V2}"`);
    writeFileSync(path.join(dir, file), next);
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(next));
    patched += 1;
  }
  expect(patched, 'the placeholder text is in a chunk of mf-clients').toBeGreaterThan(0);
  // A new build: a new precache version, as webpack would write it.
  const precache = JSON.parse(readFileSync(path.join(dir, 'precache-manifest.json'), 'utf8')) as { version: string };
  writeFileSync(
    path.join(dir, 'precache-manifest.json'),
    JSON.stringify({ ...precache, version: `${precache.version}-v2` }),
  );
  return dir;
}

/** The requests the apps' servers received since `from` (a length of the log). */
function requestsSince(from: number): { app: string; url: string }[] {
  return readFileSync(requestLog, 'utf8')
    .slice(from)
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [app, url, tag] = line.split(' ');
      return { app: app!, url: url!, tag };
    })
    .filter((r) => r.tag === TAG)
    .map(({ app, url }) => ({ app, url }));
}
const logLength = () => readFileSync(requestLog, 'utf8').length;

/**
 * Waits until the apps' servers have received nothing from this spec's browser for a second: the service worker
 * keeps the remotes' builds
 * for offline use in the background after it takes control, and on a loaded machine those fetches can still be
 * arriving when the test marks the log (they were then counted as the navigation's own requests).
 */
async function untilServersQuiet() {
  let last = -1;
  await expect
    .poll(
      () => {
        const now = requestsSince(0).length;
        const quiet = now === last;
        last = now;
        return quiet;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);
}

async function waitForServiceWorker(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return !!registration?.active && !!navigator.serviceWorker.controller;
        }),
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);
}

/** Waits until the service worker's cache of the mf-clients build at `version` holds every file the page loaded from it. */
async function waitForCachedRelease(page: Page, version: string) {
  await expect
    .poll(
      () =>
        page.evaluate(async (v) => {
          const name = (await caches.keys()).find((n) => n.startsWith('atelier-remote|') && n.includes(`/${v}/`));
          if (!name) return false;
          const base = name.split('|')[1]!;
          const cached = new Set((await (await caches.open(name)).keys()).map((r) => r.url));
          const loaded = performance
            .getEntriesByType('resource')
            .map((e) => e.name.split('#')[0]!)
            .filter((url) => url.startsWith(base) && !url.endsWith('precache-manifest.json'));
          return loaded.length > 0 && loaded.every((url) => cached.has(url));
        }, version),
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  const cdp = await context.newCDPSession(page);
  const setState = (offline: boolean) =>
    cdp.send('Network.overrideNetworkState', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  page.on('framenavigated', (frame: Frame) => {
    if (frame === page.mainFrame()) setState(true).catch(() => undefined);
  });
  await setState(true);
}

test('release mf-clients v2 while signed in, picked up on the next navigation; rollback restores v1; offline keeps the last good one', async ({
  page,
  context,
  signedIn,
}) => {
  void signedIn;
  test.setTimeout(150_000);
  const shellBefore = hashes(path.join(repoRoot, 'shell/dist'));
  const v2Dir = buildV2();
  try {
    // v1: the remote as built, published from the e2e system's releases.
    const v1 = versionIn(releaseCommand('release', '--dist', path.join(repoRoot, 'mf-clients/dist')));
    expect(v1).toMatch(/^[0-9a-f]{16}$/);
    await page.goto('/clients');
    await expect(page.getByPlaceholder(PLACEHOLDER, { exact: true })).toBeVisible({ timeout: 20_000 });
    await waitForServiceWorker(page);
    await page.reload(); // now controlled by the worker
    await expect(page.getByPlaceholder(PLACEHOLDER, { exact: true })).toBeVisible({ timeout: 20_000 });
    await waitForCachedRelease(page, v1!);

    // v2 released while the user is on /clients; the next navigation gets it. The log is marked before the release:
    // the worker may fetch v2 as soon as remotes.json names it, before the page asks for it.
    await untilServersQuiet();
    const mark = logLength();
    const released = releaseCommand('release', '--dist', v2Dir);
    expect(released).toContain('compatibility gate: mf-clients');
    const v2 = versionIn(released);
    expect(v2).toMatch(/^[0-9a-f]{16}$/);
    expect(v2).not.toBe(v1);
    expect(JSON.parse(readFileSync(path.join(releasesDir, 'remotes.json'), 'utf8'))).toEqual({
      clients: `${v2}/mf-manifest.json`,
    });
    await page.goto('/clients');
    await expect(page.getByPlaceholder(PLACEHOLDER_V2)).toBeVisible({ timeout: 20_000 });
    const after = requestsSince(mark);
    // mf-clients v2 came from its versioned folder…
    expect(after.filter((r) => r.app === 'clients').map((r) => r.url)).toContain(`/${v2}/remoteEntry.js`);
    // …no script of the shell was fetched again (its worker's own update check aside)…
    const shellScripts = after.filter(
      (r) => r.app === 'shell' && /\.js(\?|$)/.test(r.url) && !/^\/(sw|sw-remotes|workbox-[^/]*)\.js/.test(r.url),
    );
    expect(shellScripts).toEqual([]);
    // …and of the other remotes, at most the freshness probe of their build (no entry, no chunk).
    const others = after.filter((r) => !['clients', 'shell'].includes(r.app));
    expect(others.filter((r) => !/^\/(precache-manifest|mf-manifest)\.json(\?|$)/.test(r.url))).toEqual([]);
    await waitForCachedRelease(page, v2!);

    // Rollback: the next navigation is v1 again.
    expect(releaseCommand('rollback')).toContain(`mf-clients: ${v2} → ${v1}`);
    await page.goto('/clients');
    await expect(page.getByPlaceholder(PLACEHOLDER, { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByPlaceholder(PLACEHOLDER_V2)).toHaveCount(0);

    // Offline: the last good build (v1) opens.
    await goOffline(context, page);
    await page.reload();
    await expect(page.getByPlaceholder(PLACEHOLDER, { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByPlaceholder(PLACEHOLDER_V2)).toHaveCount(0);

    // No shell rebuild: every file of the shell's build is byte for byte the same.
    expect(hashes(path.join(repoRoot, 'shell/dist'))).toEqual(shellBefore);
  } finally {
    rmSync(v2Dir, { recursive: true, force: true });
  }
});
