// Phone rule of SPEC.md §5: look-alike letters become digits, +33/0033 becomes a leading 0, exactly
// 10 digits starting 0[1-9], formatted in pairs; anything else is dropped.

const LOOK_ALIKES: Record<string, string> = {
  O: '0',
  o: '0',
  Q: '0',
  D: '0',
  l: '1',
  I: '1',
  i: '1',
  '|': '1',
  '!': '1',
  L: '1',
  Z: '2',
  z: '2',
  S: '5',
  s: '5',
  G: '6',
  b: '6',
  T: '7',
  B: '8',
  g: '9',
  q: '9',
};

export function normalisePhone(raw: string | undefined | null): string | undefined {
  if (!raw) return undefined;
  let text = raw.trim().replace(/\(0\)/g, '');
  text = [...text].map((c) => LOOK_ALIKES[c] ?? c).join('');
  const plus = text.trimStart().startsWith('+');
  let digits = text.replace(/\D/g, '');
  if (plus && digits.startsWith('33')) digits = '0' + digits.slice(2);
  else if (digits.startsWith('0033')) digits = '0' + digits.slice(4);
  else if (digits.length === 11 && digits.startsWith('33')) digits = '0' + digits.slice(2);
  if (!/^0[1-9]\d{8}$/.test(digits)) return undefined;
  return digits.replace(/(\d{2})(?=\d)/g, '$1 ');
}

const CANDIDATE = /(?<![\w@.])(\+\s?33\s?(?:\(0\))?|0033|[0O])(?:[\s.,\-/]{0,3}[0-9OoIlSB|]){9}(?![0-9])/g;

/** Phone numbers written in a text (OCR look-alikes accepted), with their position. */
export function findPhoneNumbers(text: string): Array<{ phone: string; start: number; end: number }> {
  const found: Array<{ phone: string; start: number; end: number }> = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const candidate = match[0];
    // Look-alike letters are only trusted inside something that is mostly digits already.
    if ((candidate.match(/\d/g)?.length ?? 0) < 7) continue;
    const phone = normalisePhone(candidate);
    if (phone) found.push({ phone, start: match.index, end: match.index + candidate.length });
  }
  return found;
}
