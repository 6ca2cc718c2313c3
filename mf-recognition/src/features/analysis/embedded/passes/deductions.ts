// Deductions (part of pass 4, after the sizes became surfaces): a part said less than a surface or a length is taken
// off it — « 8 mètres sur 5 moins le coin de l'escalier de 2 sur 1 », « 35 m² moins 3 m² d'ouvertures », « on enlève
// 4 m² pour les ouvertures », « sans la porte de 90 sur 2,10 », plinths « 13 ml moins la porte 80 cm ». The openings
// named there are not work to quote.
const N = String.raw`(\d+(?:[.,]\d+)?)`;
const AREA = String.raw`(?:m²|m2|m[èe]tres?[ \t]+carr[ée]s?)`;
/** The openings a wall's surface is given without (they are not work to quote there). */
const OPENING = String.raw`(?:ouvertures?|portes?(?:-fen[êe]tres?)?|fen[êe]tres?|baies?(?:[ \t]+vitr[ée]es?)?)(?![\p{L}])`;
const THE = String.raw`(?:(?:les?|la|l['’]|une?|des|sa|son|ses)[ \t]*)?`;
const OPENINGS = String.raw`${THE}${OPENING}(?:[ \t]+et[ \t]+${THE}${OPENING})?`;
const num = (raw: string) => Number(raw.replace(',', '.'));
const fmt = (value: number) => `${Math.round(value * 100) / 100}`;

/** « 8 mètres sur 5 moins le coin de l'escalier de 2 sur 1 », « 35 m² moins 3 m² d'ouvertures »: a surface less a part. */
const LESS = new RegExp(
  String.raw`(?<![\d.,])${N}[ \t]*(?:m²|m2)[ \t]*,?[ \t]*moins[ \t]+([^\d\n.;,]{0,40}?)${N}[ \t]*${AREA}(?:[ \t]*(?:d['’]|de|des|pour)[ \t]*${OPENINGS})?`,
  'giu',
);
/** How a deduction is said after the surface: « moins », « sans », « hors », « on enlève », « en déduisant »… */
const TAKE_OFF = String.raw`(?:moins|sans|hors|on[ \t]+(?:enl[èe]ve|retire|d[ée]duit|soustrait)|en[ \t]+(?:enlevant|retirant|d[ée]duisant)|[àa][ \t]+d[ée]duire|d[ée]duction[ \t]+faite[ \t]+d(?:e|['’]))`;
/** « 35 m² on enlève 4 m² pour les ouvertures »: a surface less the openings' surface. */
const LESS_OPENINGS_AREA = new RegExp(
  String.raw`(?<![\d.,])${N}[ \t]*${AREA}[ \t]*,?[ \t]*${TAKE_OFF}[ \t]+${N}[ \t]*${AREA}[ \t]*(?:pour|de|d['’]|des)[ \t]*${OPENINGS}`,
  'giu',
);
/** « 24 m² sans la porte de 90 sur 2,10 », « 24 m² moins la fenêtre de 1,2 m² »: a surface less an opening's size. */
const LESS_OPENING_SIZE = new RegExp(
  String.raw`(?<![\d.,])${N}[ \t]*${AREA}[ \t]*,?[ \t]*${TAKE_OFF}[ \t]+${OPENINGS}[ \t]*(?:de|d['’]|:)?[ \t]*(?:${N}[ \t]*${AREA}|${N}[ \t]*(m(?![\p{L}²])|m[èe]tres?|cm|centim[èe]tres?)?[ \t]*(?:sur|x|×|par)[ \t]*${N}[ \t]*(m(?![\p{L}²])|m[èe]tres?|cm|centim[èe]tres?)?)(?![\d.,])`,
  'giu',
);
/** « 13 ml moins la porte 80 centimètres »: a length less an opening's width. */
const LESS_OPENING_WIDTH = new RegExp(
  String.raw`(?<![\d.,])${N}[ \t]*ml[ \t]*,?[ \t]*${TAKE_OFF}[ \t]+${OPENINGS}[ \t]*(?:de|d['’]|:)?[ \t]*${N}[ \t]*(m(?![\p{L}²])|m[èe]tres?|cm|centim[èe]tres?)?(?![\d.,]|[ \t]*(?:sur|x|×|par)[ \t]*\d)`,
  'giu',
);

/** A side of an opening in metres: said in cm, or a bare figure above 10 (« 90 sur 2,10 »). */
const side = (value: string, unit: string | undefined) =>
  (unit && /^c/iu.test(unit)) || (!unit && num(value) > 10) ? num(value) / 100 : num(value);

export function rewriteDeductions(text: string): string {
  const less = (whole: string, total: number, part: number, unit: string) =>
    part > 0 && total - part > 0 ? `${fmt(total - part)} ${unit}` : whole;
  return text
    .replace(LESS, (whole, a: string, _words: string, b: string) => less(whole, num(a), num(b), 'm²'))
    .replace(LESS_OPENINGS_AREA, (whole, a: string, b: string) => less(whole, num(a), num(b), 'm²'))
    .replace(
      LESS_OPENING_SIZE,
      (whole, a: string, area?: string, x?: string, xu?: string, y?: string, yu?: string) =>
        less(whole, num(a), area ? num(area) : side(x!, xu) * side(y!, yu), 'm²'),
    )
    .replace(LESS_OPENING_WIDTH, (whole, a: string, w: string, wu?: string) => less(whole, num(a), side(w, wu), 'ml'));
}
