// The embedded extractor: French notes or a dictation → project title, tasks with quantity and unit, client.
// Works without any model: number words are rewritten as digits, client fields are found and cut out, the rest
// is split into clauses, and each clause is matched against the catalogue and paired with the quantity said in it
// (before or after the task: « 25 m² de peinture », « peinture 25 m2 », « deux prises électriques »).
import type { ExtractionResult, Task } from '@atelier/domain';
import {
  analyseTerms,
  bestCatalogueMatch,
  polarityOf,
  prepareCatalogue,
  type PreparedTask,
  type Term,
} from '../model/catalogue-match';
import { findEmails } from '../model/email';
import { rewriteNumberWords } from '../model/numbers';
import { findPhoneNumbers } from '../model/phone';
import { postProcess } from '../model/post-process';
import type { Flow } from '../model/quantity';
import { fold, plainPunctuation, words } from '../model/text';
import { matchUnitAt, unitFamily, unitsCompatible, type CanonicalUnit } from '../model/units';
import { findAddress, findClientName, findProjectTitle, type Found } from './client-fields';
import { correctOcrVocabulary } from './ocr-vocabulary';

export type ExtractOptions = { flow: Flow };

/** Raw findings before post-processing (exposed for tests and the benchmark). */
export type RawTextExtraction = {
  projectTitle?: string;
  tasks: Array<{ name: string; quantity?: number; unit: string; source?: string; unsure?: boolean }>;
  client: { name?: string; phone?: string; email?: string; address?: string; company?: string };
};

export function extractFromText(
  text: string,
  catalogue: readonly Task[],
  options: ExtractOptions = { flow: 'voice' },
): ExtractionResult {
  return postProcess(readText(readable(text, catalogue, options), catalogue), catalogue, options.flow);
}

/** OCR'd text has its misread vocabulary words read back first (ocr-vocabulary.ts); dictations are left as said. */
function readable(text: string, catalogue: readonly Task[], options: ExtractOptions): string {
  return options.flow === 'image' ? correctOcrVocabulary(text, catalogue) : text;
}

/** A line proposed to the user: the task, the words it came from, and whether the analyser was unsure of it. */
export type ProposedLine = { name: string; quantity: number; unit: string; source: string; unsure: boolean };

/** The extraction plus, for each task, the words it came from (the notes box shows them before adding). */
export function proposeLines(
  text: string,
  catalogue: readonly Task[],
  options: ExtractOptions = { flow: 'voice' },
): { result: ExtractionResult; lines: ProposedLine[] } {
  const raw = readText(readable(text, catalogue, options), catalogue);
  const result = postProcess(raw, catalogue, options.flow);
  const lines = result.tasks.map((task) => {
    const found = raw.tasks.find((t) => t.name === task.name);
    return { ...task, source: found?.source ?? '', unsure: found?.unsure ?? true };
  });
  return { result, lines };
}

export function readText(input: string, catalogue: readonly Task[]): RawTextExtraction {
  let text = prepare(input);
  const client: RawTextExtraction['client'] = {};

  const email = findEmails(text)[0];
  if (email) {
    client.email = email.email;
    text = cut(text, email);
  }
  const name = findClientName(text);
  if (name) {
    client.name = name.value;
    text = cut(text, name);
  }
  const title = findProjectTitle(text);
  if (title) text = cut(text, title);

  // « plus trente-trois six… » is a +33 number once the words are digits.
  text = rewriteNumberWords(text).replace(/(?<![\p{L}])plus\s+(?=33(?:\s|\d))/giu, '+');
  // « zéro un dix » in a spoken phone number: « un » between figures is the digit 1, not an article.
  text = text.replace(/(?<=(?<![\d.,])\d{1,2}[ \t]+)(?:un|une)(?=[ \t]+\d{1,2}(?![\d.,]))/giu, '1');
  text = rewriteDimensions(rewriteCorrections(rewriteTimeFractions(text)));
  const phone = findPhoneNumbers(text)[0];
  if (phone) {
    client.phone = phone.phone;
    text = cut(text, phone);
  }
  const address = findAddress(text);
  if (address) {
    client.address = address.value;
    text = cut(text, address);
  }
  // « Karine de chez Leblanc Rénovation »: a firm's name is not work to quote; it is the client's company.
  const company = [...text.matchAll(COMPANY)][0];
  if (company) {
    const value = company[0].replace(COMPANY_KEYWORD, '').trim();
    if (value) client.company = value;
  }
  text = text.replace(COMPANY, '\n');
  return { projectTitle: title?.value, tasks: readTasks(text, prepareCatalogue(catalogue)), client };
}

const COMPANY =
  /(?<![\p{L}])(?:(?:de[ \t]+)?(?:chez|entreprise|Entreprise|ets\.?|Ets\.?|ETS\.?|établissements|Établissements)[ \t]+\p{Lu}[\p{L}'-]*(?:[ \t]+\p{Lu}[\p{L}'-]*)+|(?:société|Société|SARL|SAS|EURL|SCI|Sarl)[ \t]+\p{Lu}[\p{L}'&-]*(?:[ \t]+\p{Lu}[\p{L}'&-]*)*)/gu;
const COMPANY_KEYWORD =
  /^(?:de\s+)?(?:chez|entreprise|Entreprise|ets\.?|Ets\.?|ETS\.?|établissements|Établissements|société|Société)\s+/u;

const CORRECTION_WORDS = String.raw`(?:non[ \t]+pardon|pardon|non[ \t]+attends?|ou[ \t]+plut[oô]t|plut[oô]t|enfin|je[ \t]+corrige|je[ \t]+rectifie|je[ \t]+veux[ \t]+dire|disons|non|→|[-=]+>|-?»)`;
/**
 * « 12 mètres de plinthes non pardon 15 », « 4 spots non 5 », « 12 ml → 15 ml » on a note (OCR: « -> », « -» »):
 * the figure said last wins, the words stay.
 */
const INLINE_CORRECTION = new RegExp(
  String.raw`(?<![\d.,])(\d+(?:[.,]\d+)?)((?:[ \t]+(?!non\b|pardon\b|plut|enfin\b|disons\b|je\b|ou\b)[\p{L}²'’]+){0,4}?)[ \t]*,?[ \t]*${CORRECTION_WORDS}[ \t]*,?[ \t]*(\d+(?:[.,]\d+)?)(?![\d])`,
  'giu',
);

export function rewriteCorrections(text: string): string {
  return text.replace(INLINE_CORRECTION, (whole, _first: string, words: string, last: string, offset: number) => {
    const after = text.slice(offset + whole.length);
    const firstWord = /^[ \t]+([\p{L}²]+)/u.exec(words)?.[1];
    // The new figure says its own unit again (« 3 heures, non 4 heures »).
    if (firstWord && new RegExp(String.raw`^[ \t]*${firstWord.slice(0, 3)}`, 'iu').test(after)) return last;
    const unitAfter = matchUnitAt(fold(after.replace(/^[ \t]*/, '')), 0);
    if (unitAfter) return last;
    // « 4 prises enfin 2 interrupteurs » lists two things: only a bare figure corrects.
    if (/^[ \t]+(?!et\b|de\b|d'|du\b|des\b)\p{L}{3,}/u.test(after) && words.trim()) return whole;
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
const HESITATIONS = /(?<![\p{L}])(?:euh+|heu+|hum+|hmm+|bah|ben|hein|bref)(?![\p{L}])[ \t]*,?/giu;

function prepare(input: string): string {
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
  'giu',
);

/** Removes a found span, leaving a clause break so that what surrounded it is not glued together. */
function cut(text: string, found: Pick<Found, 'start' | 'end'>): string {
  return `${text.slice(0, found.start)} , ${text.slice(found.end)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Tasks

type Quantity = {
  value: number;
  unit: CanonicalUnit | null;
  /** 3 = number with a unit, 2 = bare number, 1 = « un »/« une ». */
  strength: number;
  start: number;
  end: number;
  /** Folded words right after the quantity (to tell « 2 prises » from « 2 chambres »). */
  nextWord: string | null;
  /** Taken from another task (« la même surface », « pose du nouveau »): a figure said later replaces it. */
  inferred?: boolean;
};

type Segment = {
  text: string;
  folded: string;
  quantities: Quantity[];
  sentence: number;
  correction: boolean;
  /** « on dépose la baignoire et le carrelage », « on repeint les plinthes et l'encadrement »: the second object shares the verb of the first. */
  inherited: Term[];
  /** The piece before, in the same clause, went on with « pour … », « dans … »: this one may still be that context. */
  afterContext: boolean;
  /** The piece before ended on a noun complement (« les boiseries des fenêtres »): a bare noun next may still be part of it. */
  afterComplement: boolean;
  clause: number;
};

type Line = {
  task: PreparedTask;
  quantity: Quantity | null;
  sentence: number;
  clause: number;
  order: number;
  /** The words the line came from (shown to the user before the line joins the devis). */
  source?: string;
};

const CONNECTORS =
  /\s+(?:avec (?:son|sa|ses|le|la|les|un|une|des)(?=\s)|et puis|et aussi|et ensuite|et|puis|ensuite|ainsi que|sinon|après ça|apres ca|plus(?=\s+(?:\d|un\b|une\b)))\s+/giu;
/** Trade activities a coordinated object inherits (« peinture des murs et des boiseries »). */
const SHARED_ACTIVITIES = new Set(['peinture', 'papierpeint', 'isolation']);
const CORRECTION =
  /^\s*(?:non|pardon|plutôt|plutot|enfin|je veux dire|ou plutôt|ou plutot|correction|je me suis trompé|je me suis trompe|je rectifie|je corrige|attendez|attends|attention)\b/iu;
const NEGATION =
  /(?<![\p{L}])(?:pas|plus besoin|aucun|aucune|jamais|ni|on garde|on conserve|garder|conserver|on laisse|laisser)(?![\p{L}])/iu;
/** « pose du nouveau », « on en remet un neuf », « la même chose »: an action whose object was said just before. */
const ELLIPSIS =
  /(?<![a-z])(?:nouveau|nouvelle|nouveaux|nouvelles|neuf|neuve|neufs|neuves|autre|autres|meme|memes|idem|en)(?![a-z])/;
const CONTEXT_WORD = /\s(?:pour|dans|chez|derrière|derriere|entre|au-dessus|au dessus|à côté|a cote)\s/iu;
const SAME_QUANTITY = /(?<![a-z])(?:(?:la|le) meme (?:surface|quantite|longueur|metrage|nombre)|idem|pareil)(?![a-z])/;
/** « l'entretien a déjà été fait », « elle a déjà fait changer les fenêtres »: work done before, not to quote (« déjà on dépose… » is not). */
const ALREADY_DONE =
  /(?<![a-z])(?:(?:a|ont|avait|avaient|est|sont|etait|etaient)\s+deja|deja\s+(?:ete\s+)?(?:fait|faite|faits|faites|change|changee|changes|changees|pose|posee|poses|posees|refait|refaite|refaits|remplace|remplacee|remplaces|installe|installee|installes|realise|realisee|effectue|effectuee))(?![a-z])/;
/** « la toiture fait 120 m² », « la pièce mesure 4 x 3 »: a measurement of the place, not a task. */
const MEASUREMENT =
  /^[\s:;,-]*(?:(?:alors|donc|bon|et|oui|ok|sachant que)\s+)*(?:la|le|les|l'|cette|ce|cet|ces|sa|son|ses|leur|leurs)\s*[^,:]{1,40}?\s(?:fait|font|mesure|mesurent|represente|representent|couvre|couvrent|totalise|totalisent)\s/;
/** « pour la toiture de M. X », « chez … »: a part opening on the purpose or the place, with no work said. */
const CONTEXT_OPENING =
  /^\s*(?:(?:alors|donc|bon|oui|ok|euh)\s+)*(?:pour|chez|dans|concernant|au sujet de|a propos de)\s/;
/** « donc 8 prises en tout », « soit 25 m² au total »: a total restating what was just listed. */
const TOTAL = /(?<![a-z])(?:soit|ce qui fait|ce qui donne|au total|en tout|total|donc(?=\s+\d))(?![a-z])/;
/** Words that narrate a visit (« Intervention chez … ») and name a task only when a figure or « forfait » goes with them. */
const NARRATIVE = /^(?:intervention|interven|visite|passag|venu|rendez|depann)/;
/** « Entretien chaudière : non », « dépose : non prévu »: a line of notes answered in the negative. */
const ANSWERED_NO =
  /:\s*(?:non|neant|sans objet)(?![a-z])|(?<![a-z])non\s+(?:prevue?s?|necessaire|compris|inclus|concerne)(?![a-z])/;
/** « mais ce sera pour un autre devis », « plus tard »: work put off is not quoted now. */
const DEFERRED =
  /(?<![a-z])(?:un autre devis|un prochain devis|un devis separe|plus tard|une autre fois|pas pour (?:l'instant|le moment|maintenant|cette fois)|l'annee prochaine)(?![a-z])/;
/** « il l'a fait faire en septembre, donc pas besoin »: a comment cancelling the work just named. */
const CANCEL =
  /(?<![a-z])(?:pas besoin|pas la peine|pas necessaire|inutile|deja fait|l'a (?:deja )?fait faire|a (?:deja )?ete fait|c'est deja fait)(?![a-z])/;
/** Unit words (« (forfait) », « au forfait ») qualify a line; alone they are not a task. */
const UNIT_WORD = /^(?:forfait|forf|fft|heur|jour|unit|metr|ensembl)[a-z]*$/;
/** « une de 10 m² et l'autre de 7 »: the parts of one task, enumerated. */
const ENUMERATED =
  /(?<![a-z])(?:l'autre|l'une|l'un|la deuxieme|le deuxieme|la seconde|le second|la troisieme|le troisieme|la derniere|le dernier)(?![a-z])/;
/** Hours in a working day, to quote « 2 jours de main d'œuvre » against a task sold by the hour. */
export const HOURS_PER_DAY = 7;
const LIST_MARKER = /^[ \t]*(?:\d{1,2}[ \t]*[.)/]|[-•*·>–]|[a-z]\))[ \t]+/gmu;

const DEBUG = typeof process !== 'undefined' && process.env?.DEBUG_EXTRACT === '1';

function readTasks(text: string, catalogue: PreparedTask[]): RawTextExtraction['tasks'] {
  const segments = splitSegments(joinCatalogueCoordinations(text.replace(LIST_MARKER, ''), catalogue));
  const lines: Line[] = [];
  let lastMatched: { terms: Term[]; line: Line } | null = null;
  // « on ne refait pas le plafond, juste les murs »: after a negated clause, « juste les murs » answers it, not the
  // task said before it.
  let negatedSinceMatch = false;
  // The last clause of work that matched no catalogue task (« peindre les volets en bois »), in its sentence.
  let unmatchedWork: { terms: Term[]; sentence: number } | null = null;
  let pending: Quantity | null = null;
  let pendingSentence = -1;
  let order = 0;

  // Hours said with no task (« comptez trois heures de plus ») are labour, when the catalogue has it.
  const labour = catalogue.find((t) => t.unit === 'h' && t.terms.some((term) => term.concept === 'mainoeuvre'));
  const flushPending = () => {
    if (pending?.unit === 'h' && labour)
      lines.push({ task: labour, quantity: pending, sentence: pendingSentence, clause: -1, order: order++ });
    pending = null;
  };

  let correcting = -1;
  for (const segment of segments) {
    if (segment.sentence !== pendingSentence) flushPending();
    // « non attendez, la cloison fait 3,20 sur 2,50, donc 8 m² »: the correction runs until a figure or a task comes.
    if (segment.correction) correcting = segment.sentence;
    else if (correcting !== segment.sentence) correcting = -1;
    for (const part of splitOnQuantities(segment)) {
      const mainUnit = part.quantities.find((q) => q.strength === 3)?.unit ?? null;
      let terms = analyseTerms(part.text);
      let match: ReturnType<typeof bestCatalogueMatch> = null;
      if (part.inherited.length && terms.length) {
        const withShared = [...terms, ...part.inherited];
        match = bestCatalogueMatch(part.text, catalogue, { unit: mainUnit, terms: withShared });
        if (match) terms = withShared;
      }
      // « un mitigeur pour le lavabo », « faïence dans la douche »: what follows pour/dans is context.
      const context = CONTEXT_WORD.exec(part.text);
      if (!match && context && context.index > 0) {
        const head = part.text.slice(0, context.index);
        const headTerms = analyseTerms(head);
        if (headTerms.length) match = bestCatalogueMatch(head, catalogue, { unit: mainUnit, terms: headTerms });
        if (match) terms = headTerms;
      }
      if (!match && terms.length) match = bestCatalogueMatch(part.text, catalogue, { unit: mainUnit, terms });
      // « les boiseries des fenêtres »: the task must be about the head noun, not its complement.
      if (match) {
        const heads = terms.filter((t) => t.role === 'head').sort((a, b) => a.start - b.start);
        const first = heads[0];
        const between = first && heads[1] ? words(part.text).slice(first.end, heads[1].start) : [];
        const complement =
          between.length > 0 &&
          between.every((w) => ['de', 'des', 'du', 'd', 'la', 'le', 'les', 'l'].includes(w)) &&
          between.some((w) => w.startsWith('d'));
        if (first && complement && !match.matchedStems.has(first.stem)) {
          const headTerms = terms.filter((t) => t.start <= first.start);
          const headMatch = bestCatalogueMatch(part.text, catalogue, { unit: mainUnit, terms: headTerms });
          if (headMatch?.matchedStems.has(first.stem)) {
            match = headMatch;
            terms = headTerms;
          }
        }
      }
      // « dépose de l'ancien carrelage et pose du nouveau »: an action alone takes the object of the clause before.
      let borrowedFrom: Line | null = null;
      const hasObject = terms.some((t) => t.role === 'head' || t.role === 'unknown');
      const onlyAction = terms.some((t) => t.role === 'install' || t.role === 'remove') && !hasObject;
      const onlyQualifier = terms.some((t) => t.role === 'mod') && !hasObject;
      // « de la sous-couche pour les murs et le plafond »: « le plafond » is still where, not what.
      const elliptic = (onlyQualifier && !part.afterContext) || (onlyAction && ELLIPSIS.test(part.folded));
      if (!match && lastMatched && elliptic && !negatedSinceMatch) {
        // « et le plafond aussi »: a qualifier alone takes the trade of the clause before.
        const borrowed = lastMatched.terms.filter((t: Term) =>
          onlyAction ? t.role !== 'install' && t.role !== 'remove' : t.role === 'head',
        );
        const own = terms;
        terms = [...terms, ...borrowed];
        match = bestCatalogueMatch(part.text, catalogue, { unit: mainUnit, terms });
        // The qualifier must be part of the task found (« le plafond » → Peinture plafond, not Pose de carrelage sol).
        if (match && onlyQualifier && !own.some((t) => t.role === 'mod' && match!.matchedStems.has(t.stem)))
          match = null;
        if (match && onlyAction) borrowedFrom = lastMatched.line;
      }
      if (match) {
        const hasWork = terms.some((t) => t.role === 'install' || t.role === 'remove' || t.role === 'service');
        const figure = part.quantities.some((q) => q.strength >= 2);
        const anyFigure = part.quantities.length > 0;
        if (!hasWork && !part.inherited.length && match.score < 0.6 && MEASUREMENT.test(part.folded)) {
          // « la toiture fait environ 120 m² »: the figure may still serve the work said next to it.
          match = null;
        } else if (!hasWork && !figure && match.score < 0.6 && CONTEXT_OPENING.test(part.folded)) {
          continue;
        } else if (
          !figure &&
          !/(?<![a-z])forfait/.test(part.folded) &&
          [...match.matchedStems].every((stem) => NARRATIVE.test(stem))
        ) {
          continue;
        } else if ([...match.matchedStems].every((stem) => UNIT_WORD.test(stem))) {
          continue;
        } else if (
          !hasWork &&
          !anyFigure &&
          !part.inherited.length &&
          ((part.afterContext && /^\s*(?:(?:et|ou)\s+)?(?:(?:les|le|la|l')\s*)?\p{L}+\s*$/u.test(part.folded)) ||
            (part.afterComplement && /^\s*\p{L}+\s*$/u.test(part.folded)))
        ) {
          // « pour reprendre les seuils et les portes », « les boiseries des fenêtres et portes »: still the context.
          continue;
        } else if (
          !hasWork &&
          unmatchedWork?.sentence === part.sentence &&
          lastMatched?.line.sentence !== part.sentence &&
          elaborates(terms, unmatchedWork.terms)
        ) {
          // « peindre les volets en bois, 4 volets »: the figure counts the things of the work just said, which is
          // not in the catalogue; the noun they share alone does not make it another task (Pose de volet roulant).
          continue;
        }
      }
      if (DEBUG)
        console.log(
          '[seg]',
          JSON.stringify(part.text),
          '→',
          match ? `${catalogue[match.index]!.task.name} ${match.score.toFixed(2)}` : '-',
          part.quantities.map((q) => `${q.value}${q.unit ?? ''}`).join(','),
        );
      if (NEGATION.test(part.folded)) negatedSinceMatch = true;
      if (
        match &&
        (NEGATION.test(part.folded) ||
          ALREADY_DONE.test(part.folded) ||
          ANSWERED_NO.test(part.folded) ||
          DEFERRED.test(part.folded))
      ) {
        continue;
      }
      if (!match && terms.some((t) => t.concept !== null && t.role !== 'install' && t.role !== 'remove'))
        unmatchedWork = { terms, sentence: part.sentence };
      if (!match && CANCEL.test(part.folded)) {
        const last = lines[lines.length - 1];
        if (last && last.sentence === part.sentence && lastMatched?.line === last) lines.pop();
        continue;
      }
      if (!match) {
        const orphan = bestOrphan(part.quantities);
        if (orphan) {
          const last = lines[lines.length - 1];
          if ((part.correction || correcting === part.sentence) && last && fits(orphan, last.task)) {
            last.quantity = orphan;
            correcting = -1;
          } else if (
            last?.quantity?.unit &&
            !last.quantity.inferred &&
            last.sentence === part.sentence &&
            !orphan.unit &&
            ENUMERATED.test(part.folded) &&
            unitsCompatible(last.quantity.unit, last.task.unit)
          ) {
            // « une de 10 m² et l'autre de 7 »: the unit of the first part goes for the next.
            last.quantity = { ...last.quantity, value: last.quantity.value + orphan.value };
          } else if (
            last?.quantity &&
            !last.quantity.inferred &&
            last.quantity.strength >= 2 &&
            !hasContentWords(part.text)
          ) {
            // « …, vingt-huit mètres carrés » restating the quantity already given: nothing to add.
          } else if (
            last?.quantity &&
            !last.quantity.inferred &&
            last.sentence === part.sentence &&
            // « …, et puis la cuisine fait 2,80 sur 3,50, on pose du carrelage »: the size of the next place.
            !MEASUREMENT.test(part.folded) &&
            orphan.unit &&
            unitsCompatible(orphan.unit, last.task.unit) &&
            last.quantity.unit &&
            unitsCompatible(last.quantity.unit, last.task.unit)
          ) {
            // « plinthes : 2,50 m dans les toilettes et 12 m dans le couloir »: one task, several places.
            last.quantity = { ...last.quantity, value: last.quantity.value + orphan.value };
          } else if (last && canTake(last, orphan, part.sentence)) {
            // A figure from another sentence is a guess that a figure said with the task later replaces.
            // So is the measurement of the place (« la pièce fait 4 x 3,5 m, donc 14 m² »).
            last.quantity =
              last.sentence === part.sentence && !MEASUREMENT.test(part.folded)
                ? orphan
                : { ...orphan, inferred: true };
            // « lessivage et peinture, 40 m² »: one figure for the tasks said together.
            for (const line of lines) {
              if (
                line !== last &&
                line.clause === last.clause &&
                !line.quantity &&
                fits(orphan, line.task) &&
                orphan.unit &&
                unitsCompatible(orphan.unit, line.task.unit)
              )
                line.quantity = orphan;
            }
          } else {
            pending = orphan;
            pendingSentence = part.sentence;
          }
        }
        continue;
      }
      const task = catalogue[match.index]!;
      let quantity = chooseQuantity(part.quantities, task, match.matchedStems);
      if (!quantity && pending && pendingSentence === part.sentence && fits(pending, task)) quantity = pending;
      // « … sur la même surface »: the quantity of the task before.
      const previous = lines[lines.length - 1];
      if (
        (!quantity || quantity.strength === 1) &&
        SAME_QUANTITY.test(part.folded) &&
        previous?.quantity &&
        fits(previous.quantity, task)
      )
        quantity = { ...previous.quantity, inferred: true };
      // « pose du nouveau » after « dépose de l'ancien carrelage, 8 m² »: the same surface.
      if (!quantity && borrowedFrom?.quantity && fits(borrowedFrom.quantity, task))
        quantity = { ...borrowedFrom.quantity, inferred: true };
      // « on dépose le carrelage, 15 m², on ragrée et on recarrelle »: the surface said for the work before, in the
      // same sentence, is the best guess for the next surface task — a later figure replaces it.
      if (
        !quantity &&
        previous?.quantity &&
        previous.sentence === part.sentence &&
        carriesSurface(previous.quantity, task)
      ) {
        quantity = { ...previous.quantity, inferred: true };
      }
      pending = null;
      const explicit = quantity !== null && !quantity.inferred;
      // « donc 8 prises en tout »: a total replaces the figures said before for the same task.
      if (explicit && TOTAL.test(part.folded)) {
        const same = lines.filter((l) => l.task === task && l.sentence >= part.sentence - 1);
        if (same.length > 0) {
          same[0]!.quantity = quantity;
          for (const extra of same.slice(1)) lines.splice(lines.indexOf(extra), 1);
          lastMatched = { terms, line: same[0]! };
          negatedSinceMatch = false;
          continue;
        }
      }
      const prev = lines[lines.length - 1];
      if (prev && prev.sentence === part.sentence && !part.correction && lastMatched?.line === prev) {
        const prevExplicit = prev.quantity !== null && !prev.quantity.inferred;
        // « la préparation des murs, enduit et ponçage, sur 32 m² »: the same task said again in one breath.
        const sameTask = prev.task === task && !(explicit && prevExplicit);
        // « isolation des combles perdus, soufflage laine »: nothing new, a detail of the task before.
        const detail = prev.task !== task && !(explicit && prevExplicit) && elaborates(terms, lastMatched.terms);
        if (sameTask || detail) {
          if (explicit && !prevExplicit) prev.quantity = quantity;
          continue;
        }
      }
      const line: Line = {
        task,
        quantity,
        sentence: part.sentence,
        clause: part.clause,
        order: order++,
        source: part.text.trim(),
      };
      lastMatched = { terms, line };
      negatedSinceMatch = false;
      if (part.correction && lines.length > 0 && lines[lines.length - 1]!.task === line.task) {
        lines[lines.length - 1]!.quantity = quantity ?? lines[lines.length - 1]!.quantity;
      } else {
        lines.push(line);
      }
    }
  }
  flushPending();
  return mergeRepeats(lines);
}

/**
 * « nettoyage et démoussage », « fourniture et pose »: when the user's catalogue names a task with two words joined
 * by « et », the same pair in the text is one task, not two coordinated ones.
 */
const coordinations = new WeakMap<PreparedTask[], RegExp[]>();

function joinCatalogueCoordinations(text: string, catalogue: PreparedTask[]): string {
  const folded = fold(text);
  if (folded.length !== text.length) return text;
  let patterns = coordinations.get(catalogue);
  if (!patterns) {
    patterns = catalogue.flatMap((task) =>
      [...fold(task.task.name).matchAll(/([a-z]{4,})\s+et\s+([a-z]{4,})/g)].map((pair) => {
        const a = pair[1]!.slice(0, Math.max(4, pair[1]!.length - 2));
        const b = pair[2]!.slice(0, Math.max(4, pair[2]!.length - 2));
        return new RegExp(String.raw`(?<![a-z])${a}[a-z]*(\s+et\s+)(?:(?:le|la|les|du|de la|des|l')\s*)?${b}`, 'g');
      }),
    );
    coordinations.set(catalogue, patterns);
  }
  const joins: number[] = [];
  for (const re of patterns) for (const m of folded.matchAll(re)) joins.push(m.index + m[0].indexOf(m[1]!));
  let result = text;
  for (const at of joins.sort((x, y) => y - x)) result = `${result.slice(0, at)} & ${result.slice(at + 4)}`;
  return result;
}

/** Sentences (lines, . ! ? ;), then clauses (commas), then segments (et, puis, ensuite…). */
function splitSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  let clauseIndex = 0;
  const sentences = text.split(/\n|[.!?;]+(?=\s|$)|:(?=\s*\n)/);
  sentences.forEach((sentence, sentenceIndex) => {
    const clauses = sentence.split(/(?<!\d),|,(?!\d)|\s+\/\s+|\s+\+\s+|\s+-\s+(?=\D)/);
    let correctionPending = false;
    let shared: Term[] = [];
    clauses.forEach((clause) => {
      clauseIndex += 1;
      // « on isole les combles, 110 m², et les murs par l'intérieur »: a clause opening on « et » shares the work before.
      // A clause giving only a figure (« 110 m² ») does not end it.
      if (!/^\s*(?:et|ainsi que|plus|ou)\s/iu.test(clause) && analyseTerms(clause).length > 0) shared = [];
      let carried = shared.length > 0;
      // « quinze mètres carrés, non pardon, dix-sept »: the marker may stand alone between commas.
      const correction = correctionPending || CORRECTION.test(clause);
      correctionPending =
        CORRECTION.test(clause) &&
        !/[\p{L}\d]/u.test(clause.replace(CORRECTION, '').replace(/\b(?:pardon|non|plutot|plutôt)\b/giu, ''));
      if (correctionPending) return;
      let afterContext = false;
      let afterComplement = false;
      for (const piece of clause.split(CONNECTORS)) {
        // « sans » drops what follows it: « peinture sans sous-couche ».
        const kept = piece.split(/(?<![\p{L}])sans(?![\p{L}])/iu)[0] ?? '';
        if (!/[\p{L}\d]/u.test(kept)) continue;
        const folded = fold(kept);
        const terms = analyseTerms(kept);
        const hasAction = terms.some((t) => t.role === 'remove' || t.role === 'install');
        const hasActivity = terms.some((t) => t.concept !== null && SHARED_ACTIVITIES.has(t.concept));
        // Carried over from the clause before, the work goes only to a piece naming no object of its own.
        const ownObject = carried && terms.some((t) => t.role === 'head');
        carried = false;
        const inherited = ownObject
          ? []
          : shared.filter((t) => (t.role === 'remove' ? !hasAction : !hasActivity && !hasAction));
        if (ownObject) shared = [];
        if (hasAction || hasActivity)
          shared = terms.filter((t) => t.role === 'remove' || (t.concept !== null && SHARED_ACTIVITIES.has(t.concept)));
        segments.push({
          text: kept,
          folded,
          quantities: findQuantities(folded),
          sentence: sentenceIndex,
          correction,
          inherited,
          clause: clauseIndex,
          afterContext,
          afterComplement,
        });
        // « pour … » / « dans … », or a noun complement (« les boiseries des fenêtres et portes »), goes on in the next piece.
        afterContext = CONTEXT_WORD.test(` ${kept} `);
        afterComplement = /\s(?:de|des|du|d')\s*\p{L}+\s*$/u.test(fold(kept));
      }
    });
  });
  return segments;
}

const NUMBER = /(?<![\p{L}\d.,])(\d+(?:[.,]\d+)?)(?![\d])/gu;
const SIZE_WORD = String.raw`(?:de\s+)?(?:long|longueur|large|largeur|haut|hauteur|profondeur|cote)`;
const SPOKEN_DIMENSION = new RegExp(
  String.raw`\d+(?:[.,]\d+)?\s*(?:m|cm|mm)?\s*${SIZE_WORD}\s*(?:sur|x|×|par|et)\s*\d+(?:[.,]\d+)?\s*(?:m|cm|mm)?(?:\s*${SIZE_WORD})?`,
  'gu',
);
const DIMENSION = /\d+(?:[.,]\d+)?\s*(?:cm|mm|m)?\s*(?:x|×|\*|par|sur)\s*\d+(?:[.,]\d+)?(?:\s*(?:cm|mm|m)\b)?/gu;
const MONEY_AFTER = /^\s*(?:€|euros?\b|eur\b|e\s*ht\b|ht\b|ttc\b|%|pour\s?cent|€\s*\/|francs?\b)/u;
const ORDINAL_AFTER = /^(?:er|ere|e|eme|emes|nd|nde|ieme)\b/u;

function findQuantities(folded: string): Quantity[] {
  const dimensions = [...folded.matchAll(DIMENSION), ...folded.matchAll(SPOKEN_DIMENSION)].map(
    (m) => [m.index, m.index + m[0].length] as const,
  );
  const quantities: Quantity[] = [];
  for (const match of folded.matchAll(NUMBER)) {
    const start = match.index;
    let end = start + match[0].length;
    if (dimensions.some(([from, to]) => start >= from && start < to)) continue;
    const after = folded.slice(end);
    if (ORDINAL_AFTER.test(after) || MONEY_AFTER.test(after)) continue;
    const value = Number(match[1]!.replace(',', '.'));
    if (/^(?:19|20)\d\d$/.test(match[1]!) && !/^\s*(?:m|h|j|u)/.test(after)) continue;
    const unit = matchUnitAt(folded, end) ?? unitAfterDe(folded, end);
    if (unit) {
      if (unitFamily(unit.unit) === 'measure') continue;
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
]);

function nextWord(folded: string, from: number): string | null {
  for (const match of folded.slice(from).matchAll(/[a-z][a-z0-9]*/g)) {
    if (!FILLER.has(match[0])) return match[0];
  }
  return null;
}

/** A segment saying several quantities (« peinture 20 m² carrelage 12 m² ») is cut into one part per quantity. */
function splitOnQuantities(segment: Segment): Segment[] {
  const withUnit = segment.quantities.filter((q) => q.strength === 3);
  const bare = segment.quantities.filter((q) => q.strength === 2);
  const cuts = withUnit.length >= 2 ? withUnit : withUnit.length === 0 && bare.length >= 2 ? bare : [];
  if (cuts.length < 2) return [segment];
  const leadingWords = /[a-z]{3,}/.test(
    segment.folded.slice(0, cuts[0]!.start).replace(/\b(?:de|du|des|la|le|les|et|environ|pour|dans)\b/g, ''),
  );
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

function chooseQuantity(quantities: Quantity[], task: PreparedTask, matchedStems: Set<string>): Quantity | null {
  let best: { q: Quantity; rank: number } | null = null;
  for (const q of quantities) {
    const rank = quantityRank(q, task, matchedStems);
    if (rank > 0 && (!best || rank > best.rank)) best = { q, rank };
  }
  return best?.q ?? null;
}

function quantityRank(q: Quantity, task: PreparedTask, matchedStems: Set<string>): number {
  // « peinture 2 couches », « laine de verre 200 mm »: a figure that is part of the task's own name.
  if (q.nextWord && new RegExp(`(?:^|[^0-9])${q.value}\\s*${q.nextWord.slice(0, 3)}`).test(fold(task.task.name)))
    return 0;
  const countTask = task.unit === null || unitFamily(task.unit) === 'count';
  if (q.unit) {
    if (unitsCompatible(q.unit, task.unit)) return 4;
    if (unitFamily(q.unit) === 'measure' || unitFamily(q.unit) === 'liquid' || countTask) return 0;
    return 2.5;
  }
  const next = q.nextWord;
  const namesTheTask = next !== null && [...matchedStems].some((s) => s.split(' ')[0] === stemLike(next));
  // « un ponçage » is an article, not 1 m²; « une prise » is one socket.
  if (q.strength === 1) return countTask ? 1 : 0;
  // « désembouage (8 radiateurs) »: a forfait is not counted in other things.
  if (task.unit === 'forfait' && next !== null && !namesTheTask) return 0;
  // « 2 cloisons » counts walls, not square metres.
  if (namesTheTask && !countTask && task.unit !== null) return 0;
  if (next === null || namesTheTask) return 2;
  // « peinture des 2 chambres »: a count of something else is not a surface.
  return countTask ? 1.5 : 0;
}

function stemLike(word: string): string {
  let w = word;
  if (w.length > 3 && /[sx]$/.test(w)) w = w.slice(0, -1);
  for (const ending of ['ees', 'ee', 'er', 'ez', 'es', 'e'])
    if (w.endsWith(ending) && w.length - ending.length >= 3) return w.slice(0, -ending.length);
  return w;
}

/** True when every notion of `terms` was already in `before` (and the kind of work is the same). */
function elaborates(terms: Term[], before: Term[]): boolean {
  const known = new Set(before.map((t) => t.concept).filter((c): c is string => c !== null));
  if (terms.some((t) => t.role === 'unknown')) return false;
  const notions = terms.filter((t) => t.concept !== null && t.role !== 'install' && t.role !== 'remove');
  return notions.length > 0 && notions.every((t) => known.has(t.concept!)) && polarityOf(terms) === polarityOf(before);
}

function hasContentWords(text: string): boolean {
  return analyseTerms(text.replace(/\d+(?:[.,]\d+)?/g, ' ')).some(
    (t) => !/^(?:metr|heur|jour|journe|carr|lineair|environ|a peu pr)/.test(t.stem),
  );
}

function bestOrphan(quantities: Quantity[]): Quantity | null {
  // A quantity on its own clause: « …, environ 25 mètres carrés ». Bare numbers only when nothing follows them.
  return (
    quantities.find((q) => q.strength === 3) ?? quantities.find((q) => q.strength === 2 && q.nextWord === null) ?? null
  );
}

function carriesSurface(q: Quantity, task: PreparedTask): boolean {
  if (!q.unit || !task.unit || !unitsCompatible(q.unit, task.unit)) return false;
  const family = unitFamily(task.unit);
  return family === 'area' || family === 'length';
}

function fits(q: Quantity, task: PreparedTask): boolean {
  return (
    q.unit === null ||
    unitsCompatible(q.unit, task.unit) ||
    (unitFamily(q.unit) !== 'measure' && task.unit !== null && unitFamily(task.unit) !== 'count')
  );
}

function canTake(line: Line, orphan: Quantity, sentence: number): boolean {
  if (!fits(orphan, line.task)) return false;
  const current = line.quantity && !line.quantity.inferred ? quantityStrengthFor(line.quantity, line.task) : 0;
  const offered = quantityStrengthFor(orphan, line.task);
  if (line.sentence === sentence) return offered > current;
  // From the next sentence, only a task left without any figure takes it.
  return line.quantity === null;
}

function quantityStrengthFor(q: Quantity, task: PreparedTask): number {
  if (q.unit) return unitsCompatible(q.unit, task.unit) ? 3 : 2;
  return q.strength;
}

/**
 * The same task said twice: explicit quantities add up (two rooms); a later mention without a figure adds
 * nothing; a figure said later replaces one that was only inferred.
 */
function mergeRepeats(lines: Line[]): RawTextExtraction['tasks'] {
  const merged = new Map<
    string,
    { name: string; unit: string; quantity?: number; inferred: boolean; sources: string[] }
  >();
  for (const line of lines) {
    // « 2 jours de main d'œuvre » on a task sold by the hour: HOURS_PER_DAY hours a day.
    if (line.quantity?.unit === 'jour' && line.task.unit === 'h')
      line.quantity = { ...line.quantity, unit: 'h', value: line.quantity.value * HOURS_PER_DAY };
    const { name, unit } = line.task.task;
    const existing = merged.get(name);
    const value = line.quantity?.value;
    const inferred = line.quantity?.inferred === true;
    if (existing && line.source && !existing.sources.includes(line.source)) existing.sources.push(line.source);
    if (!existing)
      merged.set(name, { name, unit, quantity: value, inferred, sources: line.source ? [line.source] : [] });
    else if (value === undefined) continue;
    else if (existing.quantity === undefined || (existing.inferred && !inferred))
      Object.assign(existing, { quantity: value, inferred });
    else if (!inferred && !existing.inferred) existing.quantity += value;
  }
  return [...merged.values()].map(({ name, unit, quantity, inferred, sources }) => ({
    name,
    unit,
    quantity,
    source: sources.join(' … '),
    // No figure said with the task, or one borrowed from elsewhere: the user should look at it.
    unsure: quantity === undefined || inferred,
  }));
}
