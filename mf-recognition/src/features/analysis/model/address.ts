// Address rule of SPEC.md §5: longer than 10 characters; a 5-digit postal code, if present, must be 1000–99999.
import { plainPunctuation, squeeze } from './text';

export function normaliseAddress(raw: string | undefined | null): string | undefined {
  if (!raw) return undefined;
  const text = squeeze(plainPunctuation(raw).replace(/\s*\n\s*/g, ', '))
    .replace(/\s+,/g, ',')
    .replace(/^[,;:.\-\s]+|[,;:\-\s]+$/g, '');
  if (text.length <= 10) return undefined;
  for (const match of text.matchAll(/(?<!\d)(\d{5})(?!\d)/g)) {
    const code = Number(match[1]);
    if (code < 1000 || code > 99999) return undefined;
  }
  return text;
}
