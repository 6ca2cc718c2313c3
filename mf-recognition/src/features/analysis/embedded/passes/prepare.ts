// Pass 1 (tokens): the text as said or typed, normalised — punctuation, ligatures, hesitations, note abbreviations,
// thousands separators — so that the next passes read one spelling of each thing.
import { fold, plainPunctuation } from '../../model/text';
import type { Found } from '../client-fields';

const HESITATIONS = /(?<![\p{L}])(?:euh+|heu+|hum+|hmm+|bah|ben|hein|bref|ah|oh)(?![\p{L}])[ \t]*,?/giu;

export function prepare(input: string): string {
  return (
    plainPunctuation(input.normalize('NFC'))
      .replace(/œ/g, 'oe')
      .replace(/Œ/g, 'Oe')
      .replace(/æ/g, 'ae')
      .replace(/\r\n?/g, '\n')
      .replace(HESITATIONS, ' ')
      // « Dépose des sanitaires (baignoire, lavabo, WC) : 3 u »: a list in brackets details one line.
      .replace(/\(([^()\n]*)\)/g, (_, inside: string) => `(${inside.replace(/,(?!\d)/g, ' ')})`)
      // Table cells (« Peinture murs | 64 | m2 | 25,00 € »): cells are words of one line.
      .replace(/[ \t]*[|\t][ \t]*/g, '  ')
      // OCR reads « m² » as « m? »: not the end of a question.
      .replace(/(\d\s?m)\?/g, '$1²')
      .replace(/\bm\.\s?l\.?(?=\s|$)/gi, 'ml')
      .replace(/\bforf\.(?=\s)/gi, 'forfait')
      // Note abbreviations: « M.O. », « fourn. + pose », « pts élec. », « 1 ft », « 2 u. », « 1 ens. », « qté 4 ».
      .replace(/(?<![\p{L}])M\.[ \t]?O\.?(?![\p{L}])/gu, "main d'oeuvre")
      .replace(/(?<![\p{L}])(?:fourn(?:\.|iture)?|fourni|F)[ \t]*(?:\+|&|et)[ \t]*(?:pose|P\.?)(?![\p{L}])/giu, 'pose')
      .replace(/(?<![\p{L}])pts(?![\p{L}])\.?/giu, 'points')
      .replace(/(\d)[ \t]*(?:ft|fft|forf)\.?(?![\p{L}])/giu, '$1 forfait')
      .replace(/(\d)[ \t]*u\.(?=[ \t]*(?:$|[\n,;)]|[ \t]\p{L}))/gmu, '$1 u ')
      .replace(/(\d)[ \t]*ens\.?(?![\p{L}])/giu, '$1 ensemble ')
      .replace(/(?<![\p{L}])qt[ée]s?\.?[ \t]*:?[ \t]*(?=\d)/giu, 'x')
      .replace(/\benv\.(?=\s)/gi, 'environ')
      // Abbreviations of typed notes whose period would otherwise end the sentence (« Pein. murs », « Plaf. »).
      .replace(ABBREVIATIONS, (_, word: string) => ABBREVIATION_WORDS[fold(word).toLowerCase()] ?? word)
      // Thousands written with a space (« 1 500 m² »): one number. Phone-like runs of digit groups are left alone.
      .replace(/(?<![\d.,][ \t]?)(?<![\d])(\d{1,3})[ \t](\d{3})(?![\d]|[ \t.,]\d)/g, '$1$2')
  );
}

const ABBREVIATION_WORDS: Record<string, string> = {
  pein: 'peinture',
  peint: 'peinture',
  plaf: 'plafond',
  elec: 'électricité',
  dépl: 'déplacement',
  depl: 'déplacement',
  isol: 'isolation',
  lum: 'lumineux',
  carr: 'carrelage',
  plomb: 'plomberie',
  menuis: 'menuiserie',
  maç: 'maçonnerie',
  mac: 'maçonnerie',
  fen: 'fenêtre',
  int: 'intérieur',
  ext: 'extérieur',
  demol: 'démolition',
  démol: 'démolition',
  dém: 'dépose',
  dem: 'dépose',
  cab: 'câble',
  sdb: 'salle de bain',
  ch: 'chambre',
  rempl: 'remplacement',
  install: 'installation',
  inst: 'installation',
  prep: 'préparation',
  prép: 'préparation',
  rag: 'ragréage',
  ens: 'ensemble',
};
const ABBREVIATIONS = new RegExp(
  String.raw`(?<![\p{L}])(${Object.keys(ABBREVIATION_WORDS).join('|')}|élec|Élec|Démol|Dém|Prép)\.(?=[ \t]*(?:[:\p{L}+x×]|\d|$))`,
  'gimu',
);

/** Removes a found span, leaving a clause break so that what surrounded it is not glued together. */
export function cut(text: string, found: Pick<Found, 'start' | 'end'>): string {
  return `${text.slice(0, found.start)} , ${text.slice(found.end)}`;
}
