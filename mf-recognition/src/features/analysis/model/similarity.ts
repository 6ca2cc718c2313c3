// Jaro-Winkler similarity, used on word stems to absorb OCR and spelling slips (pelnture ≈ peinture).

// By the smaller word, then the other (no key string built per look-up).
const cache = new Map<string, Map<string, number>>();
let cached = 0;

/** Jaro-Winkler similarity of two words (memoised: the same stems meet again and again). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const first = a < b ? a : b;
  const second = a < b ? b : a;
  const known = cache.get(first)?.get(second);
  if (known !== undefined) return known;
  const value = computeJaroWinkler(a, b);
  if (cached > 50_000) {
    cache.clear();
    cached = 0;
  }
  let row = cache.get(first);
  if (!row) cache.set(first, (row = new Map()));
  row.set(second, value);
  cached += 1;
  return value;
}

function computeJaroWinkler(a: string, b: string): number {
  if (a.length === 0 || b.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatched = new Array<boolean>(a.length).fill(false);
  const bMatched = new Array<boolean>(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i += 1) {
    const from = Math.max(0, i - window);
    const to = Math.min(b.length - 1, i + window);
    for (let j = from; j <= to; j += 1) {
      if (bMatched[j] || a[i] !== b[j]) continue;
      aMatched[i] = true;
      bMatched[j] = true;
      matches += 1;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < a.length; i += 1) {
    if (!aMatched[i]) continue;
    while (!bMatched[k]) k += 1;
    if (a[i] !== b[k]) transpositions += 1;
    k += 1;
  }
  const m = matches;
  const jaro = (m / a.length + m / b.length + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix += 1;
  return jaro + prefix * 0.1 * (1 - jaro);
}
