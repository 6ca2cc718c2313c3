// Pass 3 (sizes, inside rewriteDimensions after spoken sizes; issue 31, decision 0210): walls listed by their parts,
// some of them counted — « 2 murs de 1 mètre par 2.1 mètres et un de 1.2 mètre par 2.1 mètres », « un de 1.2 m et 2
// de 90 sur 2 m de haut », « une partie de 2.9 mètres et une de 1.5 mètre, sur 60 centimètres de haut ». Each part
// is its count times its size; the surface written is their sum. Only where the sentence before names walls.

const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
const COUNT = String.raw`(?:un|une|l['’]autre|\d{1,2})`;
const PART_WORD = String.raw`(?:murs?|pans?|parties?|morceaux?|c[ôo]t[ée]s?)`;
const M = String.raw`(?:m(?![\p{L}²\d])|m[èe]tres?(?![ \t]+(?:carr|cub|lin)))`;
const CM = String.raw`(?:cm|centim[èe]tres?)(?![\p{L}])`;
const BY = String.raw`[ \t]*(?:par|sur|x|×)[ \t]*`;
/** One part with its own two sides: « 2 murs de 1 mètre par 2.1 mètres ». */
const SIDED_PART = String.raw`${COUNT}[ \t]+(?:${PART_WORD}[ \t]+)?(?:de[ \t]+)?${NUMBER}[ \t]*(?:${M}|${CM})?${BY}${NUMBER}[ \t]*${M}?`;
const SIDED_RUN = new RegExp(
  String.raw`(?<![\p{L}\d.,])${SIDED_PART}(?:[ \t]*,?[ \t]*(?:et[ \t]+)?${SIDED_PART})*(?![\p{L}\d]|[ \t]*(?:${M}|${CM}|de[ \t]+(?:haut|long|large)))`,
  'giu',
);
/** One part by its length: « un de 1.2 m », « 2 de 90 », « une partie de 2.9 mètres ». */
const LENGTH_PART = String.raw`${COUNT}[ \t]+(?:${PART_WORD}[ \t]+)?de[ \t]+${NUMBER}(?:[ \t]*(?:${M}|${CM}))?(?:[ \t]+de[ \t]+(?:large|long)(?![\p{L}]))?`;
const HEIGHT = String.raw`[ \t]*,?[ \t]*(?:(?:sur|et|avec)[ \t]+)?(?:(?:une[ \t]+)?hauteur[ \t]+(?:de[ \t]+)?(${NUMBER})[ \t]*(${M}|${CM})?|(${NUMBER})[ \t]*(${M}|${CM})?[ \t]*(?:de[ \t]+(?:haut|hauteur)|du[ \t]+sol[ \t]+au[ \t]+plafond|sous[ \t]+plafond)(?![\p{L}]))`;
const LENGTH_RUN = new RegExp(
  String.raw`(?<![\p{L}\d.,])${LENGTH_PART}(?:[ \t]*,?[ \t]*(?:et[ \t]+)?${LENGTH_PART})*${HEIGHT}`,
  'giu',
);
const PART = new RegExp(
  String.raw`(${COUNT})[ \t]+(?:${PART_WORD}[ \t]+)?(?:de[ \t]+)?(${NUMBER})[ \t]*(${M}|${CM})?`,
  'giu',
);
const SIDES = new RegExp(
  String.raw`(${COUNT})[ \t]+(?:${PART_WORD}[ \t]+)?(?:de[ \t]+)?(${NUMBER})[ \t]*(${M}|${CM})?${BY}(${NUMBER})`,
  'giu',
);
const WALLS_BEFORE = /(?<![\p{L}])(?:murs?|murale?s?|faïence|faience|crédence|credence|parois?)(?![\p{L}])/iu;
/** « 2 murs de 4 m et 2 de 3 m … »: the run itself opens on walls. */
const WALLS_FIRST = /^\S+[ \t]+(?:murs?|pans[ \t]+de[ \t]+murs?)(?![\p{L}])/iu;

const num = (raw: string) => Number(raw.replace(',', '.'));
const countOf = (raw: string) => (/^\d/.test(raw) ? num(raw) : 1);
/** A length said bare: « 90 » is centimetres, « 2.1 » metres; a unit said decides. */
const metres = (value: string, unit: string | undefined) => {
  const v = num(value);
  if (unit) return /^c/iu.test(unit) ? v / 100 : v;
  return v >= 10 ? v / 100 : v;
};
const fmt = (value: number) => `${Math.round(value * 100) / 100} m²`;

function sentenceBefore(text: string, offset: number): string {
  const from = Math.max(text.lastIndexOf('\n', offset), text.lastIndexOf('. ', offset)) + 1;
  return text.slice(from, offset);
}

export function rewriteCountedParts(input: string): string {
  let text = input.replace(SIDED_RUN, (whole: string, offset: number, all: string) => {
    if (!WALLS_BEFORE.test(sentenceBefore(all, offset))) return whole;
    const parts = [...whole.matchAll(SIDES)];
    // One counted part alone (« 2 murs de 2 sur 2.5 ») is several places (places.ts).
    if (parts.length < 2) return whole;
    let total = 0;
    for (const [, count, a, unit, b] of parts) {
      const [x, y] = [unit ? metres(a!, unit) : num(a!), num(b!)];
      if (x <= 0 || y <= 0 || x > 30 || y > 6) return whole;
      total += countOf(count!) * x * y;
    }
    return fmt(total);
  });
  text = text.replace(LENGTH_RUN, (whole: string, h1?: string, u1?: string, h2?: string, u2?: string, ...rest) => {
    const offset = rest.find((r) => typeof r === 'number') as number;
    const all = rest.find((r) => typeof r === 'string') as string;
    if (!WALLS_BEFORE.test(sentenceBefore(all, offset)) && !WALLS_FIRST.test(whole)) return whole;
    const height = metres((h1 ?? h2)!, u1 ?? u2);
    const run = whole.slice(0, whole.search(new RegExp(HEIGHT, 'iu')));
    const parts = [...run.matchAll(PART)];
    if (parts.length < 2 && parts.every((p) => countOf(p[1]!) < 2)) return whole;
    // Single parts with their units and a height in metres are a listed run (dimensions.ts, LISTED_LENGTHS).
    if (parts.every((p) => countOf(p[1]!) < 2 && p[3]) && !/^c/iu.test(u1 ?? u2 ?? '')) return whole;
    let length = 0;
    for (const [, count, value, unit] of parts) {
      const l = metres(value!, unit);
      if (l <= 0 || l > 30) return whole;
      length += countOf(count!) * l;
    }
    if (height <= 0 || height > 6) return whole;
    return fmt(length * height);
  });
  return text;
}
