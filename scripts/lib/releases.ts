// Independent releases of one remote (issue 30, decision 0015): an immutable, content-addressed folder
// releases/<app>/<version>/ (the build's files, its mf-manifest.json and its contract), published by switching the
// app's entry in releases/remotes.json (temp file + rename), with a small history for rollbacks.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

import { checkCompatibility } from './compatibility';
import { appContract, findRepoRoot, REMOTE_DIRS, remoteKey, treeContracts, type AppContract } from './contracts';

export const CONTRACT_FILE = 'atelier-contract.json';
const VERSION = /^[0-9a-f]{16}$/;
const HISTORY_LIMIT = 20;

export class GateRefusal extends Error {
  constructor(
    readonly problems: string[],
    what: string,
  ) {
    super(`${what} refused by the compatibility gate:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function releasesDirOf(repoRoot = findRepoRoot()): string {
  return process.env.ATELIER_RELEASES_DIR
    ? path.resolve(process.env.ATELIER_RELEASES_DIR)
    : path.join(repoRoot, 'releases');
}

function filesOf(dir: string, base = dir, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesOf(full, base, out);
    else if (entry.name !== '.build-hash') out.push(path.relative(base, full));
  }
  return out.sort();
}

/** The content hash of a build: every file's path and bytes (16 hex digits). */
export function buildVersion(dist: string): string {
  const hash = createHash('sha256');
  for (const file of filesOf(dist)) {
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(path.join(dist, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** releases/remotes.json: { <remote key>: "<version>/mf-manifest.json" } (an entry is relative to the remote's origin). */
export function readPublished(releasesDir: string): Record<string, string> {
  const file = path.join(releasesDir, 'remotes.json');
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

export function publishedVersion(entry: string | undefined): string | null {
  const version = entry?.split('/')[0];
  return version && VERSION.test(version) ? version : null;
}

function writeAtomic(file: string, body: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.tmp-${process.pid}-${Date.now()}`;
  writeFileSync(temp, body);
  renameSync(temp, file);
}

interface History {
  published: string[];
}
const historyFile = (releasesDir: string, dir: string) => path.join(releasesDir, dir, 'history.json');
function readHistory(releasesDir: string, dir: string): History {
  const file = historyFile(releasesDir, dir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as History) : { published: [] };
}

/** The contracts of what is deployed now: published releases, else the working tree's builds (shell included). */
export function deployedContracts(releasesDir: string, repoRoot = findRepoRoot()): AppContract[] {
  const tree = treeContracts(repoRoot);
  const published = readPublished(releasesDir);
  return Object.entries(tree).map(([key, contract]) => {
    const version = publishedVersion(published[key]);
    const file = version && path.join(releasesDir, REMOTE_DIRS[key]!, version, CONTRACT_FILE);
    return file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as AppContract) : contract;
  });
}

function switchEntry(releasesDir: string, key: string, version: string | null): void {
  const published = readPublished(releasesDir);
  if (version) published[key] = `${version}/mf-manifest.json`;
  else delete published[key];
  writeAtomic(path.join(releasesDir, 'remotes.json'), `${JSON.stringify(published, null, 2)}\n`);
}

export interface ReleaseOptions {
  app: string;
  /** The build to release (default: the app's dist/, built first). */
  dist: string;
  releasesDir?: string;
  /** App folder its contract is read from (default: the app's folder; a fixture in the gate's tests). */
  source?: string;
  eventsFile?: string;
  repoRoot?: string;
  log?: (line: string) => void;
}

export interface ReleaseResult {
  key: string;
  version: string;
  folder: string;
  previous: string | null;
}

export function release(options: ReleaseOptions): ReleaseResult {
  const repoRoot = options.repoRoot ?? findRepoRoot();
  const releasesDir = options.releasesDir ?? releasesDirOf(repoRoot);
  const log = options.log ?? (() => undefined);
  const key = remoteKey(options.app);
  const dir = REMOTE_DIRS[key]!;
  if (!existsSync(path.join(options.dist, 'mf-manifest.json')))
    throw new Error(`${options.dist}: no mf-manifest.json (not a remote build)`);
  const version = buildVersion(options.dist);
  const folder = path.join(releasesDir, dir, version);
  const candidate = appContract(
    { appDir: options.source ?? path.join(repoRoot, dir), app: dir, key, version, eventsFile: options.eventsFile },
    repoRoot,
  );
  const problems = checkCompatibility(candidate, deployedContracts(releasesDir, repoRoot));
  if (problems.length) throw new GateRefusal(problems, `${dir} ${version}`);
  log(`compatibility gate: ${dir} ${version} is compatible with the deployed shell and remotes`);
  if (!existsSync(folder)) {
    const temp = path.join(releasesDir, dir, `.tmp-${version}-${process.pid}`);
    rmSync(temp, { recursive: true, force: true });
    cpSync(options.dist, temp, { recursive: true, filter: (src) => path.basename(src) !== '.build-hash' });
    writeFileSync(path.join(temp, CONTRACT_FILE), `${JSON.stringify(candidate, null, 1)}\n`);
    try {
      renameSync(temp, folder);
      log(`stored ${path.relative(repoRoot, folder) || folder}`);
    } catch (error) {
      // Another release of the same build stored it meanwhile: the folder is named by its content, so it is this one.
      rmSync(temp, { recursive: true, force: true });
      if (!existsSync(folder)) throw error;
    }
  }
  const previous = publishedVersion(readPublished(releasesDir)[key]);
  const history = readHistory(releasesDir, dir);
  if (previous !== version) {
    history.published = [...history.published.filter((v) => v !== version), version].slice(-HISTORY_LIMIT);
    writeAtomic(historyFile(releasesDir, dir), `${JSON.stringify(history, null, 2)}\n`);
    switchEntry(releasesDir, key, version);
  }
  log(`published ${dir} ${version}${previous ? ` (was ${previous})` : ''}`);
  return { key, version, folder, previous };
}

export function rollback(options: {
  app: string;
  releasesDir?: string;
  repoRoot?: string;
  force?: boolean;
  log?: (l: string) => void;
}) {
  const repoRoot = options.repoRoot ?? findRepoRoot();
  const releasesDir = options.releasesDir ?? releasesDirOf(repoRoot);
  const log = options.log ?? (() => undefined);
  const key = remoteKey(options.app);
  const dir = REMOTE_DIRS[key]!;
  const current = publishedVersion(readPublished(releasesDir)[key]);
  const history = readHistory(releasesDir, dir);
  const at = current ? history.published.lastIndexOf(current) : -1;
  if (at < 0) throw new Error(`${dir}: no published release to roll back`);
  const target = history.published[at - 1] ?? null;
  if (target) {
    const contractFile = path.join(releasesDir, dir, target, CONTRACT_FILE);
    if (!existsSync(contractFile) || !statSync(path.join(releasesDir, dir, target)).isDirectory())
      throw new Error(`${dir}: release ${target} is missing from ${releasesDir}`);
    const contract = JSON.parse(readFileSync(contractFile, 'utf8')) as AppContract;
    const problems = checkCompatibility(contract, deployedContracts(releasesDir, repoRoot));
    if (problems.length && !options.force) throw new GateRefusal(problems, `rollback to ${dir} ${target}`);
  }
  history.published = history.published.slice(0, at);
  writeAtomic(historyFile(releasesDir, dir), `${JSON.stringify(history, null, 2)}\n`);
  switchEntry(releasesDir, key, target);
  log(`${dir}: ${current} → ${target ?? 'the unversioned build (dist/)'}`);
  return { key, from: current, to: target };
}
