// Pass 4c (several places): a size said of each of several identical places is that many times the size —
// « les deux chambres de 12 m² » (24 m²), « 2 chambres de 3 sur 4 » once the dimensions pass made it « 2 chambres de
// 35 m² », « les 3 chambres de 10 m² chacune », « sur les 2 côtés de la maison, 12 mètres chacun ». The places and the
// « chacun » words are data (lexicon/sizes.json).
import { SIZE_WORDS } from '../../model/trade-lexicon';

const alternatives = (list: readonly string[]) =>
  [...list]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[ \t]+/g, String.raw`[ \t]+`).replace(/['’]/g, "['’]"))
    .join('|');
const PLACES = alternatives(SIZE_WORDS.places);
const EACH = alternatives(SIZE_WORDS.each);
/** « les deux longs pans », « les 3 petites chambres »: a size adjective between the count and the places. */
const SIZE_ADJECTIVE = String.raw`(?:(?:longs?|longues?|grands?|grandes?|petits?|petites?|hauts?|hautes?)[ \t]+)?`;
const MEASURE = String.raw`(\d+(?:[.,]\d+)?)([ \t]*(?:m²|m2|m³|m3|ml|m[èe]tres?(?:[ \t]+(?:carr[ée]s?|lin[ée]aires?|cubes?))?|m)(?![\p{L}\d²³]))`;
/** « (les) 2 chambres de 12 m² (chacune) ». */
const COUNTED_OF = new RegExp(
  String.raw`(?<![\p{L}\d.,])([2-9])[ \t]+${SIZE_ADJECTIVE}(?:${PLACES})(?![\p{L}])[ \t]*(?:de|d['’]|qui[ \t]+font|font|faisant|mesurant)[ \t]*(?:environ[ \t]+)?${MEASURE}(?:[ \t]*,?[ \t]*(?:${EACH})(?![\p{L}]))?`,
  'giu',
);
/** « les 2 côtés de la maison, 12 mètres chacun »: the count first, the size of each later in the clause. */
const COUNTED_EACH = new RegExp(
  String.raw`(?<![\p{L}\d.,])([2-9])[ \t]+${SIZE_ADJECTIVE}(?:${PLACES})(?![\p{L}])([^\d\n.;]{0,40}?)${MEASURE}[ \t]*,?[ \t]*(?:${EACH})(?![\p{L}])`,
  'giu',
);
/** « faïence sur 2 murs de la cuisine, chacun 3 m de long sur 60 cm de haut »: « chacun » before the size. */
const COUNTED_EACH_BEFORE = new RegExp(
  String.raw`(?<![\p{L}\d.,])([2-9])[ \t]+${SIZE_ADJECTIVE}(?:${PLACES})(?![\p{L}])([^\d\n.;]{0,40}?(?:${EACH})[ \t]*,?[ \t]*(?:de[ \t]+)?)${MEASURE}`,
  'giu',
);

/** « deux murs de 1,20 m, 2,50 m de haut »: N walls of one length and one height, the area of all. */
const LENGTH = String.raw`(\d+(?:[.,]\d+)?)[ \t]*(?:m(?![\p{L}²])|m[èe]tres?(?![ \t]+(?:carr|cub|lin)))?`;
const COUNTED_BY_HEIGHT = new RegExp(
  String.raw`(?<![\p{L}\d.,])([2-9])[ \t]+${SIZE_ADJECTIVE}((?:${PLACES})(?![\p{L}]))[ \t]*(?:de|d['’]|qui[ \t]+font|font|faisant|mesurant)[ \t]*${LENGTH}(?:[ \t]+de[ \t]+(?:long|large)(?:ueur)?(?![\p{L}]))?[ \t]*,?[ \t]*(?:(?:sur|par|et)[ \t]+)?${LENGTH}[ \t]*(?:de[ \t]+)?(?:hauteur|haut|sous[ \t]+plafond)(?![\p{L}])`,
  'giu',
);

const num = (raw: string) => Number(raw.replace(',', '.'));
const fmt = (value: number) => `${Math.round(value * 1000) / 1000}`;

export function rewriteSeveralPlaces(input: string): string {
  return input
    .replace(COUNTED_BY_HEIGHT, (whole, n: string, places: string, a: string, h: string) => {
      const [length, height] = [num(a), num(h)];
      if (length > 30 || height <= 0 || height > 6) return whole;
      return `${places} : ${fmt(Number(n) * length * height)} m²`;
    })
    .replace(COUNTED_OF, (whole, n: string, value: string, unit: string) => {
      const at = whole.indexOf(value, n.length);
      return `${whole.slice(0, at)}${fmt(Number(n) * num(value))}${unit}`;
    })
    .replace(COUNTED_EACH, (whole, n: string, between: string, value: string, unit: string) => {
      const head = whole.slice(0, whole.indexOf(between, n.length) + between.length);
      return `${head}${fmt(Number(n) * num(value))}${unit}`;
    })
    .replace(COUNTED_EACH_BEFORE, (whole, n: string, between: string, value: string, unit: string) => {
      const head = whole.slice(0, whole.indexOf(between, n.length) + between.length);
      return `${head}${fmt(Number(n) * num(value))}${unit}`;
    });
}
