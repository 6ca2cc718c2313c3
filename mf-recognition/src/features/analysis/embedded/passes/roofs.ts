// Roof sizes said by the slope (part of pass 4, before the rooms' sizes): « la maison fait 10 mètres sur 8, toit à deux
// pentes de 6 mètres de rampant », « le toit fait 12 mètres de long et chaque pan 6 mètres de rampant »: each slope is
// the ridge's length × its rampant, so the roof is slopes × length × rampant. Only when the rampant is said as such.
const N = String.raw`(\d+(?:[.,]\d+)?)`;
const M = String.raw`(?:[ \t]*(?:m(?![\p{L}²])|m[èe]tres?))?`;
const SLOPE = String.raw`(?:pans?|pentes?|versants?)(?![\p{L}])`;
/** « 6 mètres de rampant », « de 6 m de rampant »: the length of a slope from the gutter to the ridge. */
const RAMPANT = new RegExp(String.raw`(?:[ \t]+de)?[ \t]+${N}${M}[ \t]+de[ \t]+rampant(?![\p{L}])`, 'iu');
/** « le toit fait 12 mètres de long », « la maison fait 10 mètres sur 8 »: the ridge's length is the first figure. */
const RIDGE = new RegExp(
  String.raw`(?<![\p{L}])(?:toit|toiture|maison|fa[îi]tage)[ \t]+(?:fait|mesure|de)[ \t]+${N}${M}(?:[ \t]+de[ \t]+long(?:ueur)?|[ \t]*(?:sur|par|x|×)[ \t]*\d+(?:[.,]\d+)?${M})?`,
  'iu',
);
const COUNT = new RegExp(
  String.raw`(?<![\p{L}\d])(deux|2|trois|3|quatre|4|double)[ \t]+${SLOPE}|chaque[ \t]+${SLOPE}`,
  'iu',
);
const COUNTS: Record<string, number> = { deux: 2, '2': 2, double: 2, trois: 3, '3': 3, quatre: 4, '4': 4 };
const num = (raw: string) => Number(raw.replace(',', '.'));
const fmt = (value: number) => `${Math.round(value * 100) / 100}`;

export function rewriteRoofSlopes(text: string): string {
  return text
    .split(/(?<=\n|\.\s)/)
    .map((sentence) => {
      const rampant = RAMPANT.exec(sentence);
      const ridge = RIDGE.exec(sentence);
      const count = COUNT.exec(sentence);
      if (!rampant || !ridge || !count || ridge.index > rampant.index) return sentence;
      const slopes = count[1] ? COUNTS[count[1].toLowerCase()]! : 2;
      const [length, side] = [num(ridge[1]!), num(rampant[1]!)];
      if (length <= 0 || length > 40 || side <= 0 || side > 20) return sentence;
      const withoutRampant = `${sentence.slice(0, rampant.index)}${sentence.slice(rampant.index + rampant[0].length)}`;
      const at = ridge.index + ridge[0].indexOf(ridge[1]!);
      return `${withoutRampant.slice(0, at)}${fmt(slopes * length * side)} m²${withoutRampant.slice(ridge.index + ridge[0].length)}`;
    })
    .join('');
}
