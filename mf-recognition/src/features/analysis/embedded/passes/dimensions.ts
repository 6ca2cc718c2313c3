// Pass 4 (dimensions): sizes said as « a sur b (sur h) » become the surface, volume or length the task needs.
const METRES = String.raw`(?:[ \t]*(?:m|mètres?|metres?)(?![\p{L}²]))?`;
const DIM_NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
const BY = String.raw`[ \t]*(?:x|×|\*|sur|par)[ \t]*`;
/** « 4 sur 3,5, hauteur 2,60 », « 4 x 3,5 x 2,6 »: sides then height. */
const ROOM_WITH_HEIGHT = new RegExp(
  String.raw`${DIM_NUMBER}${METRES}${BY}${DIM_NUMBER}${METRES}(?:[ \t]*,?[ \t]*(?:et[ \t]+|avec[ \t]+(?:une[ \t]+)?|sur[ \t]+)?(?:hauteur|haut\.?|ht\.?|h|hsp|hauteur[ \t]+sous[ \t]+plafond)[ \t]*(?:de|:|=)?[ \t]*|${BY})${DIM_NUMBER}${METRES}(?![ \t]*(?:cm|mm))`,
  'giu',
);
/** « 3,50 sur 4 », « 2,80 x 3,50 »: a floor (or ceiling) in metres. Large figures (« 120 x 80 ») are item sizes in cm. */
const FLOOR = new RegExp(
  String.raw`(?<![\d.,x×*])${DIM_NUMBER}${METRES}${BY}${DIM_NUMBER}${METRES}(?![ \t]*(?:cm|mm|\d|x|×|\*|de[ \t]+(?:long|large|haut)))`,
  'giu',
);
const WALL_SOURCE = String.raw`(?<![\p{L}])(?:murs?|murale?s?|faïence|faience|papier|tapisserie|cloisons?)(?![\p{L}])`;
const FLOOR_SOURCE = String.raw`(?<![\p{L}])(?:sol|sols|plafonds?|parquet|plancher|moquette|chape|ragréage|ragreage|dalle|carrelage(?![ \t]+mural))(?![\p{L}])`;
const WALL_WORD = new RegExp(WALL_SOURCE, 'iu');
const WALL_WORDS = new RegExp(WALL_SOURCE, 'giu');
const FLOOR_WORD = new RegExp(FLOOR_SOURCE, 'iu');
const FLOOR_WORDS = new RegExp(FLOOR_SOURCE, 'giu');
const num = (raw: string) => Number(raw.replace(',', '.'));
const fmt = (value: number) => `${Math.round(value * 100) / 100}`;

/**
 * Dimensions become surfaces: the walls of a room from its sides and height (2 × (a + b) × h), a floor or a
 * ceiling from its sides (a × b). Only figures that look like metres (each ≤ 30) are read this way.
 */
export function rewriteDimensions(input: string): string {
  let text = input;
  // Walls or floor: the nearest surface word said before the dimensions in the sentence (else the first after).
  const isWalls = (text: string, offset: number, length: number) => {
    const from = Math.max(text.lastIndexOf('\n', offset), text.lastIndexOf('. ', offset)) + 1;
    const nextEnd = text.slice(offset + length).search(/\n|\.\s/);
    const before = text.slice(from, offset);
    const after = text.slice(offset + length, nextEnd < 0 ? text.length : offset + length + nextEnd);
    const last = (re: RegExp, part: string) => Math.max(-1, ...[...part.matchAll(re)].map((m) => m.index));
    const wall = last(WALL_WORDS, before);
    const floor = last(FLOOR_WORDS, before);
    if (wall >= 0 || floor >= 0) return wall > floor;
    const nextWall = after.search(WALL_WORD);
    const nextFloor = after.search(FLOOR_WORD);
    return nextWall >= 0 && (nextFloor < 0 || nextWall < nextFloor);
  };
  const plausible = (...values: number[]) => values.every((v) => v > 0 && v <= 30);
  const partition = (text: string, offset: number) => {
    const from = Math.max(text.lastIndexOf('\n', offset), text.lastIndexOf('. ', offset)) + 1;
    const before = text.slice(from, offset);
    const last = (re: RegExp) => Math.max(-1, ...[...before.matchAll(re)].map((m) => m.index));
    return (
      last(/(?<![\p{L}])cloisons?(?![\p{L}])/giu) >= 0 &&
      last(/(?<![\p{L}])cloisons?(?![\p{L}])/giu) >= last(WALL_WORDS)
    );
  };
  // « trois cinquante sur quatre », « hauteur deux cinquante »: metres and centimetres said as two numbers.
  text = text
    .replace(/(?<![\d.,][ \t]?)(?<![\d])(\d)[ \t]([1-9][05])(?=[ \t]*(?:sur|x|×|par)[ \t]*\d)/gu, '$1.$2')
    .replace(
      /(?<=(?:sur|x|×|par|hauteur|haut|hsp)[ \t]*(?:de[ \t]+)?)(\d)[ \t]([1-9][05])(?![\d]|[.,]\d|[ \t]*(?:m²|m2|ml|€|euros?|cm|mm|[ \t]*\d))/gu,
      '$1.$2',
    );
  let result = text.replace(ROOM_WITH_HEIGHT, (whole, a: string, b: string, h: string, offset: number) => {
    const [x, y, z] = [num(a), num(b), num(h)];
    if (!plausible(x, y, z) || z > 6) return whole;
    return isWalls(text, offset, whole.length) ? `${fmt(2 * (x + y) * z)} m²` : `${fmt(x * y)} m²`;
  });
  result = result.replace(FLOOR, (whole, a: string, b: string, offset: number, all: string) => {
    const [x, y] = [num(a), num(b)];
    if (!plausible(x, y)) return whole;
    // A unit written after the product already (« 3 x 4 = 12 m² ») or a price (« 2 x 45 € ») is not a surface.
    const after = all.slice(offset + whole.length);
    if (/^[ \t]*(?:=|€|euros?|eur\b|m²|m2|ml)/iu.test(after)) return whole;
    // Walls need a height: without it, the dimensions of a room are not the surface of its walls. A partition is
    // given by its length and height (« cloison placo 3,20 x 2,50 » is 8 m²).
    if (isWalls(all, offset, whole.length) && !partition(all, offset)) return whole;
    return `${fmt(x * y)} m²`;
  });
  return result;
}
