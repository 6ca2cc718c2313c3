#!/usr/bin/env tsx
// pnpm release <app> [--dist <folder>]   build one remote, check it against what is deployed, publish it
// pnpm rollback <app> [--force]          switch the remote back to its previous release
// Releases live in ./releases (ATELIER_RELEASES_DIR or --releases-dir to move them); `npm start` serves them.
import path from 'node:path';

import { ensureInstalled, ensurePnpm } from './lib/bootstrap.mjs';
import { buildApps } from './lib/build-apps.mjs';
import { findRepoRoot, REMOTE_DIRS, remoteKey } from './lib/contracts';
import { GateRefusal, release, releasesDirOf, rollback } from './lib/releases';

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

function main(argv: string[]): number {
  const [command, app, ...rest] = argv;
  const usage = `usage: release <app> [--dist <folder>] [--releases-dir <folder>] | rollback <app> [--force]\n  apps: ${Object.values(REMOTE_DIRS).join(', ')}\n`;
  if (!app || !['release', 'rollback'].includes(command ?? '')) {
    process.stderr.write(usage);
    return 2;
  }
  const repoRoot = findRepoRoot();
  const releasesDir = option(rest, '--releases-dir')
    ? path.resolve(option(rest, '--releases-dir')!)
    : releasesDirOf(repoRoot);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const dir = REMOTE_DIRS[remoteKey(app)]!;
    if (command === 'rollback') {
      rollback({ app, releasesDir, repoRoot, force: rest.includes('--force'), log });
      return 0;
    }
    let dist = option(rest, '--dist');
    if (!dist) {
      const pnpm = ensurePnpm();
      ensureInstalled(pnpm);
      buildApps(pnpm, { apps: [dir] });
      dist = path.join(repoRoot, dir, 'dist');
    }
    release({ app, dist: path.resolve(dist), releasesDir, repoRoot, log });
    return 0;
  } catch (error) {
    process.stderr.write(
      `${error instanceof GateRefusal ? error.message : String(error instanceof Error ? error.message : error)}\n`,
    );
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
