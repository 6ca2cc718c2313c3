// Name rule of SPEC.md §5: titles and prefixes stripped, words capitalised, longer than 1 character, not numeric.
import { capitaliseWords, plainPunctuation, squeeze } from './text';

const PREFIX =
  /^(?:(?:client|cliente|nom(?:\s+du\s+client)?|m\.|mr\.?|mme\.?|mlle\.?|melle|mme|madame|monsieur|mademoiselle|messieurs|mesdames|dr\.?|docteur|et)(?:\s*[:-]\s*|\s+|(?<=\.)|$))+/i;

export function normaliseName(raw: string | undefined | null): string | undefined {
  if (!raw) return undefined;
  let text = squeeze(plainPunctuation(raw)).replace(/[,;:.]+$/, '');
  text = text.replace(PREFIX, '').trim();
  if (text.length <= 1) return undefined;
  if (!/\p{L}/u.test(text) || /^[\d\s.,+-]+$/.test(text)) return undefined;
  const result = capitaliseWords(text, { keepLinkingWords: true }).split(' ');
  // « Hervé Le Gall », « Marie La Fontaine »: an article written capitalised inside a name is part of it.
  text.split(/\s+/).forEach((word, i) => {
    if (i > 0 && /^(?:Le|La|Les)$/.test(word) && result[i]) result[i] = word;
  });
  return result.join(' ');
}
