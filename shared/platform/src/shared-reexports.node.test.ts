// The apps share `rxjs` and `react-router-dom` as re-exports of the names they use (shared/build/rxjs.mjs,
// react-router-dom.mjs: tree-shaken, issue 14). A name imported by an app but missing there would be undefined at
// run time in the built apps only (Jest resolves the real packages): this keeps the lists complete.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const APP_DIRS = ['shell', 'mf-quotes', 'mf-recognition', 'mf-clients', 'mf-account', 'mf-admin'];

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, found);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !full.includes(`${path.sep}testing${path.sep}`))
      found.push(full);
  }
  return found;
}

const files = [
  ...APP_DIRS.map((app) => path.join(root, app, 'src')),
  ...readdirSync(path.join(root, 'shared'))
    .map((pkg) => path.join(root, 'shared', pkg, 'src'))
    .filter((dir) => {
      try {
        return statSync(dir).isDirectory();
      } catch {
        return false;
      }
    }),
].flatMap((dir) => sourceFiles(dir));

/** Value names imported from `pkg` (type-only imports left out), with the files importing them. */
function importedNames(pkg: string): Map<string, string[]> {
  const names = new Map<string, string[]>();
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]+)\\}\\s+from\\s+'${pkg}'`, 'g');
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(pattern)) {
      if (match[1]) continue;
      for (const item of match[2]!.split(',')) {
        const name = item.trim().split(/\s+as\s+/)[0]!;
        if (!name || name.startsWith('type ')) continue;
        names.set(name, [...(names.get(name) ?? []), path.relative(root, file)]);
      }
    }
    // A dynamic import('rxjs') used as `rx.name` (@atelier/platform's state cells).
    if (text.includes(`import('${pkg}')`)) {
      for (const [, name] of text.matchAll(/\brx\.(\w+)\(/g)) names.set(name!, [path.relative(root, file)]);
    }
  }
  return names;
}

function reexported(file: string): Set<string> {
  const text = readFileSync(path.join(root, 'shared/build', file), 'utf8');
  const list = /export\s*\{([^}]+)\}\s*from/.exec(text)?.[1] ?? '';
  return new Set(
    list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

describe.each([
  ['rxjs', 'rxjs.mjs'],
  ['react-router-dom', 'react-router-dom.mjs'],
])('what the apps import from %s is in shared/build/%s', (pkg, file) => {
  it('every name', () => {
    const shared = reexported(file);
    const imported = importedNames(pkg);
    expect(imported.size).toBeGreaterThan(3); // the scan found the apps' imports
    const missing = [...imported].filter(([name]) => !shared.has(name)).map(([name, where]) => `${name} (${where[0]})`);
    expect(missing).toEqual([]);
  });
});
