// What each app of the federation exposes and consumes (its contract), read from its sources and the shared
// build config, and the compatibility gate that compares a release candidate with what is deployed (issue 30,
// decision 0016). Contracts are plain JSON: a release stores its own in releases/<app>/<version>/atelier-contract.json,
// so the gate always compares a candidate with the contracts of the builds actually published.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import ts from 'typescript';

export interface JsonSchema {
  type: 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array' | 'unknown';
  enum?: (string | number | boolean)[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

export interface SharedDeclaration {
  version: string;
  requiredVersion: string;
}

export interface AppContract {
  app: string;
  key: string;
  version: string;
  exposes: string[];
  /** Exposed modules of other remotes this app loads (the shell): { clients: ['ClientsPage'] }. */
  loads: Record<string, string[]>;
  events: { emits: Record<string, JsonSchema>; consumes: Record<string, JsonSchema> };
  shared: Record<string, SharedDeclaration>;
  /** Named imports of the shared platform/storage packages (served by the shell's copy: loaded-first). */
  uses: Record<string, string[]>;
  provides: Record<string, string[]>;
}

/** Remote key (remotes.json) → app folder. */
export const REMOTE_DIRS: Record<string, string> = {
  quotes: 'mf-quotes',
  recognition: 'mf-recognition',
  clients: 'mf-clients',
  account: 'mf-account',
  admin: 'mf-admin',
};
export const API_PACKAGES = ['@atelier/platform', '@atelier/storage'] as const;

export function findRepoRoot(start = process.cwd()): string {
  let dir = path.resolve(start);
  while (!existsSync(path.join(dir, 'pnpm-workspace.yaml'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('repository root not found');
    dir = parent;
  }
  return dir;
}

/** `mf-clients` or `clients` → `clients`. */
export function remoteKey(app: string): string {
  const key = app.replace(/^mf-/, '');
  if (!REMOTE_DIRS[key]) throw new Error(`Unknown remote « ${app} » (one of ${Object.values(REMOTE_DIRS).join(', ')})`);
  return key;
}

// ── Event payload schemas, from @atelier/bus' declaration file ─────────────────────────────────────────────

function compilerOptions(repoRoot: string): ts.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    allowImportingTsExtensions: true,
    baseUrl: repoRoot,
    paths: { '@atelier/*': ['shared/*/src/index.ts'] },
    types: [],
  };
}

function schemaOf(checker: ts.TypeChecker, type: ts.Type, depth = 0): JsonSchema {
  if (depth > 8) return { type: 'unknown' };
  if (type.isUnion()) {
    const parts = type.types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    const literals = parts.every((t) => t.isLiteral() || t.flags & ts.TypeFlags.BooleanLiteral);
    if (literals && parts.length) {
      const values = parts.map((t) =>
        t.isLiteral() ? (t.value as string | number) : checker.typeToString(t) === 'true',
      );
      const kinds = new Set(values.map((v) => typeof v));
      if (kinds.size === 1) {
        const kind = [...kinds][0] as 'string' | 'number' | 'boolean';
        // `boolean` is `true | false`: no enum.
        if (kind === 'boolean' && values.length === 2) return { type: 'boolean' };
        return { type: kind, enum: [...values].sort() };
      }
    }
    if (parts.length === 1) return schemaOf(checker, parts[0]!, depth + 1);
    return { type: 'unknown', anyOf: parts.map((t) => schemaOf(checker, t, depth + 1)) };
  }
  if (type.flags & ts.TypeFlags.StringLiteral) return { type: 'string', enum: [(type as ts.StringLiteralType).value] };
  if (type.flags & ts.TypeFlags.NumberLiteral) return { type: 'number', enum: [(type as ts.NumberLiteralType).value] };
  if (type.flags & ts.TypeFlags.BooleanLiteral)
    return { type: 'boolean', enum: [checker.typeToString(type) === 'true'] };
  if (type.flags & ts.TypeFlags.StringLike) return { type: 'string' };
  if (type.flags & ts.TypeFlags.NumberLike) return { type: 'number' };
  if (type.flags & ts.TypeFlags.BooleanLike) return { type: 'boolean' };
  if (type.flags & ts.TypeFlags.Null) return { type: 'null' };
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    const [item] = checker.getTypeArguments(type as ts.TypeReference);
    return { type: 'array', items: item ? schemaOf(checker, item, depth + 1) : { type: 'unknown' } };
  }
  if (type.flags & ts.TypeFlags.Object) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const symbol of checker.getPropertiesOfType(type)) {
      const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
      const propertyType = declaration
        ? checker.getTypeOfSymbolAtLocation(symbol, declaration)
        : checker.getTypeOfSymbol(symbol);
      if (checker.getSignaturesOfType(propertyType, ts.SignatureKind.Call).length) continue;
      properties[symbol.name] = schemaOf(checker, checker.getNonNullableType(propertyType), depth + 1);
      const optional = symbol.flags & ts.SymbolFlags.Optional;
      const acceptsUndefined =
        propertyType.isUnion() && propertyType.types.some((t) => t.flags & ts.TypeFlags.Undefined);
      if (!optional && !acceptsUndefined) required.push(symbol.name);
    }
    return { type: 'object', properties, required: required.sort() };
  }
  return { type: 'unknown' };
}

interface DeclarationFacts {
  events: Record<string, JsonSchema>;
  provides: Record<string, string[]>;
}
const factsCache = new Map<string, DeclarationFacts>();

/**
 * The payload schema of every event of the `AtelierEvent` union declared in `eventsFile`, and the exports of the
 * platform/storage packages (what a shell built from this tree provides).
 */
export function declarationFacts(eventsFile: string, repoRoot = findRepoRoot()): DeclarationFacts {
  const cached = factsCache.get(eventsFile);
  if (cached) return cached;
  const apiEntries = API_PACKAGES.map((name) => path.join(repoRoot, 'shared', name.split('/')[1]!, 'src/index.ts'));
  const program = ts.createProgram([eventsFile, ...apiEntries], compilerOptions(repoRoot));
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(eventsFile);
  if (!source) throw new Error(`${eventsFile}: not found`);
  const alias = source.statements.find(
    (s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'AtelierEvent',
  );
  if (!alias) throw new Error(`${eventsFile}: no AtelierEvent union`);
  const union = checker.getTypeAtLocation(alias.name);
  const events: Record<string, JsonSchema> = {};
  for (const member of union.isUnion() ? union.types : [union]) {
    const typeSymbol = member.getProperty('type');
    const payloadSymbol = member.getProperty('payload');
    if (!typeSymbol || !payloadSymbol) continue;
    const typeType = checker.getTypeOfSymbolAtLocation(typeSymbol, alias);
    if (!typeType.isStringLiteral()) continue;
    events[typeType.value] = schemaOf(checker, checker.getTypeOfSymbolAtLocation(payloadSymbol, alias));
  }
  const provides: Record<string, string[]> = {};
  API_PACKAGES.forEach((name, i) => {
    const file = program.getSourceFile(apiEntries[i]!);
    const symbol = file && checker.getSymbolAtLocation(file);
    provides[name] = symbol
      ? checker
          .getExportsOfModule(symbol)
          .map((s) => s.name)
          .sort()
      : [];
  });
  const facts = { events, provides };
  factsCache.set(eventsFile, facts);
  return facts;
}

// ── What an app's sources use ─────────────────────────────────────────────────────────────────────────────

function sourceFiles(dir: string, files: string[] = []): string[] {
  if (!existsSync(dir)) return files;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'testing', '__tests__', '__mocks__'].includes(entry.name)) sourceFiles(full, files);
    } else if (
      /\.tsx?$/.test(entry.name) &&
      !/\.(test|spec)\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
    ) {
      files.push(full);
    }
  }
  return files;
}

interface SourceUse {
  emits: Set<string>;
  consumes: Set<string>;
  loads: Record<string, Set<string>>;
  uses: Record<string, Set<string>>;
}

function scanSources(srcDir: string): SourceUse {
  const use: SourceUse = { emits: new Set(), consumes: new Set(), loads: {}, uses: {} };
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TSX);
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const from = node.moduleSpecifier.text;
        const clause = node.importClause;
        if ((API_PACKAGES as readonly string[]).includes(from) && clause && !clause.isTypeOnly) {
          const bindings = clause.namedBindings;
          if (bindings && ts.isNamedImports(bindings)) {
            for (const element of bindings.elements) {
              if (element.isTypeOnly) continue;
              (use.uses[from] ??= new Set()).add((element.propertyName ?? element.name).text);
            }
          }
        }
      }
      if (ts.isCallExpression(node)) {
        const [first, second] = node.arguments;
        const callee = node.expression;
        // bus.emit('x', …) / deps.bus.on('x')
        if (
          ts.isPropertyAccessExpression(callee) &&
          ['emit', 'on'].includes(callee.name.text) &&
          /\bbus$/i.test(callee.expression.getText(source)) &&
          first &&
          ts.isStringLiteralLike(first)
        ) {
          (callee.name.text === 'emit' ? use.emits : use.consumes).add(first.text);
        }
        // remoteModule('clients', 'ClientsPage') / loadRemoteDefault('clients', 'ClientsPage')
        const name = ts.isIdentifier(callee) ? callee.text : '';
        if (
          ['remoteModule', 'loadRemoteDefault'].includes(name) &&
          first &&
          second &&
          ts.isStringLiteralLike(first) &&
          ts.isStringLiteralLike(second)
        ) {
          (use.loads[first.text] ??= new Set()).add(second.text);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return use;
}

/** The `exposes` keys of an app's webpack.config.js (createAppConfig({ exposes: { './X': … } })). */
function exposesOf(appDir: string): string[] {
  const file = path.join(appDir, 'webpack.config.js');
  if (!existsSync(file)) return [];
  const block = /exposes:\s*\{([^}]*)\}/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  return [...block.matchAll(/['"](\.\/[^'"]+)['"]\s*:/g)].map((m) => m[1]!).sort();
}

/** The shared singletons every app declares (shared/build, the one list), with the versions installed. */
export function sharedDeclarations(repoRoot = findRepoRoot()): Record<string, SharedDeclaration> {
  const require = createRequire(path.join(repoRoot, 'shared/build/index.cjs'));
  const { sharedSingletons } = require('./index.cjs') as {
    sharedSingletons: () => Record<string, { version: string; requiredVersion: string }>;
  };
  return Object.fromEntries(
    Object.entries(sharedSingletons())
      .filter(([name]) => !name.endsWith('/'))
      .map(([name, s]) => [name, { version: s.version, requiredVersion: s.requiredVersion }]),
  );
}

export interface ContractSource {
  /** App folder (src/ and webpack.config.js inside). */
  appDir: string;
  app: string;
  key: string;
  /** @atelier/bus' declaration file the app is built with. */
  eventsFile?: string;
  version?: string;
  shared?: Record<string, SharedDeclaration>;
}

export function appContract(source: ContractSource, repoRoot = findRepoRoot()): AppContract {
  const eventsFile = source.eventsFile ?? path.join(repoRoot, 'shared/bus/src/events.ts');
  const facts = declarationFacts(eventsFile, repoRoot);
  const use = scanSources(path.join(source.appDir, 'src'));
  const pick = (names: Set<string>) => {
    const out: Record<string, JsonSchema> = {};
    for (const name of [...names].sort()) {
      const schema = facts.events[name];
      if (!schema) throw new Error(`${source.app}: event « ${name} » is not declared in ${eventsFile}`);
      out[name] = schema;
    }
    return out;
  };
  const sorted = (record: Record<string, Set<string>>) =>
    Object.fromEntries(Object.entries(record).map(([k, v]) => [k, [...v].sort()]));
  return {
    app: source.app,
    key: source.key,
    version: source.version ?? 'source',
    exposes: exposesOf(source.appDir),
    loads: sorted(use.loads),
    events: { emits: pick(use.emits), consumes: pick(use.consumes) },
    shared: source.shared ?? sharedDeclarations(repoRoot),
    uses: sorted(use.uses),
    provides: facts.provides,
  };
}

/** Contracts of the shell and every remote as the working tree builds them. */
export function treeContracts(repoRoot = findRepoRoot()): Record<string, AppContract> {
  const shared = sharedDeclarations(repoRoot);
  const out: Record<string, AppContract> = {
    shell: appContract({ appDir: path.join(repoRoot, 'shell'), app: 'shell', key: 'shell', shared }, repoRoot),
  };
  for (const [key, dir] of Object.entries(REMOTE_DIRS)) {
    out[key] = appContract({ appDir: path.join(repoRoot, dir), app: dir, key, shared }, repoRoot);
  }
  return out;
}

export { checkCompatibility, schemaProblems, satisfies } from './compatibility';
