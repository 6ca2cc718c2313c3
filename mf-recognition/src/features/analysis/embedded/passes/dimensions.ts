// Pass 4 (dimensions): sizes said as « a sur b (sur h) » become the surface, volume or length the task needs —
// a floor or a ceiling a × b, walls 2 × (a + b) × h, plinths 2 × (a + b), a slab a × b × thickness, a partition or a
// wall length × height — and a room's size said once serves the surfaces named after it (« la pièce fait 5 sur 4
// avec 2,50 sous plafond, les murs et le plafond »).
const METRES = String.raw`(?:[ \t]*(?:m|mètres?|metres?)(?![\p{L}²]))?`;
const DIM_NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
const BY = String.raw`[ \t]*(?:x|×|\*|sur|par)[ \t]*`;
const HEIGHT_WORDS = String.raw`(?:(?:de[ \t]+)?(?:hauteur|haut)(?:[ \t]+sous[ \t]+plafond)?|sous[ \t]+plafond)`;
/** « 4 sur 3,5, hauteur 2,60 », « 4 x 3,5 x 2,6 »: sides then height. */
const ROOM_WITH_HEIGHT = new RegExp(
  String.raw`${DIM_NUMBER}${METRES}${BY}${DIM_NUMBER}${METRES}(?:[ \t]*,?[ \t]*(?:et[ \t]+|avec[ \t]+(?:une[ \t]+)?|sur[ \t]+)?(?:hauteur|haut\.?|ht\.?|h|hsp|hauteur[ \t]+sous[ \t]+plafond)[ \t]*(?:de|:|=)?[ \t]*|${BY})${DIM_NUMBER}${METRES}(?![ \t]*(?:cm|mm))`,
  'giu',
);
/** « 5 sur 4 avec 2,50 sous plafond », « 3 sur 4 et 2,50 de hauteur »: sides, then a height said after its figure. */
const ROOM_HEIGHT_AFTER = new RegExp(
  String.raw`${DIM_NUMBER}${METRES}${BY}${DIM_NUMBER}${METRES}[ \t]*,?[ \t]*(?:(?:et|avec)[ \t]+)?(?:une[ \t]+)?${DIM_NUMBER}${METRES}[ \t]*${HEIGHT_WORDS}(?![\p{L}])`,
  'giu',
);
/** « 3,50 sur 4 », « 2,80 x 3,50 »: a floor (or ceiling) in metres. Large figures (« 120 x 80 ») are item sizes in cm. */
const FLOOR = new RegExp(
  String.raw`(?<![\d.,x×*])${DIM_NUMBER}${METRES}${BY}${DIM_NUMBER}${METRES}(?![ \t]*(?:cm|mm|\d|x|×|\*|de[ \t]+(?:long|large|haut)))`,
  'giu',
);
import { fold } from '../../model/text';
import { rewriteCountedParts } from './counted-parts';
import { ALREADY_DONE, GOOD_STATE } from './cues';
import { rewriteDeductions } from './deductions';
import { rewriteSeveralPlaces } from './places';
import { rewriteRoofSlopes } from './roofs';
import {
  rewriteAreaThickness,
  rewriteLengthAfterHeight,
  rewriteMixedSides,
  rewritePerimeters,
  rewriteSlabThickness,
  rewriteSpokenSizes,
} from './spoken-sizes';

const CM = String.raw`(?:cm|centim[èe]tres?)`;
/** « 5 mètres sur 4 en 10 centimètres d'épaisseur », « 3 x 3 x 12 cm », a note's « 6 x 3 ép. 10 cm »: a slab. */
const VOLUME = new RegExp(
  String.raw`(?<![\d.,])${DIM_NUMBER}${METRES}${BY}${DIM_NUMBER}${METRES}[ \t]*,?[ \t]*(?:(?:en|de|sur|avec|et|x|×)[ \t]+)?(?:(?:une[ \t]+)?(?:[ée]paisseur|[ée]p\.)[ \t]*(?:de[ \t]+)?)?${DIM_NUMBER}(?:[ \t]*${CM}(?:[ \t]*(?:d['’][ \t]*)?(?:[ée]paisseur|[ée]pais))?|[ \t]*d['’][ \t]*[ée]paisseur)`,
  'giu',
);
const SIDE_UNIT = String.raw`[ \t]*(m(?![\p{L}²])|mètres?|metres?|${CM})?`;
// Longer words first (« de longueur » is not « de long » + « ueur »).
const LONG = String.raw`(?:de[ \t]+)?(?:longueur|long|largeur|large)(?![\p{L}])`;
const HIGH = String.raw`(?:(?:de[ \t]+)?(?:hauteur|haut)(?![\p{L}])|sous[ \t]+plafond)`;
/** « 3 mètres de long sur 2,50 de haut », « 4 mètres de long, hauteur 2,50 »: a wall or a partition. */
const LENGTH_BY_HEIGHT = new RegExp(
  String.raw`(?<![\d.,])${DIM_NUMBER}${SIDE_UNIT}[ \t]*${LONG}[ \t]*,?[ \t]*(?:(?:sur|et|par|x)[ \t]*)?(?:(?:une[ \t]+)?hauteur(?:[ \t]+sous[ \t]+plafond)?[ \t]*(?:de[ \t]+)?)?${DIM_NUMBER}${SIDE_UNIT}(?:[ \t]*${HIGH})?`,
  'giu',
);
/** « 4 mètres de long sur 2,40 »: the two sides joined by « sur / par / x » (not « 4 mètres de long, 8 lames »). */
const SIDES_JOINED = new RegExp(String.raw`${LONG}[ \t]*(?:sur|par|x|×)[ \t]*\d`, 'iu');
/** After the second side, a unit of a quantity or a price, or another figure: the figures are not two sides. */
const NOT_A_SIDE_AFTER =
  /^[ \t]*(?:m²|m2|m[èe]tres?[ \t]+(?:carr|cub|lin)|ml|m3|m³|€|euros?|%|[\d.,]|de[ \t]+(?:long|large))/iu;
const IN_METRES = String.raw`[ \t]*(?:m(?![\p{L}²\d])|mètres?|metres?)(?![ \t]+(?:carr|cub|lin))`;
/** « 5 mètres et 4 mètres, 2,50 de haut », « une de 3 m et une de 2 m, hauteur 2,60 »: two lengths, then one height. */
const LENGTHS_THEN_HEIGHT = new RegExp(
  String.raw`(?<![\d.,])${DIM_NUMBER}${IN_METRES}[ \t]*,?[ \t]+et[ \t]+(?:(?:une|un|l'autre|l’autre)[ \t]+(?:de[ \t]+)?)?${DIM_NUMBER}${IN_METRES}[ \t]*,?[ \t]*(?:(?:et|sur|avec)[ \t]+)?(?:(?:une[ \t]+)?hauteur(?:[ \t]+sous[ \t]+plafond)?[ \t]*(?:de[ \t]+)?${DIM_NUMBER}${METRES}|${DIM_NUMBER}${METRES}[ \t]*${HEIGHT_WORDS})(?![\p{L}\d])`,
  'giu',
);
/** A length said in metres or centimetres, not one side of a surface (« 1,80 m », « 90 cm »). */
const LENGTH = String.raw`\d+(?:[.,]\d+)?[ \t]*(?:m(?![\p{L}²\d])|m[èe]tres?|cm|centim[èe]tres?)(?![\p{L}]|[ \t]*(?:sur|x|×|par|de[ \t]+(?:haut|long|large)|carr|cub|lin|d['’][ \t]*[ée]paisseur))`;
/** « un de 2,10 », « l'autre de 3 m », « et le retour vers la porte 1,20 »: how the next part of a run of lengths is said. */
const NEXT_PART = String.raw`(?:(?:un|une|l['’]autre|le|la)[ \t]+(?:de[ \t]+)?|(?:(?:le|la|l['’]|un|une)[ \t]*)?(?:mur|pan|c[ôo]t[ée]|retour|partie|morceau)[^\d\n,.;]{0,30}?(?:de[ \t]+|d['’]|fait[ \t]+|:[ \t]*)?)?`;
/**
 * « un mur de 1,80, un de 2,10 et le retour vers la porte 1,20 », « deux murs, un de 90 cm et un de 1,20, hauteur
 * 2,40 »: the parts of one wall or one linear run, listed by their lengths (then, for walls, one height).
 */
const LISTED_LENGTHS = new RegExp(
  String.raw`(?<![\d.,])${LENGTH}(?:[ \t]*,?[ \t]*(?:et[ \t]+)?${NEXT_PART}${LENGTH}){1,5}(?:[ \t]*,?[ \t]*(?:(?:et|avec|sur)[ \t]+)?(?:(?:une[ \t]+)?hauteur(?:[ \t]+sous[ \t]+plafond)?[ \t]*(?:de[ \t]+)?(\d+(?:[.,]\d+)?)${METRES}|(\d+(?:[.,]\d+)?)${METRES}[ \t]*${HEIGHT_WORDS}))?(?![\p{L}\d])`,
  'giu',
);
const HEIGHT_AT_END = new RegExp(
  String.raw`[ \t]*,?[ \t]*(?:(?:et|avec|sur)[ \t]+)?(?:(?:une[ \t]+)?hauteur(?:[ \t]+sous[ \t]+plafond)?[ \t]*(?:de[ \t]+)?\d+(?:[.,]\d+)?${METRES}|\d+(?:[.,]\d+)?${METRES}[ \t]*${HEIGHT_WORDS})$`,
  'iu',
);
const lengthsIn = (run: string) =>
  [...run.matchAll(new RegExp(LENGTH, 'giu'))].map((m) => {
    const [, value, unit] = /^(\d+(?:[.,]\d+)?)[ \t]*(\p{L}+)/u.exec(m[0])!;
    return metres(value!, unit);
  });

/** « 3 mètres sur 2,50 de haut », « 4 m par 2,50 m de hauteur »: a length by a height said after its figure. */
const SIDE_BY_HEIGHT = new RegExp(
  String.raw`(?<![\d.,])${DIM_NUMBER}${SIDE_UNIT}[ \t]*(?:sur|par|x|×)[ \t]*${DIM_NUMBER}${SIDE_UNIT}[ \t]*de[ \t]+(?:hauteur|haut)(?![\p{L}])(?![ \t]*(?:de|:)?[ \t]*\d)`,
  'giu',
);
/** « faïence sur 4 mètres de crédence, 60 centimètres de haut »: a length of a named thing, then its height. */
const LENGTH_OF_THING_BY_HEIGHT = new RegExp(
  String.raw`(?<![\d.,])${DIM_NUMBER}${SIDE_UNIT}[ \t]+(?:de|d['’])[ \t]*(?!(?:long|large|haut)[\p{L}]*(?![\p{L}]))[\p{L}-]{3,20}[ \t]*,?[ \t]*(?:(?:sur|et|par)[ \t]+)?${DIM_NUMBER}${SIDE_UNIT}[ \t]*de[ \t]+(?:hauteur|haut)(?![\p{L}])`,
  'giu',
);
/** « 90 centimètres de haut sur 1 m 35 de large »: height first. */
const HEIGHT_BY_LENGTH = new RegExp(
  String.raw`(?<![\d.,])${DIM_NUMBER}${SIDE_UNIT}[ \t]*${HIGH}[ \t]*,?[ \t]*(?:sur|et|par|x)[ \t]*${DIM_NUMBER}${SIDE_UNIT}[ \t]*${LONG}`,
  'giu',
);
/** A height said apart from the sides (« le séjour fait 7 sur 4, plafond et murs, hauteur 2,50 »). */
const LATER_HEIGHT = new RegExp(
  String.raw`(?:(?:hauteur|haut\.?|hsp)(?:[ \t]+sous[ \t]+plafond)?[ \t]*(?:de|:)?[ \t]*${DIM_NUMBER}${METRES}|${DIM_NUMBER}${METRES}[ \t]*${HEIGHT_WORDS})(?![\p{L}\d])`,
  'iu',
);

/** « sur 1,20 m de haut », « hauteur 1,20 » said before a room's sides. */
const EARLIER_HEIGHT = new RegExp(
  String.raw`(?:(?:hauteur|haut)(?:[ \t]+sous[ \t]+plafond)?[ \t]*(?:de|:)?[ \t]*${DIM_NUMBER}${METRES}|${DIM_NUMBER}${METRES}[ \t]*${HEIGHT_WORDS})(?![\p{L}\d])`,
  'giu',
);

type Kind = 'wall' | 'floor' | 'linear';
const SURFACE_WORDS: Array<[Kind, string]> = [
  ['linear', String.raw`plinthes?|gouttières?|gouttieres?|corniches?|frises?`],
  ['wall', String.raw`murs?|parois?|murale?s?|muraux|faïence|faience|papier|tapisserie|cloisons?|doublage`],
  [
    'floor',
    String.raw`sols?|plafonds?|parquet|stratifiés?|stratifies?|plancher|moquette|chape|ragréage|ragreage|dalle|(?<!plinthes?[ \t]+(?:(?:de|en)[ \t]+)?)carrelage(?![ \t]+mural)`,
  ],
];
const SURFACE = new RegExp(
  String.raw`(?<![\p{L}])(?<!sous[ \t]+)(?:(${SURFACE_WORDS[0]![1]})|(${SURFACE_WORDS[1]![1]})|(${SURFACE_WORDS[2]![1]}))(?![\p{L}])`,
  'giu',
);
const kindOf = (m: RegExpMatchArray): Kind => (m[1] ? 'linear' : m[2] ? 'wall' : 'floor');
const num = (raw: string) => Number(raw.replace(',', '.'));
const fmt = (value: number) => `${Math.round(value * 100) / 100}`;
const plausible = (...values: number[]) => values.every((v) => v > 0 && v <= 30);
const metres = (value: string, unit: string | undefined) => (unit && /^c/i.test(unit) ? num(value) / 100 : num(value));

/** The sentence around an offset: from the last line break or full stop before it to the next one. */
function sentenceBounds(text: string, offset: number, length: number): [number, number] {
  const from = Math.max(text.lastIndexOf('\n', offset), text.lastIndexOf('. ', offset)) + 1;
  const next = text.slice(offset + length).search(/\n|\.\s/);
  return [from, next < 0 ? text.length : offset + length + next];
}

/** The clause around a word (between commas or semicolons), folded. */
function clauseAt(text: string, at: number): string {
  const from = Math.max(text.lastIndexOf(',', at), text.lastIndexOf(';', at)) + 1;
  const next = text.slice(at).search(/[,;]/);
  return fold(text.slice(from, next < 0 ? text.length : at + next));
}

/**
 * The kind of surface the dimensions measure: the nearest surface word before them, else the first after. A surface
 * named in a clause saying it is done already or only its state (« les murs sont déjà cassés, la pièce fait 7 sur 4,
 * carrelage au sol ») is not the one measured.
 */
function kindAt(text: string, offset: number, length: number): Kind | null {
  const [from, to] = sentenceBounds(text, offset, length);
  const before = [...text.slice(from, offset).matchAll(SURFACE)].filter((m) => {
    const clause = clauseAt(text, from + m.index);
    return !ALREADY_DONE.test(clause) && !GOOD_STATE.test(clause);
  });
  if (before.length) return kindOf(before[before.length - 1]!);
  const after = [...text.slice(offset + length, to).matchAll(SURFACE)][0];
  return after ? kindOf(after) : null;
}

/** A partition is given by its length and height: « cloison placo 3,20 x 2,50 » is 8 m². */
function partitionAt(text: string, offset: number): boolean {
  const [from] = sentenceBounds(text, offset, 0);
  const before = text.slice(from, offset);
  const last = (re: RegExp) => Math.max(-1, ...[...before.matchAll(re)].map((m) => m.index));
  const partition = last(/(?<![\p{L}])cloisons?(?![\p{L}])/giu);
  return (
    partition >= 0 &&
    partition >= last(/(?<![\p{L}])(?:murs?|murale?s?|faïence|faience|papier|tapisserie)(?![\p{L}])/giu)
  );
}

/**
 * « faïence sur un mur de 2 sur 2,40 », « crédence en faïence de 2,40 par 0,50 »: the size said right after the wall
 * word is the wall's own (not a room's floor, as in « les murs de la cuisine, 4 sur 3 »).
 */
function ownSizeAt(text: string, offset: number): boolean {
  const [from] = sentenceBounds(text, offset, 0);
  const before = [...text.slice(from, offset).matchAll(SURFACE)].pop();
  if (!before || kindOf(before) !== 'wall') return false;
  // « le mur du couloir fait 3 sur 2,20 »: a complement naming which wall, then the verb giving its size.
  const gap = text
    .slice(from + before.index + before[0].length, offset)
    .replace(
      /^[ \t]*(?:du|des|de[ \t]+la|de[ \t]+l['’])[ \t]*[\p{L}-]+(?=[ \t]+(?:qui[ \t]+)?(?:fait|mesure)(?![\p{L}]))/u,
      '',
    );
  return /^[ \t]*(?:(?:de|d['’]|du|un|une|en|sur|le|la|l['’]|murs?|murale?s?|muraux|faïence|faience|crédence|credence|qui[ \t]+fait|fait|mesure|mesurant|:)[ \t]*)*$/iu.test(
    gap,
  );
}

type Room = { a: number; b: number; h?: number };
const measureOf = (room: Room, kind: Kind): string | null => {
  if (kind === 'floor') return `${fmt(room.a * room.b)} m²`;
  if (kind === 'linear') return `${fmt(2 * (room.a + room.b))} ml`;
  return room.h ? `${fmt(2 * (room.a + room.b) * room.h)} m²` : null;
};

/**
 * After a room's size, the surfaces named later in the same sentence with no figure of their own get theirs: the
 * ceiling or the floor its area, the walls their area when the height is known, plinths the perimeter. The kind the
 * size was already read as is left alone.
 */
function fillLaterSurfaces(rest: string, room: Room, used: Kind | null): string {
  const end = rest.search(/\n|\.\s|\d+(?:[.,]\d+)?[ \t]*(?:x|×|sur|par)[ \t]*\d/);
  const scope = end < 0 ? rest : rest.slice(0, end);
  let out = '';
  let at = 0;
  const done = new Set<Kind | null>([used]);
  for (const clause of scope.matchAll(/(?:(?![ \t]et[ \t])[^,;])+/g)) {
    const word = [...clause[0].matchAll(SURFACE)][0];
    if (!word || /\d/.test(clause[0])) continue;
    const kind = kindOf(word);
    const measure = done.has(kind) ? null : measureOf(room, kind);
    if (!measure) continue;
    done.add(kind);
    const insertAt = clause.index + word.index + word[0].length;
    out += `${scope.slice(at, insertAt)} ${measure}`;
    at = insertAt;
  }
  return out + rest.slice(at);
}

/**
 * « parquet et plinthes dans un bureau de 3 sur 4 »: the surfaces named before the size with no figure between get
 * theirs too (the nearest one was read as the size's own kind).
 */
function fillEarlierSurfaces(text: string, offset: number, room: Room, used: Kind): string {
  const [from] = sentenceBounds(text, offset, 0);
  const words = [...text.slice(from, offset).matchAll(SURFACE)];
  const done = new Set<Kind>([used]);
  let head = text.slice(0, offset);
  for (const word of words.slice(0, -1).reverse()) {
    const end = from + word.index + word[0].length;
    if (/\d/.test(text.slice(end, offset))) break;
    const kind = kindOf(word);
    const measure = done.has(kind) ? null : measureOf(room, kind);
    if (!measure) continue;
    done.add(kind);
    head = `${head.slice(0, end)} ${measure}${head.slice(end)}`;
  }
  return head;
}

function rewriteRooms(input: string): string {
  let text = input;
  let from = 0;
  for (;;) {
    const candidates = [ROOM_HEIGHT_AFTER, ROOM_WITH_HEIGHT, FLOOR]
      .map((re) => {
        re.lastIndex = from;
        return re.exec(text);
      })
      .filter((m): m is RegExpExecArray => m !== null)
      .sort((x, y) => x.index - y.index || y[0].length - x[0].length);
    const m = candidates[0];
    if (!m) return text;
    const [whole, a, b, h] = m;
    const room: Room = { a: num(a!), b: num(b!), h: h ? num(h) : undefined };
    const after = text.slice(m.index + whole.length);
    // A unit written after the product already (« 3 x 4 = 12 m² ») or a price (« 2 x 45 € ») is not a surface.
    if (
      !plausible(room.a, room.b) ||
      (room.h !== undefined && (room.h > 6 || room.h <= 0)) ||
      /^[ \t]*(?:=|€|euros?|eur\b|m²|m2|ml)/iu.test(after) ||
      // « 2 murs de 8 x 2,5 m soit 40 m² »: the result is said already.
      /^[ \t]*,?[ \t]*(?:soit|donc|ce[ \t]+qui[ \t]+fait)[ \t]+(?:environ[ \t]+)?\d/iu.test(after)
    ) {
      from = m.index + Math.max(1, (a ?? '').length);
      continue;
    }
    let rest = after;
    const kind = kindAt(text, m.index, whole.length);
    // A height said before the sides (« faïence sur 1,20 de haut tout autour de la pièce qui fait 2 sur 3 »).
    let head = text.slice(0, m.index);
    if (room.h === undefined) {
      const [start] = sentenceBounds(text, m.index, whole.length);
      const earlier = [...head.slice(start).matchAll(EARLIER_HEIGHT)].pop();
      const height = earlier ? num(earlier[1] ?? earlier[2]!) : undefined;
      if (earlier && height !== undefined && height > 0 && height <= 6) {
        room.h = height;
        const at = start + earlier.index;
        head = `${head.slice(0, at)}${head.slice(at + earlier[0].length)}`;
      }
    }
    // A height said later in the sentence (« …, plafond et murs, hauteur 2,50 ») completes the room.
    if (room.h === undefined) {
      const [, to] = sentenceBounds(text, m.index, whole.length);
      const later = LATER_HEIGHT.exec(rest.slice(0, to - m.index - whole.length));
      const height = later ? num(later[1] ?? later[2]!) : undefined;
      if (later && height !== undefined && height > 0 && height <= 6) {
        room.h = height;
        rest = `${rest.slice(0, later.index)}${rest.slice(later.index + later[0].length)}`;
      }
    }
    let replacement: string;
    if (kind === 'wall' && partitionAt(text, m.index)) replacement = `${fmt(room.a * room.b)} m²`;
    else if (kind === 'wall' && room.h === undefined && ownSizeAt(text, m.index))
      replacement = `${fmt(room.a * room.b)} m²`;
    else if (kind === 'wall' && room.h === undefined) {
      // Walls need a height: without it, the dimensions of a room are not the surface of its walls.
      from = m.index + whole.length;
      continue;
    } else replacement = measureOf(room, kind ?? 'floor') ?? `${fmt(room.a * room.b)} m²`;
    const filled = fillLaterSurfaces(rest, room, kind ?? 'floor');
    const before = fillEarlierSurfaces(`${head}${text.slice(m.index)}`, head.length, room, kind ?? 'floor');
    text = `${before}${replacement}${filled}`;
    from = before.length + replacement.length;
  }
}

/**
 * Dimensions become surfaces, volumes or lengths. Only figures that look like metres (each ≤ 30) are read this
 * way; a thickness in centimetres makes a volume unless the work is sold by the square metre (chape, ragréage).
 */
export function rewriteDimensions(input: string): string {
  // « trois cinquante sur quatre », « hauteur deux cinquante »: metres and centimetres said as two numbers.
  let text = rewriteSpokenSizes(input)
    .replace(/(?<![\d.,][ \t]?)(?<![\d])(\d)[ \t]([1-9][05])(?=[ \t]*(?:sur|x|×|par)[ \t]*\d)/gu, '$1.$2')
    .replace(
      /(?<=(?:sur|x|×|par|hauteur|haut|hsp)[ \t]*(?:de[ \t]+)?)(\d)[ \t]([1-9][05])(?![\d]|[.,]\d|[ \t]*(?:m²|m2|ml|€|euros?|cm|mm|[ \t]*\d))/gu,
      '$1.$2',
    )
    // « 4 sur 3, deux cinquante de haut »: the height said before its word.
    .replace(
      /(?<![\d][ \t]?)(?<![\d.,])(\d)[ \t]([1-9][05])(?=[ \t]*(?:de[ \t]+)?(?:haut|hauteur|sous[ \t]+plafond)(?![\p{L}]))/gu,
      '$1.$2',
    );
  // « quatre mètres carrés cinquante »: the centimetres said after the unit.
  text = rewriteCountedParts(text).replace(
    /(?<![\d.,])(\d+)[ \t]*(mètres?[ \t]+carrés?|metres?[ \t]+carres?)[ \t]+([1-9][05])(?=[ \t]*(?:$|[,.;\n]|et[ \t]))/gmu,
    '$1.$3 $2',
  );
  text = rewriteLengthAfterHeight(rewritePerimeters(rewriteRoofSlopes(text)));
  text = text.replace(VOLUME, (whole, a: string, b: string, c: string, offset: number, all: string) => {
    const [x, y, z] = [num(a), num(b), num(c)];
    if (!plausible(x, y) || z <= 0 || z > 60) return whole;
    const [from, to] = sentenceBounds(all, offset, whole.length);
    const area = /(?<![\p{L}])(?:chape|ragr[ée]age)(?![\p{L}])/iu.test(all.slice(from, to));
    return area ? `${fmt(x * y)} m²` : `${fmt((x * y * z) / 100)} m³`;
  });
  text = rewriteMixedSides(rewriteAreaThickness(text));
  const wall = (l: number, h: number, whole: string) => (plausible(l, h) ? `${fmt(l * h)} m²` : whole);
  // « les murs font 5 mètres et 4 mètres, 2,50 de haut »: walls listed by their lengths, then their one height.
  text = text.replace(
    LENGTHS_THEN_HEIGHT,
    (whole, a: string, b: string, h1?: string, h2?: string, offset?: number, all?: string) => {
      const h = num((h1 ?? h2)!);
      if (h <= 0 || h > 6 || kindAt(all!, offset!, whole.length) !== 'wall') return whole;
      return wall(num(a) + num(b), h, whole);
    },
  );
  text = text.replace(LISTED_LENGTHS, (whole, h1?: string, h2?: string, offset?: number, all?: string) => {
    const height = h1 ?? h2;
    const run = height ? whole.replace(HEIGHT_AT_END, '') : whole;
    const lengths = lengthsIn(run);
    const total = lengths.reduce((a, b) => a + b, 0);
    const kind = kindAt(all!, offset!, whole.length);
    if (lengths.length < 2 || lengths.some((l) => l <= 0 || l > 30)) return whole;
    // « plinthes …, un mur de 1,80, un de 2,10 »: the walls named are where a linear item runs.
    const [start] = sentenceBounds(all!, offset!, whole.length);
    const linear = kind === 'linear' || new RegExp(SURFACE_WORDS[0]![1], 'iu').test(all!.slice(start, offset));
    if (linear && !height) return `${fmt(total)} ml`;
    if (kind === 'wall' && height && num(height) > 0 && num(height) <= 6) return wall(total, num(height), whole);
    return whole;
  });
  text = text.replace(
    LENGTH_BY_HEIGHT,
    (whole, l: string, lu: string | undefined, h: string, hu: string | undefined, offset: number, all: string) => {
      // « 3 mètres de long sur 50 centimètres »: a side in cm after one in metres is the other side of the surface.
      if (/haut|sous[ \t]+plafond/iu.test(whole) || (hu && /^c/iu.test(hu) && !(lu && /^c/iu.test(lu))))
        return wall(metres(l, lu), metres(h, hu), whole);
      // « elle fait 4 mètres de long sur 2,40 », « 1,20 de large sur 2,50 »: the other side said with « sur / par /
      // x » and no word after it — a wall's or a partition's height, else a floor's width.
      if (
        !SIDES_JOINED.test(whole) ||
        (lu && /^c/iu.test(lu)) ||
        NOT_A_SIDE_AFTER.test(all.slice(offset + whole.length))
      )
        return whole;
      if (kindAt(all, offset, whole.length) === 'wall') return wall(metres(l, lu), metres(h, hu), whole);
      return `${fmt(metres(l, lu))} sur ${fmt(metres(h, hu))}`;
    },
  );
  text = text.replace(SIDE_BY_HEIGHT, (whole, l: string, lu?: string, h?: string, hu?: string) =>
    wall(metres(l, lu), metres(h!, hu), whole),
  );
  text = text.replace(
    LENGTH_OF_THING_BY_HEIGHT,
    (whole, l: string, lu: string | undefined, h: string, hu: string | undefined, offset: number, all: string) =>
      kindAt(all, offset, whole.length) !== 'wall' ? whole : wall(metres(l, lu), metres(h, hu), whole),
  );
  text = text.replace(HEIGHT_BY_LENGTH, (whole, h: string, hu?: string, l?: string, lu?: string) =>
    /(?:cm|centim)/iu.test(whole) ? whole : wall(metres(l!, lu), metres(h, hu), whole),
  );
  return rewriteDeductions(rewriteSeveralPlaces(rewriteSlabThickness(rewriteRooms(text))));
}
