// The compatibility gate of independent releases (issue 30, decisions 0015–0016): accepts the current tree, refuses
// the broken fixture remote, and one contract test per bus event generated from @atelier/bus' declaration file.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { checkCompatibility, schemaProblems, satisfies } from '../lib/compatibility';
import { appContract, declarationFacts, treeContracts, type AppContract, type JsonSchema } from '../lib/contracts';
import { buildVersion, GateRefusal, readPublished, release, rollback } from '../lib/releases';

const root = path.resolve(__dirname, '../..');
const eventsFile = path.join(root, 'shared/bus/src/events.ts');
const fixture = path.join(__dirname, 'fixtures/broken-recognition');

jest.setTimeout(120_000);

let tree: Record<string, AppContract>;
let events: Record<string, JsonSchema>;
beforeAll(() => {
  tree = treeContracts(root);
  events = declarationFacts(eventsFile, root).events;
});

const deployed = () => Object.values(tree);
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('the current tree', () => {
  it.each(['quotes', 'recognition', 'clients', 'account', 'admin'])('%s is accepted against the others', (key) => {
    expect(checkCompatibility(tree[key]!, deployed())).toEqual([]);
  });

  it('declares what each remote exposes and consumes', () => {
    expect(tree.recognition!.events.emits).toHaveProperty(['quote/tasks-recognised']);
    expect(tree.quotes!.events.consumes).toHaveProperty(['quote/tasks-recognised']);
    expect(tree.shell!.loads.clients).toEqual(['ClientsPage']);
    expect(tree.clients!.exposes).toEqual(['./ClientsPage']);
    expect(tree.clients!.uses['@atelier/platform']).toContain('getSupabase');
    expect(tree.shell!.provides['@atelier/platform']).toContain('getSupabase');
    expect(tree.clients!.shared.react!.requiredVersion).toMatch(/^\^19\./);
  });
});

describe('the broken fixture remote (payload change)', () => {
  it('is refused with the event, the field and both versions named', () => {
    const candidate = appContract(
      {
        appDir: fixture,
        app: 'mf-recognition',
        key: 'recognition',
        version: 'fixture-v2',
        eventsFile: path.join(fixture, 'events.ts'),
      },
      root,
    );
    const problems = checkCompatibility(candidate, deployed());
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          'event « quote/tasks-recognised »: mf-recognition fixture-v2 (candidate) emits it, mf-quotes source (deployed) consumes it — payload.source: required field missing',
        ),
        expect.stringContaining('payload.tasks[].quantity: type changed (string sent, number expected)'),
      ]),
    );
    // The unchanged event of the same remote is still fine.
    expect(problems.join('\n')).not.toContain('quote/title-recognised');
  });

  it('is refused by `release`: nothing stored, nothing published', () => {
    const releasesDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-releases-'));
    try {
      let refusal: unknown;
      try {
        release({
          app: 'mf-recognition',
          dist: path.join(fixture, 'build'),
          source: fixture,
          eventsFile: path.join(fixture, 'events.ts'),
          releasesDir,
          repoRoot: root,
        });
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(GateRefusal);
      expect((refusal as Error).message).toMatch(
        /^mf-recognition [0-9a-f]{16} refused by the compatibility gate:\n {2}- event « quote\/tasks-recognised »/,
      );
      expect(readPublished(releasesDir)).toEqual({});
      expect(existsSync(path.join(releasesDir, 'mf-recognition'))).toBe(false);
    } finally {
      rmSync(releasesDir, { recursive: true, force: true });
    }
  });
});

describe('shared singletons, exposed modules, platform APIs', () => {
  it('refuses a range the deployed shell cannot satisfy, naming the package and both versions', () => {
    const candidate = { ...clone(tree.clients!), version: 'v2' };
    candidate.shared.react = { version: '20.0.0', requiredVersion: '^20.0.0' };
    const [problem] = checkCompatibility(candidate, deployed());
    expect(problem).toMatch(
      /^shared « react »: mf-clients v2 \(candidate\) requires \^20\.0\.0 \(built with 20\.0\.0\), shell source \(deployed\) provides 19\./,
    );
  });

  it('refuses a remote that no longer exposes what the shell loads', () => {
    const candidate = { ...clone(tree.clients!), exposes: ['./ClientBook'] };
    expect(checkCompatibility(candidate, deployed())).toEqual([
      expect.stringContaining('exposed module « ./ClientsPage »: shell source (deployed) loads it'),
    ]);
  });

  it('refuses a platform export the deployed shell does not have', () => {
    const candidate = clone(tree.clients!);
    candidate.uses['@atelier/platform'] = [...candidate.uses['@atelier/platform']!, 'useTeleport'];
    expect(checkCompatibility(candidate, deployed())).toEqual([
      expect.stringContaining('API « @atelier/platform » useTeleport'),
    ]);
  });

  it('reads npm ranges', () => {
    expect(satisfies('19.2.1', '^19.0.0')).toBe(true);
    expect(satisfies('20.0.0', '^19.0.0')).toBe(false);
    expect(satisfies('0.1.3', '^0.1.0')).toBe(true);
    expect(satisfies('0.2.0', '^0.1.0')).toBe(false);
    expect(satisfies('7.8.2', '~7.8.0 || ^8.0.0')).toBe(true);
  });
});

/** Every field of a payload schema, as [path, schema, parent object schema]. */
function fields(schema: JsonSchema, at = 'payload'): [string, JsonSchema, JsonSchema, string][] {
  if (schema.type === 'array' && schema.items) return fields(schema.items, `${at}[]`);
  if (schema.type !== 'object') return [];
  return Object.entries(schema.properties ?? {}).flatMap(([name, child]) => [
    [`${at}.${name}`, child, schema, name] as [string, JsonSchema, JsonSchema, string],
    ...fields(child, `${at}.${name}`),
  ]);
}

/** A copy of `schema` with `edit` applied to the object schema holding the field at `fieldPath`. */
function mutate(schema: JsonSchema, fieldPath: string, edit: (parent: JsonSchema, name: string) => void): JsonSchema {
  const copy = clone(schema);
  const found = fields(copy).find(([p]) => p === fieldPath)!;
  edit(found[2], found[3]);
  return copy;
}

describe('contract tests per bus event (shared/bus/src/events.ts)', () => {
  const declared = Object.keys(declarationFacts(eventsFile, root).events).sort();

  it('declares the events the remotes use', () => {
    expect(declared).toEqual(expect.arrayContaining(['quote/tasks-recognised', 'quote/generated', 'toast/show']));
  });

  describe.each(declared)('%s', (event) => {
    it('every emitter in the tree sends what every consumer requires', () => {
      const emitters = Object.values(tree).filter((c) => c.events.emits[event]);
      const consumers = Object.values(tree).filter((c) => c.events.consumes[event]);
      for (const e of emitters)
        for (const c of consumers)
          expect(schemaProblems(e.events.emits[event]!, c.events.consumes[event]!)).toEqual([]);
      for (const c of [...emitters, ...consumers])
        expect(c.events.emits[event] ?? c.events.consumes[event]).toEqual(events[event]);
    });

    it('refuses a sender that drops a required field, makes it optional or changes its type', () => {
      const payload = events[event]!;
      const required = fields(payload).filter(([, , parent, name]) => parent.required?.includes(name));
      expect(required.length).toBeGreaterThan(0);
      for (const [fieldPath, child] of required) {
        const dropped = mutate(payload, fieldPath, (parent, name) => {
          delete parent.properties![name];
          parent.required = parent.required!.filter((n) => n !== name);
        });
        expect(schemaProblems(dropped, payload)).toContain(
          `${fieldPath}: required field missing (${child.enum ? child.enum.map((v) => JSON.stringify(v)).join(' | ') : child.type} expected)`,
        );
        const optional = mutate(payload, fieldPath, (parent, name) => {
          parent.required = parent.required!.filter((n) => n !== name);
        });
        expect(schemaProblems(optional, payload)).toContain(`${fieldPath}: required field made optional`);
        const retyped = mutate(payload, fieldPath, (parent, name) => {
          parent.properties![name] = { type: child.type === 'number' ? 'string' : 'number' };
        });
        expect(schemaProblems(retyped, payload).join('\n')).toContain(`${fieldPath}: type changed`);
      }
    });

    it('accepts a sender that adds an optional field; refuses a value outside a receiver enum', () => {
      const payload = events[event]!;
      const added = clone(payload);
      added.properties = { ...added.properties, addedLater: { type: 'string' } };
      expect(schemaProblems(added, payload)).toEqual([]);
      for (const [fieldPath, child] of fields(payload).filter(([, s]) => s.enum)) {
        const widened = mutate(payload, fieldPath, (parent, name) => {
          parent.properties![name] = { ...child, enum: [...child.enum!, 'valeur-inconnue'] };
        });
        expect(schemaProblems(widened, payload)).toEqual([
          expect.stringContaining(`${fieldPath}: "valeur-inconnue" sent, only`),
        ]);
      }
    });

    it('the gate refuses a remote whose emitted payload breaks a deployed consumer', () => {
      const emitter = Object.values(tree).find((c) => c.events.emits[event]);
      const consumer = Object.values(tree).find((c) => c.events.consumes[event] && c !== emitter);
      if (!emitter || !consumer) return; // declared for later use: nobody on one side today
      const [first] = fields(events[event]!).filter(([, , parent, name]) => parent.required?.includes(name));
      const candidate = { ...clone(emitter), version: 'next' };
      candidate.events.emits[event] = mutate(events[event]!, first![0], (parent, name) => {
        delete parent.properties![name];
        parent.required = parent.required!.filter((n) => n !== name);
      });
      expect(checkCompatibility(candidate, deployed())).toEqual([
        expect.stringContaining(
          `event « ${event} »: ${emitter.app} next (candidate) emits it, ${consumer.app} source (deployed) consumes it — ${first![0]}: required field missing`,
        ),
      ]);
    });
  });
});

describe('release and rollback', () => {
  it('stores content-addressed builds, switches remotes.json and rolls back through the history', () => {
    const releasesDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-releases-'));
    const dist = mkdtempSync(path.join(os.tmpdir(), 'atelier-dist-'));
    try {
      cpSync(path.join(fixture, 'build'), dist, { recursive: true });
      const v1 = release({ app: 'mf-clients', dist, releasesDir, repoRoot: root });
      expect(v1.version).toBe(buildVersion(dist));
      expect(readPublished(releasesDir)).toEqual({ clients: `${v1.version}/mf-manifest.json` });
      const stored = path.join(releasesDir, 'mf-clients', v1.version);
      expect(readFileSync(path.join(stored, 'mf-manifest.json'), 'utf8')).toBe(
        readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'),
      );
      expect(JSON.parse(readFileSync(path.join(stored, 'atelier-contract.json'), 'utf8'))).toMatchObject({
        app: 'mf-clients',
        version: v1.version,
        exposes: ['./ClientsPage'],
      });
      writeFileSync(path.join(dist, 'remoteEntry.js'), '// v2');
      const v2 = release({ app: 'clients', dist, releasesDir, repoRoot: root });
      expect(v2.version).not.toBe(v1.version);
      expect(v2.previous).toBe(v1.version);
      expect(readPublished(releasesDir).clients).toBe(`${v2.version}/mf-manifest.json`);
      // v1 is immutable: its folder did not change.
      expect(readFileSync(path.join(stored, 'remoteEntry.js'), 'utf8')).toBe('// fixture: never loaded\n');
      expect(rollback({ app: 'mf-clients', releasesDir, repoRoot: root })).toMatchObject({
        from: v2.version,
        to: v1.version,
      });
      expect(readPublished(releasesDir).clients).toBe(`${v1.version}/mf-manifest.json`);
      expect(rollback({ app: 'mf-clients', releasesDir, repoRoot: root })).toMatchObject({
        from: v1.version,
        to: null,
      });
      expect(readPublished(releasesDir)).toEqual({});
      expect(() => rollback({ app: 'mf-clients', releasesDir, repoRoot: root })).toThrow(
        'no published release to roll back',
      );
    } finally {
      rmSync(releasesDir, { recursive: true, force: true });
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
