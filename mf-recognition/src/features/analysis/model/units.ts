// Units as artisans write, say and OCR them → one canonical id (reference/recognition.md §3.2).
import { fold, plainPunctuation } from './text';

export type CanonicalUnit = 'm2' | 'm3' | 'ml' | 'm' | 'h' | 'jour' | 'forfait' | 'u' | 'kg' | 't' | 'l' | 'cm' | 'mm';

/** Longest alternatives first; applied to folded text right after a number. */
const UNIT_FORMS: ReadonlyArray<[CanonicalUnit, string]> = [
  ['m2', String.raw`m(?:etre|etres|tr|trs)?\s*carres?\b|m\s*²|m2(?![0-9])|m\?|m°|mq\b|m\s+2(?=\s+(?:de|d'|du|des)\b)`],
  ['m3', String.raw`m(?:etre|etres)?\s*cubes?\b|m\s*³|m3(?![0-9])`],
  ['ml', String.raw`m(?:etre|etres)?\s*lineaires?\b|m\.\s?l\.?|ml\b|mi\b|lineaires?\b`],
  ['cm', String.raw`cm\b|centimetres?\b`],
  ['mm', String.raw`mm\b|millimetres?\b`],
  ['m', String.raw`metres?\b|mtrs?\b|m\b`],
  ['h', String.raw`heures?\b|hrs?\b|h\b`],
  ['jour', String.raw`jours?\b|journees?\b|jrs?\b|j\b`],
  ['forfait', String.raw`forfaits?\b|forf\.?|fft\b|ft\b`],
  ['u', String.raw`unites?\b|u\b|pieces?\b|pces?\b|pcs?\b|ensembles?\b|ens\b`],
  ['kg', String.raw`kg\b|kilos?\b|kilogrammes?\b`],
  ['t', String.raw`tonnes?\b|t\b`],
  ['l', String.raw`litres?\b|l\b`],
];

const UNIT_AT = new RegExp(UNIT_FORMS.map(([unit, form]) => `(?<${unit}>${form})`).join('|'), 'y');

/** The unit written at `index` of a folded text (blanks before it allowed), or null. */
export function matchUnitAt(folded: string, index: number): { unit: CanonicalUnit; end: number } | null {
  let start = index;
  while (folded[start] === ' ') start += 1;
  UNIT_AT.lastIndex = start;
  const match = UNIT_AT.exec(folded);
  if (!match?.groups) return null;
  for (const [unit] of UNIT_FORMS) {
    const text = match.groups[unit];
    if (text !== undefined) return { unit, end: start + text.length };
  }
  return null;
}

/** Canonical id of a unit written on its own ("m²", "mètres carrés", "unité", "Forfait", "heure"), or null. */
export function canonicalUnit(raw: string | undefined | null): CanonicalUnit | null {
  if (!raw) return null;
  const folded = fold(plainPunctuation(raw)).trim().replace(/\.$/, '');
  if (!folded) return null;
  const found = matchUnitAt(folded, 0);
  return found && found.end >= folded.length - 1 ? found.unit : null;
}

export type UnitFamily = 'area' | 'length' | 'volume' | 'time' | 'count' | 'mass' | 'liquid' | 'measure';

export function unitFamily(unit: CanonicalUnit): UnitFamily {
  switch (unit) {
    case 'm2':
      return 'area';
    case 'ml':
    case 'm':
      return 'length';
    case 'm3':
      return 'volume';
    case 'h':
    case 'jour':
      return 'time';
    case 'forfait':
    case 'u':
      return 'count';
    case 'kg':
    case 't':
      return 'mass';
    case 'l':
      return 'liquid';
    case 'cm':
    case 'mm':
      return 'measure';
  }
}

/** True when a quantity said in `spoken` can be the quantity of a catalogue task sold per `catalogue`. */
export function unitsCompatible(spoken: CanonicalUnit, catalogue: CanonicalUnit | null): boolean {
  if (unitFamily(spoken) === 'measure') return false;
  if (catalogue === null) return unitFamily(spoken) !== 'liquid';
  return unitFamily(spoken) === unitFamily(catalogue);
}
