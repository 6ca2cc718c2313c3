// Project title rule of SPEC.md §5: words capitalised, at most 80 characters, prefixed « Travaux » unless it
// starts with Rénovation, Construction, Installation, Travaux, Création, Mise or Pose; default from the task
// names, or « Projet BTP » when there are none.
import { capitaliseWords, fold, plainPunctuation, squeeze } from './text';

export const MAX_TITLE_LENGTH = 80;
export const DEFAULT_PROJECT_TITLE = 'Projet BTP';
const NO_PREFIX = ['renovation', 'construction', 'installation', 'travaux', 'creation', 'mise', 'pose'];

export function normaliseProjectTitle(raw: string | undefined | null): string | undefined {
  if (!raw) return undefined;
  let text = squeeze(plainPunctuation(raw).replace(/\s*\n\s*/g, ' '))
    .replace(/^(?:projet|chantier|objet|titre|intitule)\s*[:-]\s*/i, '')
    .replace(/^[\s"«»'.,;:-]+|[\s"«».,;:-]+$/g, '')
    .replace(/(?:\s+(?:de|du|des|la|le|les|pour|chez|d'|l'|au|aux|à|a|et))+$/i, '');
  if (!/\p{L}/u.test(text)) return undefined;
  text = capitaliseWords(text);
  const firstWord = fold(text.split(/[\s']/)[0] ?? '');
  if (!NO_PREFIX.includes(firstWord)) text = `Travaux ${text}`;
  return truncateAtWord(text, MAX_TITLE_LENGTH);
}

export function defaultProjectTitle(taskNames: readonly string[]): string {
  if (taskNames.length === 0) return DEFAULT_PROJECT_TITLE;
  return normaliseProjectTitle(taskNames.slice(0, 3).join(', ')) ?? DEFAULT_PROJECT_TITLE;
}

function truncateAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > max / 2 ? cut.slice(0, lastSpace) : text.slice(0, max)).replace(/[\s,;:-]+$/, '');
}
