// Pass 4b (units and quantities): each figure of a piece of text with its unit, and the word after it.
import { analyseTerms } from '../../model/catalogue-match';
import { fold } from '../../model/text';
import { matchUnitAt, unitFamily, type CanonicalUnit } from '../../model/units';
import type { Quantity, Segment } from './types';

const NUMBER = /(?<![\p{L}\d.,])(\d+(?:[.,]\d+)?)(?![\d])/gu;
const SIZE_WORD = String.raw`(?:de\s+)?(?:long|longueur|large|largeur|haut|hauteur|profondeur|cote)`;
const SPOKEN_DIMENSION = new RegExp(
  String.raw`\d+(?:[.,]\d+)?\s*(?:m|cm|mm)?\s*${SIZE_WORD}\s*(?:sur|x|×|par|et)\s*\d+(?:[.,]\d+)?\s*(?:m|cm|mm)?(?:\s*${SIZE_WORD})?`,
  'gu',
);
const DIMENSION = /\d+(?:[.,]\d+)?\s*(?:cm|mm|m)?\s*(?:x|×|\*|par|sur)\s*\d+(?:[.,]\d+)?(?:\s*(?:cm|mm|m)\b)?/gu;
const MONEY_AFTER = /^\s*(?:€|euros?\b|eur\b|e\s*ht\b|ht\b|ttc\b|%|pour\s?cent|€\s*\/|francs?\b)/u;
const ORDINAL_AFTER = /^(?:er|ere|e|eme|emes|nd|nde|ieme)\b/u;
/**
 * « le cumulus a quinze ans », « un ballon de deux cents litres », « une chaudière de 24 kW »: an age, a capacity or a
 * power describes the thing, it is never how many of it are quoted.
 */
const DESCRIBES_AFTER =
  /^\s*(?:ans|annees|litres?|l|kw|kva|kwh|watts?|w|volts?|v|amperes?|degres|°|bars?)(?![\p{L}\d])/u;

/**
 * « le poêle fait 200 kilos », « un demi-sac de 25 kilos »: a weight said of a thing; « trois jours de pose »: how long
 * the work takes; « une maison des années 60 »: a decade. None is how much is quoted.
 */
const WEIGHT_AFTER = /^\s*(?:kilos?|kg|tonnes?)(?![a-z])/u;
const WEIGHT_BEFORE = /(?<![a-z])(?:fait|font|pese|pesent|de)\s+(?:environ\s+|dans les\s+|pres de\s+)?$/u;
const DURATION_AFTER = /^\s*jours?\s+de\s+(?:pose|travail|travaux|chantier|sechage|boulot)(?![a-z])/u;
const DECADE_BEFORE = /(?<![a-z])annees\s+$/u;
/** « une benne de 8 m³ », « un big bag d'un mètre cube »: a container's capacity, not a volume of work. */
const CONTAINER_BEFORE =
  /(?<![a-z])(?:bennes?|big\s?bags?|conteneurs?|containers?|remorques?|toupies?)\s+(?:de|d')\s*$/u;
const VOLUME_AFTER = /^\s*(?:m3|m³|metres?\s+cubes?)(?![a-z])/u;

/** « la norme NF C 15-100 », « DTU 52.1 »: the number of a standard is no quantity. */
const STANDARD_BEFORE = /(?<![a-z])(?:nf(?:\s?[a-z])?|dtu|iso|norme)\s*(?:\d+(?:[.,-]\d+)*\s*[-.]?\s*)?$/u;
/** « six prises dont quatre au-dessus du plan de travail »: a part of the figure before, not another figure. */
const SUBSET_BEFORE = /(?<![a-z])dont\s+$/u;
/** « les murs jusqu'à 2 mètres »: a height reached, not a length quoted. */
const REACHED_BEFORE = /(?<![a-z])jusqu['’ ]?\s*(?:a|au)\s+(?:(?:une\s+)?hauteur\s+de\s+)?$/u;

export function findQuantities(folded: string): Quantity[] {
  // Built by push, not map: an empty array from map has another map than a full one and deoptimises (decision 0236).
  const dimensions: Array<readonly [number, number]> = [];
  for (const m of folded.matchAll(DIMENSION)) dimensions.push([m.index, m.index + m[0].length]);
  for (const m of folded.matchAll(SPOKEN_DIMENSION)) dimensions.push([m.index, m.index + m[0].length]);
  const quantities: Quantity[] = [];
  for (const match of folded.matchAll(NUMBER)) {
    const start = match.index;
    let end = start + match[0].length;
    if (dimensions.some(([from, to]) => start >= from && start < to)) continue;
    const after = folded.slice(end);
    if (ORDINAL_AFTER.test(after) || MONEY_AFTER.test(after) || DESCRIBES_AFTER.test(after)) continue;
    const before = folded.slice(Math.max(0, start - 24), start);
    if (STANDARD_BEFORE.test(before) || SUBSET_BEFORE.test(before) || DECADE_BEFORE.test(before)) continue;
    if ((WEIGHT_AFTER.test(after) && WEIGHT_BEFORE.test(before)) || DURATION_AFTER.test(after)) continue;
    if (VOLUME_AFTER.test(after) && CONTAINER_BEFORE.test(before)) continue;
    const value = Number(match[1]!.replace(',', '.'));
    if (/^(?:19|20)\d\d$/.test(match[1]!) && !/^\s*(?:m|h|j|u)/.test(after)) continue;
    const unit = matchUnitAt(folded, end) ?? unitAfterDe(folded, end);
    if (unit) {
      if (unitFamily(unit.unit) === 'measure') continue;
      if (unit.unit === 'm' && REACHED_BEFORE.test(before)) continue;
      // « 45 € le m² » / « 25 €/m² » are prices; « 12 m² à 25 € » keeps the 12.
      if (MONEY_AFTER.test(folded.slice(unit.end))) continue;
      end = unit.end;
    }
    quantities.push({
      value,
      unit: unit?.unit ?? null,
      strength: unit ? 3 : 2,
      start,
      end,
      nextWord: nextWord(folded, end),
    });
  }
  // « Pose de radiateur x3 »: a multiplier written after the task.
  for (const match of folded.matchAll(/(?<![\d.,]\s?)(?<![\p{L}\d])[x×*]\s?(\d{1,4})(?![\d.,]*\s*[x×*]?\s*\d)/gu)) {
    const start = match.index;
    if (quantities.some((q) => q.start <= start + match[0].length - 1 && q.end > start)) continue;
    const unit = matchUnitAt(folded, start + match[0].length);
    quantities.push({
      value: Number(match[1]),
      unit: unit?.unit ?? null,
      strength: unit ? 3 : 2,
      start,
      end: unit?.end ?? start + match[0].length,
      nextWord: nextWord(folded, start + match[0].length),
    });
  }
  for (const match of folded.matchAll(/(?<![\p{L}])(un|une)(?![\p{L}])/gu)) {
    const end = match.index + match[0].length;
    // « une pièce de 20 m² », « une pièce qui fait … »: a room, not one item.
    if (/^\s+pieces?\s+(?:[a-z]+\s+)?(?:de|d'|qui|fait|mesurant)\s*(?:\d|environ)/.test(folded.slice(end))) continue;
    // « un seul jour »
    const only = /^\s+seule?(?![a-z])/.exec(folded.slice(end));
    const unit = matchUnitAt(folded, end + (only?.[0].length ?? 0));
    if (unit && unitFamily(unit.unit) !== 'measure' && unit.unit !== 'l' && unit.unit !== 't') {
      quantities.push({
        value: 1,
        unit: unit.unit,
        strength: 3,
        start: match.index,
        end: unit.end,
        nextWord: nextWord(folded, unit.end),
      });
    } else {
      quantities.push({ value: 1, unit: null, strength: 1, start: match.index, end, nextWord: nextWord(folded, end) });
    }
  }
  // « peinture murs 3 pièces : 95 m² »: next to a measured quantity, « N pièces » counts rooms, not items.
  const measured = quantities.some((q) => q.unit !== null && ['area', 'length', 'volume'].includes(unitFamily(q.unit)));
  const kept = measured
    ? quantities.filter((q) => !(q.unit === 'u' && /^\s*pieces?\b/.test(folded.slice(q.start).replace(/^[\d.,]+/, ''))))
    : quantities;
  return kept.sort((a, b) => a.start - b.start);
}

/** « une dizaine de mètres linéaires »: a unit after « de ». */
function unitAfterDe(folded: string, end: number): { unit: CanonicalUnit; end: number } | null {
  const de = /^\s+d(?:e\s+|')/.exec(folded.slice(end));
  if (!de) return null;
  const unit = matchUnitAt(folded, end + de[0].length);
  return unit &&
    ['m2', 'ml', 'm', 'm3', 'h', 'jour', 'kg'].includes(unit.unit) &&
    /^(?:metre|heure|jour|kilo|m2|m²|ml)/.test(folded.slice(end + de[0].length))
    ? unit
    : null;
}

const FILLER = new Set([
  'de',
  'd',
  'du',
  'des',
  'la',
  'le',
  'les',
  'l',
  'en',
  'a',
  'au',
  'aux',
  'environ',
  'pour',
  'sur',
  'dans',
  // « huit en tout », « 12 au total »: the figure stands alone.
  'tout',
  'total',
]);

function nextWord(folded: string, from: number): string | null {
  for (const match of folded.slice(from).matchAll(/[a-z][a-z0-9]*/g)) {
    if (!FILLER.has(match[0])) return match[0];
  }
  return null;
}

/** A segment saying several quantities (« peinture 20 m² carrelage 12 m² ») is cut into one part per quantity. */
export function splitOnQuantities(segment: Segment): Segment[] {
  const withUnit = segment.quantities.filter((q) => q.strength === 3);
  const bare = segment.quantities.filter((q) => q.strength === 2);
  const cuts = withUnit.length >= 2 ? withUnit : withUnit.length === 0 && bare.length >= 2 ? bare : [];
  if (cuts.length < 2) return [segment];
  const before = segment.folded.slice(0, cuts[0]!.start);
  // « PC x 6 (4 plan de travail) », « WC x 2 … »: a two-letter abbreviation of the trade is a leading word too.
  const leadingWords =
    /[a-z]{3,}/.test(before.replace(/\b(?:de|du|des|la|le|les|et|environ|pour|dans)\b/g, '')) ||
    analyseTerms(before).some((t) => t.role === 'head');
  const bounds: Array<[number, number]> = [];
  if (leadingWords) {
    let from = 0;
    for (const q of cuts) {
      bounds.push([from, q.end]);
      from = q.end;
    }
    const last = bounds[bounds.length - 1]!;
    last[1] = segment.text.length;
  } else {
    cuts.forEach((q, i) => bounds.push([q.start, cuts[i + 1]?.start ?? segment.text.length]));
  }
  return bounds.map(([from, to]) => {
    const text = segment.text.slice(from, to);
    const folded = fold(text);
    return { ...segment, text, folded, quantities: findQuantities(folded) };
  });
}
