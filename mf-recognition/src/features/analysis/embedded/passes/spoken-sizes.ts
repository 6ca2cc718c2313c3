// Pass 4a (spoken sizes): the other ways people say a size become the one form the dimensions pass reads, « a sur b »
// (and « a sur b, hauteur h »): « 4 fois 3 », « 5 mètres de long et 3 de large », « longueur 5, largeur 3,20 »,
// « 5 m de long, 1,20 de large, 2,50 de haut », a side in centimetres next to one in metres (« 2,40 par 50 cm »).
// A room's perimeter said as such (« la longueur totale des murs fait 14 m », with a height) becomes the walls'
// area; a surface said with a thickness (« 20 m² sur 15 cm d'épaisseur ») a volume, unless the work is sold by the
// square metre (chape, ragréage).
import { SIZE_WORDS } from '../../model/trade-lexicon';

const N = String.raw`(\d+(?:[.,]\d+)?)`;
const UNIT = String.raw`[ \t]*(m(?![\p{L}²])|mètres?|metres?|cm|centim[èe]tres?)?`;
const LONG = String.raw`(?:de[ \t]+)?(?:long(?:ueur)?)`;
const WIDE = String.raw`(?:de[ \t]+)?(?:large(?:ur)?)`;
const HIGH = String.raw`(?:de[ \t]+)?(?:haut(?:eur)?)(?:[ \t]+sous[ \t]+plafond)?`;
const JOIN = String.raw`[ \t]*,?[ \t]*(?:(?:et|sur|par|x|×)[ \t]+)?`;

const num = (raw: string) => Number(raw.replace(',', '.'));
const fmt = (value: number) => `${Math.round(value * 1000) / 1000}`;
const metres = (value: string, unit: string | undefined) => (unit && /^c/iu.test(unit) ? num(value) / 100 : num(value));
const side = (value: string, unit: string | undefined) => fmt(metres(value, unit));
const words = (list: readonly string[]) => list.map((w) => w.replace(/[ \t]+/g, String.raw`[ \t]+`)).join('|');

/** « 5 m de long, 1,20 de large, 2,50 de haut » (any order of long and large): a room and its height. */
const THREE_SIDES = new RegExp(
  String.raw`(?<![\d.,])${N}${UNIT}[ \t]*(${LONG}|${WIDE})${JOIN}${N}${UNIT}[ \t]*(?:${LONG}|${WIDE})${JOIN}${N}${UNIT}[ \t]*${HIGH}(?![\p{L}])`,
  'giu',
);
/** « 8 mètres de long et 5 mètres de large », « 5 de large sur 8 de long ». */
const LONG_AND_WIDE = new RegExp(
  String.raw`(?<![\d.,])${N}${UNIT}[ \t]*(?:${LONG}|${WIDE})${JOIN}${N}${UNIT}[ \t]*(?:${LONG}|${WIDE})(?![\p{L}])`,
  'giu',
);
/** « longueur du plafond cinq mètres, largeur trois mètres vingt ». */
const LENGTH_THEN_WIDTH = new RegExp(
  String.raw`(?<![\p{L}])longueur(?:[ \t]+(?:de|du|des|d['’])(?:[ \t]*(?:la|le|les|l['’]))?[ \t]*\p{L}+)?[ \t]*(?:de|:|=|fait)?[ \t]*${N}${UNIT}[ \t]*,?[ \t]*(?:et[ \t]+)?(?:(?:la|une)[ \t]+)?largeur[ \t]*(?:de|:|=|fait)?[ \t]*${N}${UNIT}`,
  'giu',
);
/** « longueur 4 mètres, hauteur 2,50 »: a wall or a partition, said as « 4 mètres de long, hauteur 2,50 ». */
const LENGTH_THEN_HEIGHT = new RegExp(
  String.raw`(?<![\p{L}])longueur[ \t]*(?:de|:|=)?[ \t]*${N}${UNIT}[ \t]*,?[ \t]*(?:et[ \t]+)?(?:(?:la|une)[ \t]+)?(?=hauteur)`,
  'giu',
);
/** « une pièce carrée de 4 mètres de côté »: a square. */
const SQUARE_SIDE = new RegExp(String.raw`(?<![\d.,])${N}${UNIT}[ \t]+de[ \t]+c[ôo]t[ée](?![\p{L}])`, 'giu');
/** « 5 mètres linéaires sur 2,50 de haut »: a length in linear metres, then a height. */
const LINEAR_BY_HEIGHT = new RegExp(
  String.raw`(?<![\d.,])${N}[ \t]*(?:ml|m(?:[èe]tres?)?[ \t]+lin[ée]aires?)(?=[ \t]*,?[ \t]*(?:sur|par|x|et)?[ \t]*(?:(?:une[ \t]+)?hauteur[ \t]*(?:de[ \t]+)?)?\d+(?:[.,]\d+)?[ \t]*(?:m(?![\p{L}²])|mètres?)?[ \t]*(?:de[ \t]+)?haut)`,
  'giu',
);
/** « 4 x 5 x 0,15 »: a slab whose thickness, under one, is in metres. */
const THREE_BY_METRES = new RegExp(
  String.raw`(?<![\d.,])${N}[ \t]*(?:m(?![\p{L}²]))?[ \t]*(?:x|×|sur|par)[ \t]*${N}[ \t]*(?:m(?![\p{L}²]))?[ \t]*(?:x|×|sur|par)[ \t]*(0[.,]\d+)[ \t]*(?:m(?![\p{L}²]))?(?![\d])`,
  'giu',
);
/** « 4 fois 3 », « quatre fois trois mètres cinquante »: a product of two sides (not « 2 fois 3 heures »). */
const TIMES = new RegExp(
  String.raw`(?<![\d.,])${N}${UNIT}[ \t]+fois[ \t]+(?=\d+(?:[.,]\d+)?(?![\d.,]*[ \t]*(?:h(?![\p{L}])|heures?|€|euros?|jours?|couches?)))`,
  'giu',
);
/** « 2,40 m par 50 cm », « 60 centimètres sur 3 mètres »: one side in centimetres, the other in metres. */
const LENGTH_UNIT = String.raw`(m(?![\p{L}²])|m[èe]tres?(?![\p{L}]|[ \t]+(?:carr|cub|lin))|cm|centim[èe]tres?)`;
const MIXED_SIDES = new RegExp(
  String.raw`(?<![\d.,])${N}[ \t]*${LENGTH_UNIT}[ \t]*(?:x|×|sur|par)[ \t]*${N}[ \t]*${LENGTH_UNIT}(?![ \t]*(?:d['’][ \t]*)?[ée]paisseur)`,
  'giu',
);
const PERIMETER = new RegExp(
  String.raw`(?<![\p{L}])(?:${words(SIZE_WORDS.perimeters)})[ \t]*(?:fait|de|:|=|est[ \t]+de|mesure|d['’]environ)?[ \t]*${N}[ \t]*(?:m(?![\p{L}²])|mètres?|metres?)?`,
  'giu',
);
/** « …, 2,50 de haut », « hauteur 2,50 », faïence « et on monte à 1,20 »: the height said right after a perimeter. */
const HEIGHT_NEAR = new RegExp(
  String.raw`^[ \t]*,?[ \t]*(?:(?:et|avec|sur)[ \t]+)?(?:(?:on[ \t]+monte|monter|on[ \t]+remonte)[ \t]+(?:[àa]|jusqu['’][ \t]*[àa])[ \t]+${N}[ \t]*(?:m(?![\p{L}²])|mètres?|metres?)?|(?:une[ \t]+)?(?:hauteur|haut)(?:[ \t]+sous[ \t]+plafond)?[ \t]*(?:de|:)?[ \t]*${N}[ \t]*(?:m(?![\p{L}²])|mètres?|metres?)?|${N}[ \t]*(?:m(?![\p{L}²])|mètres?|metres?)?[ \t]*(?:de[ \t]+)?(?:hauteur|haut|sous[ \t]+plafond))`,
  'iu',
);
const AREA_THICKNESS = new RegExp(
  String.raw`(?<![\d.,])${N}[ \t]*(?:m²|m2|mètres?[ \t]+carrés?|metres?[ \t]+carres?)[ \t]*,?[ \t]*(?:(?:sur|en|avec|de|et)[ \t]+)?(?:(?:une[ \t]+)?(?:[ée]paisseur|[ée]p\.)[ \t]*(?:de[ \t]+)?)?(?:${N}[ \t]*(?:cm|centim[èe]tres?)(?:[ \t]*(?:d['’][ \t]*)?[ée]paisseur)?|${N}[ \t]*d['’][ \t]*[ée]paisseur)`,
  'giu',
);
/**
 * « abri de 3 sur 3 épaisseur 10 », « véranda de 4 sur 3,50 en 12 »: a slab's thickness said as a bare figure (cm)
 * right after its surface — only in a sentence about a slab, and not before another word (« en 12 mois ») than one
 * opening what follows (« en 12 avec un hérisson »).
 */
/** Words that open what follows a bare thickness (« en 12 avec un hérisson »), unlike a unit (« en 12 mois »). */
const THEN_WORD = String.raw`(?:avec|et|pour|sur|sous|plus|puis|mais|on|il|y)(?![\p{L}])`;
const AREA_BARE_THICKNESS = new RegExp(
  String.raw`(?<![\d.,])${N}[ \t]*(?:m²|m2|mètres?[ \t]+carrés?|metres?[ \t]+carres?)[ \t]*,?[ \t]*(?:(?:une[ \t]+)?[ée]paisseur[ \t]*(?:de[ \t]+)?|en[ \t]+)${N}(?![\d.,]|[ \t]*(?:[%€]|(?!${THEN_WORD})\p{L}))`,
  'giu',
);
/**
 * « terrasse de 10 m², on décaisse sur 20 cm et on coule une dalle de 12 cm »: the thickness said with the slab word,
 * apart from the one surface of the sentence (a dig depth, said without the slab word, is no thickness).
 */
const SLAB_THICKNESS_APART = new RegExp(
  String.raw`(?<![\p{L}])(?:dalle|b[ée]ton|radier|(?<=[àa][ \t]+)couler)(?:[ \t]+(?:b[ée]ton|pleine|de[ \t]+b[ée]ton|[àa][ \t]+couler|[àa][ \t]+faire))?[ \t]+(?:de|en|sur|d['’][ \t]*[ée]paisseur[ \t]+)[ \t]*${N}[ \t]*(?:cm|centim[èe]tres?)(?![\p{L}])`,
  'iu',
);
const AREA_ALONE = new RegExp(
  String.raw`(?<![\d.,])${N}[ \t]*(?:m²|m2|mètres?[ \t]+carrés?|metres?[ \t]+carres?)(?![\p{L}\d])`,
  'giu',
);

/** The one surface of a sentence about a slab gets the slab's thickness said apart from it. */
function slabThicknessApart(text: string): string {
  return text
    .split(/(?<=\n|\.\s)/)
    .map((sentence) => {
      const thickness = SLAB_THICKNESS_APART.exec(sentence);
      const areas = [...sentence.matchAll(AREA_ALONE)];
      if (
        !thickness ||
        areas.length !== 1 ||
        SOLD_BY_AREA.test(sentence) ||
        !SLAB.test(sentence) ||
        /m³|m3/.test(sentence)
      )
        return sentence;
      const t = num(thickness[1]!);
      const area = areas[0]!;
      if (t < 5 || t > 40) return sentence;
      return `${sentence.slice(0, area.index)}${fmt((num(area[1]!) * t) / 100)} m³${sentence.slice(area.index + area[0].length)}`;
    })
    .join('');
}

/** « une dalle de 5 m sur 4 m avec 0,12 m d'épaisseur »: a thickness in metres. */
const SLAB_IN_METRES = new RegExp(
  String.raw`(?<![\d.,])${N}[ \t]*(?:m(?![\p{L}²])|mètres?|metres?)?[ \t]*(?:x|×|sur|par)[ \t]*${N}[ \t]*(?:m(?![\p{L}²])|mètres?|metres?)?[ \t]*,?[ \t]*(?:(?:avec|en|sur|de|et)[ \t]+)?(?:(?:une[ \t]+)?[ée]paisseur[ \t]*(?:de[ \t]+)?(0[.,]\d+)[ \t]*(?:m(?![\p{L}²])|mètres?|metres?)?|(0[.,]\d+)[ \t]*(?:m(?![\p{L}²])|mètres?|metres?)?[ \t]*(?:d['’][ \t]*)?[ée]paisseur)`,
  'giu',
);
/** « une dalle de 10 centimètres pour le carport, 6 mètres sur 3 »: the thickness said before the sides. */
const THICKNESS_FIRST = new RegExp(
  String.raw`(?<![\d.,])${N}[ \t]*(?:cm|centim[èe]tres?)(?![\p{L}])((?:[ \t]*d['’][ \t]*[ée]paisseur)?[^\d\n.;]{0,40}?)${N}[ \t]*(?:m(?![\p{L}²])|m[èe]tres?)?[ \t]*(?:sur|par|x|×)[ \t]*${N}(?:[ \t]*(?:m(?![\p{L}²])|m[èe]tres?))?(?![\d.,]|[ \t]*(?:cm|centim|m²|m2|m[èe]tres?[ \t]+carr|de[ \t]+(?:haut|long|large)|sous))`,
  'giu',
);
const SLAB = /(?<![\p{L}])(?:dalles?|b[ée]ton|[ée]paisseur|radier)(?![\p{L}])/iu;
const SOLD_BY_AREA = /(?<![\p{L}])(?:chapes?|ragr[ée]ages?)(?![\p{L}])/iu;

function sentenceOf(text: string, offset: number): string {
  const from = Math.max(text.lastIndexOf('\n', offset), text.lastIndexOf('. ', offset)) + 1;
  const next = text.slice(offset).search(/\n|\.\s/);
  return text.slice(from, next < 0 ? text.length : offset + next);
}

/** « longue de 4 mètres », « haute de 2,50 »: the adjective said before the figure. */
const ADJECTIVE_SIDE = new RegExp(
  String.raw`(?<![\p{L}])(longue?s?|larges?|hautes?|hauts?)[ \t]+de[ \t]+${N}${UNIT}(?![\d.,])`,
  'giu',
);
const SIDE_WORD: Record<string, string> = { l: 'de long', h: 'de haut' };

/** « la toiture fait 2 fois 35 mètres carrés »: a count times an area is that area so many times, not two sides. */
const COUNT_TIMES_AREA = new RegExp(
  String.raw`(?<![\d.,])(\d{1,2})[ \t]+fois[ \t]+${N}[ \t]*(?:m²|m2|mètres?[ \t]+carrés?|metres?[ \t]+carres?)(?![\p{L}\d])`,
  'giu',
);

/**
 * « 3 m 40 de long sur 60 de haut », « 2 mètres de long sur 60 de large »: the second side said without its unit, in
 * centimetres, beside a first side of a few metres (a wall or a strip of tiles is not 60 m high).
 */
const CM_SIDE_UNSAID = new RegExp(
  String.raw`(?<![\d.,])(${N}[ \t]*(?:m(?![\p{L}²])|mètres?|metres?)(?:[ \t]*(\d{1,2})(?![\d.,]))?[ \t]+de[ \t]+long(?:ueur)?[ \t]+(?:sur|par|et)[ \t]+)(\d{2})(?=[ \t]+(?:de[ \t]+)?(?:haut|large|hauteur|largeur)(?![\p{L}]))`,
  'giu',
);

export function rewriteSpokenSizes(input: string): string {
  return input
    .replace(CM_SIDE_UNSAID, (whole, head: string, a: string, _cm: string | undefined, b: string) =>
      num(a) <= 10 && num(b) >= 15 ? `${head}${b} cm` : whole,
    )
    .replace(COUNT_TIMES_AREA, (_, n: string, a: string) => `${fmt(num(n) * num(a))} m²`)
    .replace(ADJECTIVE_SIDE, (_, adjective: string, a: string, au?: string) => {
      const word = /^larg/iu.test(adjective) ? 'de large' : SIDE_WORD[adjective[0]!.toLowerCase()]!;
      return `${a}${au ? ` ${au}` : ''} ${word}`;
    })
    .replace(
      THREE_SIDES,
      (whole, a: string, au: string | undefined, first: string, b: string, bu?: string, h?: string, hu?: string) => {
        // « 1,20 de large, 5 de long » keeps the sides in the order said; only the height is set apart.
        void first;
        return `${side(a, au)} sur ${side(b, bu)}, hauteur ${side(h!, hu)}`;
      },
    )
    .replace(
      LONG_AND_WIDE,
      (_, a: string, au: string | undefined, b: string, bu?: string) => `${side(a, au)} sur ${side(b, bu)}`,
    )
    .replace(
      LENGTH_THEN_WIDTH,
      (_, a: string, au: string | undefined, b: string, bu?: string) => `${side(a, au)} sur ${side(b, bu)}`,
    )
    .replace(SQUARE_SIDE, (_, a: string, au?: string) => `${side(a, au)} sur ${side(a, au)}`)
    .replace(LINEAR_BY_HEIGHT, (_, a: string) => `${a} mètres de long`)
    .replace(LENGTH_THEN_HEIGHT, (_, a: string, au?: string) => `${side(a, au)} mètres de long, `)
    .replace(TIMES, (_, a: string, au?: string) => `${a}${au ? ` ${au}` : ''} sur `);
}

/**
 * « elle fait 350 centimètres sur 300 »: a place measured (« fait », « mesure ») in centimetres, the second side said
 * without its unit. Only sides of a room (1 to 30 m); an item's size (« 120 x 80 ») is not measured this way.
 */
const MEASURED_IN_CM = new RegExp(
  String.raw`(?<=(?<![\p{L}])(?:fait|font|mesure|mesurent)[ \t]+(?:environ[ \t]+|à[ \t]+peu[ \t]+près[ \t]+)?)${N}[ \t]*(?:cm|centim[èe]tres?)[ \t]*(?:x|×|sur|par)[ \t]*${N}(?![\d]|[.,]\d|[ \t]*(?:m(?![\p{L}])|mètres?|metres?|mm|millim|de[ \t]+(?:haut|long|large)|d['’][ \t]*[ée]paisseur))(?:[ \t]*(?:cm|centim[èe]tres?)(?![\p{L}]))?`,
  'giu',
);

/** « la baie vitrée fait 240 cm sur 215 »: an opening or a piece of furniture measured, not a place. */
const ITEM_BEFORE =
  /(?<![\p{L}])(?:fen[êe]tres?|portes?|baies?|velux|volets?|placards?|meubles?|plans?[ \t]+de[ \t]+travail|douches?|receveurs?|baignoires?)(?![\p{L}])[^,.;\n]*$/iu;

/** Runs after the slab volumes (« 3 m sur 3 m sur 20 cm ») were read: a side in cm beside one in metres. */
export function rewriteMixedSides(input: string): string {
  return input
    .replace(MEASURED_IN_CM, (whole, a: string, b: string, offset: number, all: string) =>
      [num(a), num(b)].every((v) => v >= 100 && v <= 3000) &&
      !ITEM_BEFORE.test(all.slice(Math.max(0, offset - 40), offset))
        ? `${side(a, 'cm')} m sur ${side(b, 'cm')} m`
        : whole,
    )
    .replace(MIXED_SIDES, (whole, a: string, au: string, b: string, bu: string) => {
      const cmA = /^c/iu.test(au);
      const cmB = /^c/iu.test(bu);
      // Both in centimetres is an item's size (« carreaux 30 cm x 60 cm »), both in metres is read as it is.
      if (cmA === cmB) return whole;
      return `${side(a, au)} m sur ${side(b, bu)} m`;
    });
}

/** « faïence sur 1,20 m de haut, le tour de la pièce fait 9 m »: a height said before, not the third figure of a size. */
const HEIGHT_BEFORE = new RegExp(
  String.raw`(?<![\d.,][ \t]*(?:m|mètres?|metres?)?[ \t]*(?:sur|par|x|×)[ \t]*)(?<![\d.,])(?:(?:une[ \t]+)?hauteur(?:[ \t]+sous[ \t]+plafond)?[ \t]*(?:de|:)?[ \t]*${N}[ \t]*(?:m(?![\p{L}²])|mètres?|metres?)?|${N}[ \t]*(?:m(?![\p{L}²])|mètres?|metres?)?[ \t]*(?:de[ \t]+)?(?:hauteur|haut|sous[ \t]+plafond)|jusqu['’][ \t]*(?:à|a|au|aux)[ \t]+(?:[^\d,.;\n]{1,30}?[ \t])?${N}[ \t]*(?:m(?![\p{L}²])|mètres?|metres?))(?![\p{L}\d])`,
  'giu',
);
/** « …, les trois murs font en tout 3 mètres de long »: a length alone, no other side said after it. */
const LENGTH_ALONE = new RegExp(
  String.raw`(?<![\d.,])${N}[ \t]*(?:m(?![\p{L}²])|mètres?|metres?)[ \t]+de[ \t]+long(?:ueur)?(?![\p{L}])(?![ \t]*,?[ \t]*(?:(?:et|sur|par|x|×)[ \t]+)?(?:(?:une[ \t]+)?(?:hauteur|largeur)[ \t]*(?:de[ \t]+)?)?\d)`,
  'giu',
);

type Span = { value: number; start: number; end: number };

/** The last height said before `at` in its sentence, if it is a room's height (0 to 6 m). */
function heightBefore(text: string, at: number): Span | undefined {
  const from = Math.max(text.lastIndexOf('\n', at), text.lastIndexOf('. ', at)) + 1;
  let last: RegExpMatchArray | undefined;
  for (const m of text.slice(from, at).matchAll(HEIGHT_BEFORE)) last = m;
  if (!last) return undefined;
  const value = num((last[1] ?? last[2] ?? last[3])!);
  if (!(value > 0 && value <= 6)) return undefined;
  return { value, start: from + last.index!, end: from + last.index! + last[0].length };
}

/** Replaces `[at, at + length)` by `replacement` and drops the height span before it; returns the text and the end. */
function withHeightUsed(text: string, height: Span, at: number, length: number, replacement: string) {
  const head = `${text.slice(0, height.start)}${text.slice(height.end, at)}`;
  return { text: `${head}${replacement}${text.slice(at + length)}`, end: head.length + replacement.length };
}

/** A length said after the height of the same thing (« sur 1,80 m de haut, les murs font 3 m de long »): an area. */
export function rewriteLengthAfterHeight(input: string): string {
  let text = input;
  let from = 0;
  for (;;) {
    LENGTH_ALONE.lastIndex = from;
    const m = LENGTH_ALONE.exec(text);
    if (!m) return text;
    const height = heightBefore(text, m.index);
    const length = num(m[1]!);
    if (!height || length > 30) {
      from = m.index + m[0].length;
      continue;
    }
    ({ text, end: from } = withHeightUsed(text, height, m.index, m[0].length, `${fmt(length * height.value)} m²`));
  }
}

export function rewritePerimeters(input: string): string {
  let text = input;
  let from = 0;
  for (;;) {
    PERIMETER.lastIndex = from;
    const m = PERIMETER.exec(text);
    if (!m) return text;
    const perimeter = num(m[1]!);
    const after = text.slice(m.index + m[0].length);
    const height = HEIGHT_NEAR.exec(after);
    const h = height ? num(height[1] ?? height[2] ?? height[3]!) : undefined;
    let replacement: string;
    let rest = after;
    if (h !== undefined && h > 0 && h <= 6) {
      replacement = `${fmt(perimeter * h)} m²`;
      rest = after.slice(height![0].length);
    } else {
      const earlier = heightBefore(text, m.index);
      if (earlier) {
        ({ text, end: from } = withHeightUsed(
          text,
          earlier,
          m.index,
          m[0].length,
          `${fmt(perimeter * earlier.value)} m²`,
        ));
        continue;
      }
      replacement = `${fmt(perimeter)} ml`;
    }
    text = `${text.slice(0, m.index)}${replacement}${rest}`;
    from = m.index + replacement.length;
  }
}

export function rewriteAreaThickness(input: string): string {
  return input
    .replace(THREE_BY_METRES, (whole, a: string, b: string, t: string, offset: number, all: string) => {
      const [x, y, z] = [num(a), num(b), num(t)];
      if (x > 30 || y > 30 || z <= 0) return whole;
      return SOLD_BY_AREA.test(sentenceOf(all, offset)) ? `${fmt(x * y)} m²` : `${fmt(x * y * z)} m³`;
    })
    .replace(SLAB_IN_METRES, (whole, a: string, b: string, t1?: string, t2?: string, offset?: number, all?: string) => {
      const [x, y, t] = [num(a), num(b), num((t1 ?? t2)!)];
      if (x > 30 || y > 30 || t <= 0 || SOLD_BY_AREA.test(sentenceOf(all!, offset!))) return whole;
      return `${fmt(x * y * t)} m³`;
    })
    .replace(
      THICKNESS_FIRST,
      (whole, t: string, between: string, a: string, b: string, offset: number, all: string) => {
        const [x, y, z] = [num(a), num(b), num(t)];
        const sentence = sentenceOf(all, offset);
        // A tile's or a board's size in cm is no thickness: only a slab (or a thickness said as such) is a volume.
        if (x > 30 || y > 30 || z < 3 || z > 40 || SOLD_BY_AREA.test(sentence) || !SLAB.test(sentence)) return whole;
        return `${t} cm${between}${fmt((x * y * z) / 100)} m³`;
      },
    )
    .replace(AREA_THICKNESS, (whole, area: string, cm?: string, bare?: string, offset?: number, all?: string) => {
      const [s, t] = [num(area), num((cm ?? bare)!)];
      if (t < 1 || t > 60 || SOLD_BY_AREA.test(sentenceOf(all!, offset!))) return whole;
      return `${fmt((s * t) / 100)} m³`;
    });
}

/** After the rooms' sizes became surfaces: a slab's thickness said bare after its surface, or apart from it. */
export function rewriteSlabThickness(input: string): string {
  return slabThicknessApart(
    input.replace(AREA_BARE_THICKNESS, (whole, area: string, bare: string, offset: number, all: string) => {
      const [s, t] = [num(area), num(bare)];
      const sentence = sentenceOf(all, offset);
      if (t < 5 || t > 40 || !SLAB.test(sentence) || SOLD_BY_AREA.test(sentence)) return whole;
      return `${fmt((s * t) / 100)} m³`;
    }),
  );
}
