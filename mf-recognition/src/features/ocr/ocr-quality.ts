// Character error rate of OCR output against the text that was printed (tests and bench).

function normalise(text: string, loose: boolean): string {
  // Dot leaders ("Peinture ....... 12 m2") are layout, not content: OCR reads them as any number of dots or "…".
  let t = text
    .replace(/\s*(?:[.…·]\s*){2,}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (loose)
    t = t
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');
  return t;
}

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Edit distance / length of the expected text, whitespace-normalised; `loose` ignores case and accents. */
export function characterErrorRate(expected: string, actual: string, { loose = false } = {}): number {
  const e = normalise(expected, loose);
  const a = normalise(actual, loose);
  return e.length === 0 ? (a.length === 0 ? 0 : 1) : levenshtein(e, a) / e.length;
}
