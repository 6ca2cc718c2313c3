// The Edge Functions deploy as they are on hosted Supabase (decision 0012): nothing imported from outside
// supabase/functions, the generated copy of shared/domain/src up to date, a verify_jwt setting per function in
// supabase/config.toml, and `deno check` of every function as deployed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// @ts-expect-error — an ES module without types (scripts/gen-functions-domain.mjs)
import { drift } from '../gen-functions-domain.mjs';

const root = path.resolve(__dirname, '../..');
const functionsDir = path.join(root, 'supabase/functions');
const functionNames = readdirSync(functionsDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !e.name.startsWith('_') && existsSync(path.join(functionsDir, e.name, 'index.ts')))
  .map((e) => e.name)
  .sort();

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(e.name) ? [full] : [];
  });
}

/** Every import/export specifier of a module (static, dynamic, side-effect). */
export function specifiers(source: string): string[] {
  const found: string[] = [];
  const code = source.replace(/^\s*\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\1/g)) found.push(m[2]!);
  return found;
}

describe('Edge Functions are self-contained', () => {
  it('finds the functions', () => {
    expect(functionNames).toEqual(expect.arrayContaining(['create-checkout', 'stripe-webhook', 'ai']));
  });

  it('no module under supabase/functions imports anything outside it (only relative, npm:, jsr:, node: or https:)', () => {
    const escapes: string[] = [];
    for (const file of tsFiles(functionsDir)) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        const where = path.relative(root, file);
        if (/^(npm|jsr|node|https):/.test(spec)) continue;
        if (!spec.startsWith('.')) {
          escapes.push(`${where}: bare import ${spec}`);
          continue;
        }
        const target = path.resolve(path.dirname(file), spec);
        if (path.relative(functionsDir, target).startsWith('..')) escapes.push(`${where}: ${spec}`);
        else if (!existsSync(target)) escapes.push(`${where}: ${spec} (no such file)`);
      }
    }
    expect(escapes).toEqual([]);
  });

  it('supabase/functions/_shared/domain is the generated copy of shared/domain/src (else: node scripts/gen-functions-domain.mjs)', () => {
    expect(drift()).toEqual([]);
  });

  // false only where the caller cannot hold a JWT: Stripe's webhook calls and a client opening a public link.
  it('supabase/config.toml sets verify_jwt for every function, false only for the Stripe webhook and public pages', () => {
    const toml = readFileSync(path.join(root, 'supabase/config.toml'), 'utf8');
    const settings = new Map<string, string>();
    let section = '';
    for (const line of toml.split('\n')) {
      const header = /^\s*\[([^\]]+)\]\s*$/.exec(line);
      if (header) section = header[1]!.trim();
      const value = /^\s*verify_jwt\s*=\s*(\S+)/.exec(line);
      if (value && section.startsWith('functions.')) settings.set(section.slice('functions.'.length), value[1]!);
    }
    expect([...settings.keys()].sort()).toEqual(functionNames);
    for (const [name, value] of settings) {
      expect([name, value]).toEqual([name, ['stripe-webhook', 'public-document'].includes(name) ? 'false' : 'true']);
    }
  });

  it('deno check passes for every function as deployed', () => {
    const require = createRequire(path.join(root, 'backend/package.json'));
    const deno = process.env.DENO_BIN ?? path.join(path.dirname(require.resolve('deno/bin.cjs')), 'deno');
    const res = spawnSync(deno, ['check', '--quiet', ...functionNames.map((n) => `supabase/functions/${n}/index.ts`)], {
      cwd: root,
      encoding: 'utf8',
      // The backend's Deno cache: npm packages of `npm:` imports are fetched once from the npm registry.
      env: { ...process.env, DENO_DIR: path.join(root, '.atelier/deno'), NO_COLOR: '1' },
      timeout: 170_000,
    });
    expect({ status: res.status, errors: res.status === 0 ? '' : `${res.stdout}${res.stderr}`.slice(-4000) }).toEqual({
      status: 0,
      errors: '',
    });
  }, 180_000);
});
