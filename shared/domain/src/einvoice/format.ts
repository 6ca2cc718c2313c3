// Text and number formatting of the XML writers: escaping, amounts from integer cents, dates.

// Characters XML 1.0 forbids (C0 controls except tab, LF, CR; lone surrogates; U+FFFE/U+FFFF).
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Integer cents → « 1234.50 » (always two decimals, « - » for a negative amount). */
export function amount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount in cents expected, got ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A decimal (quantity, rate) with at most 4 decimals and no trailing zeros: 65 → « 65 », 5.5 → « 5.5 ». */
export function decimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`finite number expected, got ${value}`);
  const fixed = (Math.round(value * 10000) / 10000).toFixed(4);
  return fixed.replace(/\.?0+$/, '') || '0';
}

/** 'YYYY-MM-DD' → 'YYYYMMDD' (format 102). */
export function date102(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new RangeError(`ISO date expected, got ${iso}`);
  return `${m[1]}${m[2]}${m[3]}`;
}

/** An element with escaped text, or nothing when the value is empty. */
export function el(name: string, value: string | undefined | null, attrs = ''): string {
  if (value === undefined || value === null || value === '') return '';
  return `<${name}${attrs}>${escapeXml(value)}</${name}>`;
}
