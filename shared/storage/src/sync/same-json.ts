// Whether two values serialise to the same JSON once object keys are sorted (jsonb does not keep the key order):
// canonicalJson(a) === canonicalJson(b) without building either string. A 5 000-task catalogue is compared with
// the server's row on every page load and every sync; two canonical strings of it cost about 100 ms of main thread
// (sorting each object's keys with localeCompare), this walk a few milliseconds, and stops at the first difference.

/** JSON with sorted object keys (jsonb does not keep the key order). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** What JSON.stringify writes for a value in an array or as the whole value (undefined: omitted in an object). */
function jsonValue(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return (value as { toJSON(): unknown }).toJSON();
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  return value;
}

function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function same(a: unknown, b: unknown, depth: number): boolean {
  a = jsonValue(a);
  b = jsonValue(b);
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  // Deeper than any setting: compared as strings, as before, rather than by recursion.
  if (depth > 200) return canonicalJson(a) === canonicalJson(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) {
      // In an array, undefined, functions and symbols are written null.
      const x = omitted(a[i]) ? null : a[i];
      const y = omitted(b[i]) ? null : b[i];
      if (!same(x, y, depth + 1)) return false;
    }
    return true;
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let count = 0;
  for (const key of Object.keys(ra)) {
    if (omitted(jsonValue(ra[key]))) continue;
    count += 1;
    if (!Object.prototype.hasOwnProperty.call(rb, key) || !same(ra[key], rb[key], depth + 1)) return false;
  }
  for (const key of Object.keys(rb)) if (!omitted(jsonValue(rb[key]))) count -= 1;
  return count === 0;
}

/** canonicalJson(a) === canonicalJson(b), computed without serialising. */
export function sameJson(a: unknown, b: unknown): boolean {
  return same(a, b, 0);
}
