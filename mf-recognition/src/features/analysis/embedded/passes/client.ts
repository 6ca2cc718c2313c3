// Pass 2 (client fields): e-mail, name, project title, then — once number words are digits — phone, address and
// company are found and cut out, so that a street number or a postal code is not read as a quantity.
import { findEmails } from '../../model/email';
import { rewriteNumberWords } from '../../model/numbers';
import { findPhoneNumbers } from '../../model/phone';
import type { RawTextExtraction } from '../extract-from-text';
import { findAddress, findClientName, findProjectTitle } from '../client-fields';
import { CORRECTION_MARKERS, rewriteCorrections, rewriteTimeFractions } from './corrections';
import { rewriteDimensions } from './dimensions';
import { cut } from './prepare';

export type ClientPass = { text: string; client: RawTextExtraction['client']; projectTitle?: string };

export function readClientFields(input: string): ClientPass {
  let text = input;
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

  // « non pardon neuf »: after a correction marker « neuf » is the figure, not « new ».
  text = text.replace(AFTER_CORRECTION_NEUF, '$1 9');
  // « plus trente-trois six… » is a +33 number once the words are digits.
  text = rewriteNumberWords(text)
    .replace(/(?<![\p{L}])plus\s+(?=33(?:\s|\d))/giu, '+')
    // « non, neuf virgule cinq »: « neuf » became 9 before the number words were read.
    .replace(/(?<![\d.,])(\d+)[ \t]+virgule[ \t]+(\d+)(?![\d.,])/giu, '$1,$2');
  // « zéro un dix », « zéro six, un deux »: « un » between figures of a spoken phone is the digit 1, not an article.
  text = text.replace(/(?<=(?<![\d.,])\d{1,2}[ \t]*,?[ \t]+)(?:un|une)(?=[ \t]*,?[ \t]+\d{1,2}(?!\d|[.,]\d))/giu, '1');
  // « zéro neuf »: after « zéro » (a pair of a spoken phone, a code), « neuf » is the digit 9, never « new ».
  text = text.replace(/(?<=(?<![\d.,])0[ \t]+)neuf(?![\p{L}])/giu, '9');
  // Phone and address before corrections and dimensions: « 84000 Avignon, 04… » holds no correction or size.
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
  text = rewriteDimensions(rewriteCorrections(rewriteTimeFractions(text)));
  // « Karine de chez Leblanc Rénovation », « la SCI Les Tilleuls », « la boulangerie Au Bon Pain »: a firm's name is
  // not work to quote; it is the client's company (the contact person was taken as the name above).
  const company = findCompany(text);
  if (company) {
    client.company = company.value;
    text = cut(text, company);
  }
  return { text, client, projectTitle: title?.value };
}

const CAP = String.raw`\p{Lu}[\p{L}'’&.-]*`;
/** Words matched whatever the case of their first letter (« Boulangerie » at the start of a note). */
const anyCase = (words: readonly string[]) =>
  `(?:${words.map((w) => `[${w[0]}${w[0]!.toUpperCase()}]${w.slice(1)}`).join('|')})`;
const PARTICLE = `(?:${anyCase(['de', 'du', 'des', 'la', 'le', 'les', "d['’]", "l['’]", 'au', 'aux', 'et', 'sur', 'en'])}|&|docteur|dr\\.?|maître|saint|sainte)`;
/** Capitalised words, with particles between them (« Les Berges du Gers », « de Saint-Rémy », « du docteur Leroy »). */
const FIRM_NAME = String.raw`(?:[ \t]+(?:${PARTICLE}[ \t]*)*${CAP})`;
/** Legal forms are part of the name (« SCI Les Tilleuls »). */
const LEGAL = String.raw`(?:SARL|SASU|SAS|EURL|SCI|SNC|SCP|SCM|SELARL|Sarl|SA)`;
/** Kinds of business named with the firm (« Boulangerie Au Bon Pain », « Mairie de Saint-Rémy »). */
const KIND = anyCase([
  'boulangerie',
  'pâtisserie',
  'patisserie',
  'boucherie',
  'charcuterie',
  'garage',
  'cabinet',
  'mairie',
  'commune',
  'restaurant',
  'hôtel',
  'hotel',
  'camping',
  'ferme',
  'pharmacie',
  'syndic',
  'copropriété',
  'copropriete',
  'agence',
  'magasin',
  'boutique',
  'café',
  'brasserie',
  'école',
  'ecole',
  'collège',
  'lycée',
  'crèche',
  'clinique',
  'association',
  'fromagerie',
  'librairie',
  'institut',
  'domaine',
  'gîte',
  'auberge',
]);
const KIND_ADJECTIVE = String.raw`(?:[ \t]+(?:dentaire|m[ée]dical|v[ée]t[ée]rinaire|d['’]architectes?|d['’]avocats?|comptable|immobili[èe]re|municipale?|de[ \t]+coiffure|de[ \t]+beaut[ée]|infirmier|notarial))?`;
/** Generic words dropped from the name (« la société Bati Renov Sud » → « Bati Renov Sud »). */
const GENERIC = `(?:(?:de[ \\t]+)?${anyCase(['chez', 'ets\\.?', 'établissements', 'etablissements'])}|${anyCase(['entreprise', 'société', 'societe'])})`;
const COMPANY = new RegExp(
  String.raw`(?<![\p{L}])(?:(${LEGAL})((?:${FIRM_NAME})+)|(${GENERIC})((?:${FIRM_NAME}){1,6})|(${KIND})(${KIND_ADJECTIVE})((?:${FIRM_NAME}){1,6}))`,
  'gu',
);

/** The client's firm: legal form or kind of business kept, « société » / « chez » dropped. */
export function findCompany(text: string): { value: string; start: number; end: number } | null {
  for (const m of text.matchAll(COMPANY)) {
    const [whole, legal, legalName, generic, genericName, kind, adjective, kindName] = m;
    // Case-insensitive matching, but the name itself must start with a capital (« la SCI du Moulin » ok).
    let value: string;
    if (legal) {
      value = `${legal}${legalName}`;
    } else if (generic) {
      // « chez » and « entreprise » before one capitalised word is often a person (« chez Dupont »).
      if (/chez|ets|tablissements|entreprise/iu.test(generic) && genericName!.trim().split(/[ \t]+/).length < 2)
        continue;
      value = genericName!;
    } else {
      value = `${kind!.charAt(0).toUpperCase()}${kind!.slice(1).toLowerCase()}${adjective ?? ''}${kindName}`;
    }
    return { value: value.replace(/\s+/g, ' ').trim(), start: m.index, end: m.index + whole.length };
  }
  return null;
}

const AFTER_CORRECTION_NEUF = new RegExp(
  String.raw`((?<![\p{L}])(?:${CORRECTION_MARKERS.join('|')})[ \t]*,?[ \t]+)neuf(?![\p{L}])`,
  'giu',
);
