// Pass 3 (numbers, after number words became digits): spoken corrections and time fractions.
import { fold } from '../../model/text';
import { matchUnitAt } from '../../model/units';

/** The markers of a spoken correction, longest first; each is a whole word (« Avignon » holds no « non »). */
export const CORRECTION_MARKERS = [
  String.raw`non[ \t]+pardon`,
  String.raw`non[ \t]+attendez`,
  String.raw`non[ \t]+attends?`,
  String.raw`non[ \t]+c['’]est`,
  String.raw`je[ \t]+me[ \t]+suis[ \t]+tromp[ée]e?`,
  String.raw`ou[ \t]+plut[oô]t`,
  String.raw`je[ \t]+corrige`,
  String.raw`je[ \t]+rectifie`,
  String.raw`je[ \t]+veux[ \t]+dire`,
  String.raw`je[ \t]+dirais(?:[ \t]+plut[oô]t)?`,
  String.raw`en[ \t]+fait`,
  String.raw`au[ \t]+final`,
  'finalement',
  'rectification',
  'pardon',
  'attendez',
  'attends',
  String.raw`plut[oô]t`,
  'enfin',
  'disons',
  'non',
];
const MARKER = String.raw`(?<![\p{L}])(?:${CORRECTION_MARKERS.join('|')})(?![\p{L}])`;
/** One marker or several said in a row (« attendez non », « non finalement », « enfin non »). */
const CORRECTION_WORDS = String.raw`(?:${MARKER}(?:[ \t]*,?[ \t]*${MARKER})*(?:[ \t]*,?[ \t]*(?:c['’]est|plut[oô]t))?|→|[-=]+>|-?»)`;
/**
 * « 12 mètres de plinthes non pardon 15 », « 4 spots non 5 », « en 15 cm, non, en 12 », « 12 ml → 15 ml » on a note (OCR: « -> », « -» »):
 * the figure said last wins, the words stay.
 */
const INLINE_CORRECTION = new RegExp(
  String.raw`(?<![\d.,\p{L}])(\d+(?:[.,]\d+)?)((?:[ \t]+(?!non\b|pardon\b|plut|enfin\b|disons\b|je\b|ou\b|attend|en[ \t]+fait\b|finalement\b|rectification\b|au[ \t]+final\b)[\p{L}²³'’]+[23]?){0,4}?)[ \t]*,?[ \t]*${CORRECTION_WORDS}[ \t]*,?[ \t]*(?:(?:en|de)[ \t]+)?(\d+(?:[.,]\d+)?)(?![\d])`,
  'giu',
);

/** « non, un seul », « non, qu'une »: after a correction marker, one. */
const CORRECTED_TO_ONE = new RegExp(
  String.raw`(${CORRECTION_WORDS}[ \t]*,?[ \t]*)(?:un[ \t]+seul|une[ \t]+seule|qu['’][ \t]*une?|juste[ \t]+une?)(?![\p{L}])`,
  'giu',
);
const SIZE = String.raw`\d+(?:[.,]\d+)?(?:[ \t]*(?:m(?![\p{L}²])|mètres?|metres?))?[ \t]*(?:sur|par|x|×|fois)[ \t]*\d+(?:[.,]\d+)?(?:[ \t]*(?:m(?![\p{L}²])|mètres?|metres?))?`;
/** « 4 mètres sur 3, non pardon, 4 sur 3 et demi »: a size corrected by another size; the first is dropped whole. */
const CORRECTED_SIZE = new RegExp(
  String.raw`(?<![\d.,])${SIZE}[ \t]*,?[ \t]*${CORRECTION_WORDS}[ \t]*,?[ \t]*(?=${SIZE})`,
  'giu',
);

/** « pose de lino, enfin de parquet »: the object said again after the same preposition replaces the first one. */
const CORRECTED_OBJECT = new RegExp(
  String.raw`(?<![\p{L}])(de|du|des)[ \t]+\p{L}+[ \t]*,?[ \t]*(?:enfin|non|pardon|plut[oô]t|non[ \t]+pardon)[ \t]*,?[ \t]*(?:de|du|des)[ \t]+(?=\p{L})`,
  'giu',
);

export function rewriteCorrections(input: string): string {
  const text = input.replace(CORRECTED_SIZE, '').replace(CORRECTED_TO_ONE, '$1 1').replace(CORRECTED_OBJECT, '$1 ');
  return text.replace(INLINE_CORRECTION, (whole, _first: string, words: string, last: string, offset: number) => {
    const after = text.slice(offset + whole.length);
    const firstWord = /^[ \t]+([\p{L}²]+)/u.exec(words)?.[1];
    // The new figure says its own unit again (« 3 heures, non 4 heures »).
    if (firstWord && new RegExp(String.raw`^[ \t]*${firstWord.slice(0, 3)}`, 'iu').test(after)) return last;
    const unitAfter = matchUnitAt(fold(after.replace(/^[ \t]*/, '')), 0);
    if (unitAfter) return last;
    // « 4 prises enfin 2 interrupteurs » lists two things: only a bare figure corrects (« non 23 avec la cuisine »,
    // « non 35 dans le séjour »: a place or a complement after the figure is no second thing).
    if (
      /^[ \t]+(?!(?:et|de|du|des|avec|dans|pour|sur|au|aux|en|chez|côté)(?![\p{L}])|d')\p{L}{3,}/u.test(after) &&
      words.trim()
    )
      return whole;
    return `${last}${words}`;
  });
}

/** « 3 quarts d'heure » → 0.75 h, « 1 heure et quart » → 1.25 h, « 1 h 30 » → 1.5 h. */
export function rewriteTimeFractions(text: string): string {
  return text
    .replace(
      /(?<![\p{L}\d])(?:(\d+)|un|une)[ \t]+quarts?[ \t]+d['’][ \t]*heures?/giu,
      (_, n?: string) => `${(Number(n ?? 1) * 0.25).toString()} h`,
    )
    .replace(
      /(?<![\d.,])(\d+)[ \t]*(?:heures?|h)[ \t]+et[ \t]+quart(?![\p{L}])/giu,
      (_, n: string) => `${Number(n) + 0.25} h`,
    )
    .replace(
      /(?<![\d.,])(\d+)[ \t]*(?:heures?|h)[ \t]+moins[ \t]+(?:le[ \t]+)?quart(?![\p{L}])/giu,
      (_, n: string) => `${Number(n) - 0.25} h`,
    )
    .replace(
      /(?<![\d.,])(\d+)[ \t]*(?:heures?|h)[ \t]*(15|30|45)(?![\d\p{L}])/giu,
      (_, n: string, m: string) => `${Number(n) + Number(m) / 60} h`,
    );
}
