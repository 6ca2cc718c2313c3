// The compatibility gate (decision 0016): a release candidate against the contracts of what is deployed.
// An event's sender must send what every receiver requires (same types, enums within what the receiver accepts,
// every field the receiver requires present and required); a shared singleton's range must accept the version the
// deployed shell provides (the shell loads first: shareStrategy 'loaded-first'); the modules the shell loads from
// the remote must still be exposed; every platform/storage export the remote imports must exist in the shell's copy.
import type { AppContract, JsonSchema } from './contracts';

const describe = (s: JsonSchema): string =>
  s.enum ? s.enum.map((v) => JSON.stringify(v)).join(' | ') : s.anyOf ? s.anyOf.map(describe).join(' | ') : s.type;

/**
 * Why a payload of schema `sent` may not be accepted by a receiver declaring `expected` (empty: compatible).
 * Paths are written `payload.tasks[].quantity`.
 */
export function schemaProblems(sent: JsonSchema, expected: JsonSchema, at = 'payload'): string[] {
  if (expected.anyOf) {
    const branches = sent.anyOf ?? [sent];
    return branches.every((branch) => expected.anyOf!.some((e) => schemaProblems(branch, e, at).length === 0))
      ? []
      : [`${at}: ${describe(sent)} sent, ${describe(expected)} expected`];
  }
  if (expected.type === 'unknown') return [];
  if (sent.anyOf) return sent.anyOf.flatMap((branch) => schemaProblems(branch, expected, at));
  if (sent.type !== expected.type)
    return [`${at}: type changed (${describe(sent)} sent, ${describe(expected)} expected)`];
  if (expected.enum) {
    if (!sent.enum) return [`${at}: any ${sent.type} sent, only ${describe(expected)} accepted`];
    const extra = sent.enum.filter((v) => !expected.enum!.includes(v));
    if (extra.length)
      return [`${at}: ${extra.map((v) => JSON.stringify(v)).join(', ')} sent, only ${describe(expected)} accepted`];
  }
  if (expected.type === 'array')
    return schemaProblems(sent.items ?? { type: 'unknown' }, expected.items ?? { type: 'unknown' }, `${at}[]`);
  if (expected.type !== 'object') return [];
  const problems: string[] = [];
  const sentProps = sent.properties ?? {};
  for (const [name, schema] of Object.entries(expected.properties ?? {})) {
    const field = `${at}.${name}`;
    const required = expected.required?.includes(name);
    if (!(name in sentProps)) {
      if (required) problems.push(`${field}: required field missing (${describe(schema)} expected)`);
      continue;
    }
    if (required && !sent.required?.includes(name)) problems.push(`${field}: required field made optional`);
    problems.push(...schemaProblems(sentProps[name]!, schema, field));
  }
  return problems;
}

const parse = (v: string): number[] | null => {
  const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(v.trim());
  return m ? [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)] : null;
};
const cmp = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;

/** npm range subset used by shared singletons: `^x.y.z`, `~x.y.z`, `x.y.z`, `>=x.y.z`, `*`, joined by `||`. */
export function satisfies(version: string, range: string): boolean {
  const v = parse(version);
  if (!v) return false;
  return range.split('||').some((part) => {
    const r = part.trim();
    if (r === '*' || r === '') return true;
    const base = parse(r.replace(/^(\^|~|>=|=)/, ''));
    if (!base) return false;
    if (r.startsWith('>=')) return cmp(v, base) >= 0;
    if (r.startsWith('~')) return v[0] === base[0] && v[1] === base[1] && v[2]! >= base[2]!;
    if (r.startsWith('^')) {
      if (cmp(v, base) < 0) return false;
      if (base[0] !== 0) return v[0] === base[0];
      if (base[1] !== 0) return v[0] === 0 && v[1] === base[1];
      return v[0] === 0 && v[1] === 0 && v[2] === base[2];
    }
    return cmp(v, base) === 0;
  });
}

const label = (c: AppContract, role: 'candidate' | 'deployed') => `${c.app} ${c.version} (${role})`;

/**
 * Every way `candidate` breaks the deployed apps (the shell among them; the candidate's own deployed version is
 * left out by the caller). Empty: the release may be published.
 */
export function checkCompatibility(candidate: AppContract, deployed: AppContract[]): string[] {
  const problems: string[] = [];
  const others = deployed.filter((d) => d.key !== candidate.key);
  const shell = others.find((d) => d.key === 'shell');
  for (const [event, sent] of Object.entries(candidate.events.emits)) {
    for (const d of others) {
      const expected = d.events.consumes[event];
      if (!expected) continue;
      for (const p of schemaProblems(sent, expected))
        problems.push(
          `event « ${event} »: ${label(candidate, 'candidate')} emits it, ${label(d, 'deployed')} consumes it — ${p}`,
        );
    }
  }
  for (const [event, expected] of Object.entries(candidate.events.consumes)) {
    for (const d of others) {
      const sent = d.events.emits[event];
      if (!sent) continue;
      for (const p of schemaProblems(sent, expected))
        problems.push(
          `event « ${event} »: ${label(d, 'deployed')} emits it, ${label(candidate, 'candidate')} consumes it — ${p}`,
        );
    }
  }
  if (shell) {
    for (const [name, own] of Object.entries(candidate.shared)) {
      const provided = shell.shared[name];
      if (!provided) {
        problems.push(
          `shared « ${name} »: ${label(candidate, 'candidate')} needs it as a singleton (${own.requiredVersion}), ${label(shell, 'deployed')} does not share it`,
        );
      } else if (!satisfies(provided.version, own.requiredVersion)) {
        problems.push(
          `shared « ${name} »: ${label(candidate, 'candidate')} requires ${own.requiredVersion} (built with ${own.version}), ${label(shell, 'deployed')} provides ${provided.version}`,
        );
      }
    }
    for (const expose of shell.loads[candidate.key] ?? []) {
      if (!candidate.exposes.includes(`./${expose}`))
        problems.push(
          `exposed module « ./${expose} »: ${label(shell, 'deployed')} loads it, ${label(candidate, 'candidate')} no longer exposes it`,
        );
    }
    for (const [pkg, names] of Object.entries(candidate.uses)) {
      const available = new Set(shell.provides[pkg] ?? []);
      for (const name of names.filter((n) => !available.has(n)))
        problems.push(
          `API « ${pkg} » ${name}: ${label(candidate, 'candidate')} imports it, the copy of ${label(shell, 'deployed')} has no such export`,
        );
    }
  }
  return problems;
}
