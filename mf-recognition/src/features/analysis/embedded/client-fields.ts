// Finds the client's name, address and the project title in notes or a dictation. Each finder returns the
// span it used so that the task reader does not read a street number or a postal code as a quantity.
import { fold } from '../model/text';

export type Found = { value: string; start: number; end: number };

const TITLE_WORD = String.raw`(?:M\.|Mr\.?|Mme\.?|Mlle\.?|Melle|Monsieur|Madame|Mademoiselle|Messieurs|Mesdames|Dr\.?|Docteur)`;
const NAME_STOP = new Set([
  'qui',
  'habite',
  'habitant',
  'habitent',
  'demeurant',
  'domicilie',
  'domiciliee',
  'au',
  'aux',
  'a',
  'de',
  'du',
  'des',
  'le',
  'la',
  'les',
  'pour',
  'et',
  'il',
  'elle',
  'son',
  'sa',
  'ses',
  'tel',
  'telephone',
  'portable',
  'mobile',
  'numero',
  'mail',
  'email',
  'courriel',
  'adresse',
  'veut',
  'voudrait',
  'veulent',
  'souhaite',
  'souhaiterait',
  'demande',
  'est',
  'c',
  'situe',
  'situee',
  'sise',
  'dont',
  'on',
  'nous',
  'je',
  'chantier',
  'projet',
  'devis',
  'travaux',
  'joignable',
  'joindre',
  'contact',
  'y',
  'en',
  'chez',
  'rue',
  'avenue',
  'boulevard',
  'chemin',
  'impasse',
  'allee',
  'place',
  'route',
  'dans',
  'sur',
  'avec',
  'lui',
  'leur',
  'ok',
  'donc',
  'alors',
  'bon',
  'ensuite',
  'puis',
  'il',
  'ils',
  'elles',
  'fait',
  'faire',
  'refaire',
  'peinture',
  'carrelage',
  'maison',
  'appartement',
  'appart',
  'pavillon',
  'tout',
  'vous',
  'merci',
  'bonjour',
  'voici',
  'voila',
  'par',
  'ou',
  'mais',
]);

const NAME_PARTICLES = new Set(['le', 'la', 'de', 'du', 'des', 'van', 'von', 'der', 'den', 'di', 'da', 'del', 'della']);

type WordAt = { text: string; start: number; end: number };

/** Up to three name words starting at `from`, stopping at punctuation, a function word or a lowercase word after a capitalised one. */
function readName(text: string, from: number): Found | null {
  const re = /[\p{L}][\p{L}'-]*/gu;
  re.lastIndex = from;
  const taken: WordAt[] = [];
  let cursor = from;
  for (let match = re.exec(text); match; match = re.exec(text)) {
    const gap = text.slice(cursor, match.index);
    if (taken.length > 0 ? !/^[ \t]+$/.test(gap) : !/^[ \t]*$/.test(gap)) break;
    const word = match[0];
    const folded = fold(word).replace(/'.*$/, '');
    // « Hervé Le Gall », « Anne De Vries »: a capitalised particle inside a capitalised name.
    // « Hélène de La Tour », « Jean du Pont »: a lowercase de/du between capitalised words too.
    const particle =
      taken.length > 0 &&
      NAME_PARTICLES.has(folded) &&
      (/^\p{Lu}/u.test(word) || ['de', 'du', 'des'].includes(folded)) &&
      /^\p{Lu}/u.test(taken[0]!.text) &&
      /^[ \t]+\p{Lu}/u.test(text.slice(match.index + word.length));
    const elided = taken.length > 0 && /^d['’]\p{Lu}/u.test(word);
    if ((NAME_STOP.has(folded) && !particle && !elided) || folded.length === 0) break;
    // « Jean-Marc d'Ornano »: an elided particle glued to a capitalised name.
    const capitalised = /^(?:d['’])?\p{Lu}/u.test(word);
    const firstCapitalised = taken[0] ? /^\p{Lu}/u.test(taken[0].text) : capitalised;
    if (taken.length > 0 && firstCapitalised && !capitalised && !particle) break;
    taken.push({ text: word.replace(/'$/, ''), start: match.index, end: match.index + word.length });
    cursor = match.index + word.length;
    if (taken.length === (firstCapitalised ? 3 : 2) + (taken.some((w) => NAME_PARTICLES.has(fold(w.text))) ? 1 : 0))
      break;
  }
  const first = taken[0];
  const last = taken[taken.length - 1];
  if (!first || !last) return null;
  return { value: taken.map((w) => w.text).join(' '), start: first.start, end: last.end };
}

// Built once; matchAll works on a copy of each, so they are shared safely.
const LABELLED_NAME = new RegExp(
  String.raw`\b(?:nom\s+du\s+client|client(?:e)?|contact|nom)\b\s*(?::|;|!|-|,)?\s*(?:c'est\s+|est\s+|s'appelle\s+)?(?:(${TITLE_WORD})(?:\s+et\s+${TITLE_WORD})?\s*)?`,
  'giu',
);
const TITLED_NAME = new RegExp(String.raw`(?<![\p{L}])${TITLE_WORD}(?:\s+et\s+${TITLE_WORD})?(?=[\s.])\s*`, 'gu');
const TITLED_LOWER = new RegExp(
  String.raw`(?<![\p{L}])(?:monsieur|madame|mademoiselle|(?:la\s+)?famille|chez\s+les)\s+`,
  'giu',
);

export function findClientName(text: string): Found | null {
  for (const match of text.matchAll(LABELLED_NAME)) {
    const name = readName(text, match.index + match[0].length);
    if (name && (match[1] || /^\p{Lu}/u.test(name.value) || /[:;!]|c'est|s'appelle/.test(match[0]))) {
      return withFirstName(text, { value: name.value, start: match.index, end: name.end });
    }
  }
  for (const match of text.matchAll(TITLED_NAME)) {
    const name = readName(text, match.index + match[0].length);
    if (name) return withFirstName(text, { value: name.value, start: match.index, end: name.end });
  }
  for (const match of text.matchAll(TITLED_LOWER)) {
    const name = readName(text, match.index + match[0].length);
    if (name) return withFirstName(text, { value: name.value, start: match.index, end: name.end });
  }
  // « le chantier Morel », « chez Durand »: a capitalised name after the place words (on the same line).
  const place =
    /(?<![\p{L}])(?:[Cc]hantier|[Cc]hez)[ \t]+(?:les[ \t]+)?(\p{Lu}[\p{Ll}'-]+)(?![\p{L}])(?![ \t]+\p{Lu})/u.exec(text);
  if (place?.[1] && !NAME_STOP.has(fold(place[1])))
    return { value: place[1], start: place.index, end: place.index + place[0].length };
  // A note's line « Benali - 06 45 12 78 30 »: a capitalised name and the phone number that goes with it — also said
  // (« Maud Ferret, zéro six quarante et un… »: number words are not digits yet here).
  const withPhone =
    /^[ \t]*(\p{Lu}[\p{Ll}'-]+(?:[ \t]+\p{Lu}[\p{Ll}'-]+)?)[ \t]*(?:[-:,][ \t]*)?(?=(?:\+33[ \t]?|0)[1-9](?:[ \t.]?\d{2}){4}(?!\d)|z[ée]ro[ \t]+(?:un|deux|trois|quatre|cinq|six|sept|huit|neuf)(?![\p{L}]))/mu.exec(
      text,
    );
  if (withPhone?.[1] && !withPhone[1].split(/[ \t]+/).some((w) => NAME_STOP.has(fold(w))))
    return { value: withPhone[1], start: withPhone.index, end: withPhone.index + withPhone[0].length };
  // A note opening on the client's name alone (« Claire Fontan ») with their e-mail, phone or address just below.
  const heading = /^[ \t]*(\p{Lu}[\p{Ll}'-]+(?:[ \t]+\p{Lu}[\p{Ll}'-]+){1,2})[ \t]*$/u.exec(text.split('\n')[0] ?? '');
  const below = text.split('\n').slice(1, 4).join('\n');
  if (
    heading?.[1] &&
    /@|\d{5}|0[1-9](?:[ \t.]?\d{2}){4}|^[ \t]*$/mu.test(below) &&
    /@|\d{5}|0[1-9](?:[ \t.]?\d{2}){4}/u.test(below) &&
    !heading[1].split(/[ \t]+/).some((w) => NAME_STOP.has(fold(w)) || ROOM_OR_WORK.test(fold(w)))
  )
    return { value: heading[1], start: heading.index, end: heading.index + heading[0].length };
  return null;
}

/** Words of a note's heading that name a room or the work, not a person (« Chambre Parents », « Salle De Bain »). */
const ROOM_OR_WORK =
  /^(?:chambre|salon|sejour|cuisine|bureau|entree|couloir|garage|salle|bain|sdb|wc|toilettes?|cellier|buanderie|grenier|combles?|cave|terrasse|veranda|escalier|palier|appartement|maison|etage|rdc|chantier|devis|travaux|renovation|facade|toiture|jardin|studio|piece|parents?|enfants?|amis|dressing|mezzanine)$/;

const STREET_TYPES = String.raw`rue|avenue|av\.|bd|boulevard|chemin|impasse|all[ée]e|place|route|rte|quai|cours|lotissement|lieu-dit|lieudit|r[ée]sidence|square|passage|voie|sentier|hameau|faubourg|chauss[ée]e|villa|cit[ée]|parvis|esplanade|promenade|mont[ée]e|rond-point|clos`;
const ADDRESS_STOP = new Set([
  'tel',
  'telephone',
  'portable',
  'mobile',
  'numero',
  'mail',
  'email',
  'courriel',
  'pour',
  'il',
  'elle',
  'ils',
  'qui',
  'veut',
  'voudrait',
  'souhaite',
  'avec',
  'et',
  'donc',
  'alors',
  'on',
  'nous',
  'je',
  'c',
  'ce',
  'cest',
  'son',
  'sa',
  'ses',
  'travaux',
  'chantier',
  'projet',
  'devis',
  'il',
  'a',
  'au',
  'client',
  'cliente',
  'code',
  'postal',
  'cp',
  'dans',
  'en',
  'sur',
]);

/** « Monsieur Vidal, Thierry Vidal »: the repeated name with the first name is the fuller one. */
function withFirstName(text: string, found: Found): Found {
  const last = found.value.split(' ').pop() ?? '';
  const escaped = last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const repeat = new RegExp(String.raw`^\s*,\s*(\p{Lu}[\p{L}'-]+)\s+${escaped}(?![\p{L}])`, 'u').exec(
    text.slice(found.end),
  );
  if (!repeat || found.value.includes(' ')) return found;
  return { value: `${repeat[1]} ${last}`, start: found.start, end: found.end + repeat[0].length };
}

const STREET = new RegExp(
  String.raw`(?:(\d{1,4})\s*(?:bis|ter|b)?\s*,?\s*)?(?<![\p{L}])(?:${STREET_TYPES})(?=[\s.])`,
  'giu',
);

/** A street address: [number] street-type name [, postal code city | à city]. */
export function findAddress(text: string): Found | null {
  for (const match of text.matchAll(STREET)) {
    const start = match.index;
    // « à la place de la baignoire », « sur la route »: an article before the word makes it a common noun; so does
    // « en » (« mise en place d'une chape »), « côté » (« côté rue ») and « rez-de- » (« le rez-de-chaussée »).
    if (
      !match[1] &&
      /(?<![\p{L}])(?:la|le|une|un|cette|sa|son|de|en|côté|cote)[\s-]+$/iu.test(
        text.slice(Math.max(0, start - 8), start),
      )
    )
      continue;
    // « gouttières côté rue 11 mètres », « une allée de 12 m² »: with no number before it, a street word followed by a
    // figure is a measured thing.
    if (!match[1] && /^\s*(?:de\s+|d['’]\s*)?\d/u.test(text.slice(start + match[0].length))) continue;
    // Street name: words up to punctuation, a stop word, a postal code or « à ».
    const wordRe = /[\p{L}\d][\p{L}\d'-]*/gu;
    wordRe.lastIndex = start + match[0].length;
    let end = start + match[0].length;
    let count = 0;
    for (let w = wordRe.exec(text); w; w = wordRe.exec(text)) {
      const gap = text.slice(end, w.index);
      if (!/^[ \t]*$/.test(gap)) break;
      const folded = fold(w[0]).replace(/'.*$/, '');
      // « 12 rue du Port 64 500 Saint-Jean-de-Luz »: a postal code said in groups ends the street name too.
      if (/^\d{5}$/.test(w[0]) || ADDRESS_STOP.has(folded) || count >= 6) break;
      if (/^\d{1,3}$/.test(w[0]) && count > 0 && spokenPostalCode(text.slice(w.index))) break;
      end = w.index + w[0].length;
      count += 1;
    }
    if (count === 0) continue;
    let value = text.slice(start, end).replace(/\s+/g, ' ');
    // Postal code and city: after a comma, a blank or a line break (notes), or « à City ».
    const rest = text.slice(end);
    const postal = /^\s*[,-]?\s*(?:code postal\s*)?(\d{5})\b/u.exec(rest) ?? spokenPostalCode(rest);
    const city = /^\s*,?\s*(?:à|a)\s+([\p{Lu}][\p{L}'-]*(?:[ \t-]+[\p{Lu}][\p{L}'-]*){0,3}|[\p{L}][\p{L}'-]*)/u.exec(
      rest,
    );
    if (postal) {
      let consumed = postal[0].length;
      const after = /^[ \t]*,?[ \t]*((?:[\p{L}][\p{L}'-]*)(?:[ \t]+[\p{L}][\p{L}'-]*){0,3})/u.exec(
        rest.slice(consumed),
      );
      const cityWords = cityName(after?.[1] ?? '');
      value += `, ${postal[1]}`;
      if (cityWords) {
        value += ` ${capitaliseCity(cityWords)}`;
        consumed = rest.indexOf(cityWords, consumed) + cityWords.length;
      }
      end += consumed;
    } else if (!city && /^\s*,\s*\p{Lu}[\p{L}'-]+(?:[ \t-]+\p{Lu}[\p{L}'-]+){0,2}\s*(?:[.;,\n]|$)/u.test(rest)) {
      // « 6 rue du Moulin, Quimper. »: a capitalised word alone after the street is the city.
      const name = /^\s*,\s*(\p{Lu}[\p{L}'-]+(?:[ \t-]+\p{Lu}[\p{L}'-]+){0,2})/u.exec(rest)![1]!;
      if (!ADDRESS_STOP.has(fold(name)) && !NAME_STOP.has(fold(name))) {
        end += rest.indexOf(name) + name.length;
        value += `, ${capitaliseCity(name)}`;
      }
    } else if (city?.[1] && !ADDRESS_STOP.has(fold(city[1]))) {
      const name = cityName(city[1]);
      if (name) {
        end += rest.indexOf(name) + name.length;
        // « … à Grenoble, code postal 38000 »
        const laterCode = /^\s*,?\s*(?:(?:code postal|cp)\s*:?\s*)?(\d{5})\b/iu.exec(text.slice(end));
        value += laterCode ? `, ${laterCode[1]} ${capitaliseCity(name)}` : `, ${capitaliseCity(name)}`;
        if (laterCode) end += laterCode[0].length;
      }
    }
    return { value, start, end };
  }
  return null;
}

/**
 * « 69 0 0 3 Lyon », « 33 700 Mérignac », « 06 000 Nice »: a postal code said in groups (number words already digits)
 * is the groups' digits when they make exactly five and a city name follows.
 */
function spokenPostalCode(rest: string): RegExpExecArray | null {
  const m = /^\s*[,-]?\s*((?:\d{1,3}[ \t]+){1,4}\d{1,3})(?=[ \t]*,?[ \t]*\p{Lu})/u.exec(rest);
  if (!m) return null;
  const digits = m[1]!.replace(/\D/g, '');
  if (digits.length !== 5) return null;
  const found = [m[0], digits] as unknown as RegExpExecArray;
  found.index = m.index;
  return found;
}

/** The words of a city name, stopping at function words (« Lyon pour refaire » → « Lyon »). */
function cityName(words: string): string {
  const kept: string[] = [];
  for (const word of words.split(/\s+/).filter(Boolean)) {
    const folded = fold(word);
    if (
      ADDRESS_STOP.has(folded) ||
      (NAME_STOP.has(folded) && !['de', 'la', 'le', 'les', 'du', 'sur', 'en'].includes(folded))
    )
      break;
    if (
      kept.length > 0 &&
      !/^\p{Lu}/u.test(word) &&
      /^\p{Lu}/u.test(kept[0] ?? '') &&
      !['de', 'la', 'le', 'les', 'du', 'sur', 'en'].includes(folded)
    )
      break;
    kept.push(word);
  }
  while (kept.length > 0 && ['de', 'la', 'le', 'les', 'du', 'sur', 'en'].includes(fold(kept[kept.length - 1] ?? '')))
    kept.pop();
  return kept.join(' ');
}

/** Articles and prepositions French place names keep lowercase inside a hyphenated name (« Saint-Jean-de-Luz »). */
const CITY_PARTICLE = /-(de|du|des|la|le|les|lès|lez|sur|sous|en|et|aux|au)(?=-)/giu;

function capitaliseCity(name: string): string {
  return name
    .replace(/(^|[\s-])(\p{Ll})/gu, (_, sep: string, c: string) => sep + c.toLocaleUpperCase('fr-FR'))
    .replace(CITY_PARTICLE, (_, particle: string) => `-${particle.toLocaleLowerCase('fr-FR')}`)
    .replace(
      /-([DL])['’](?=\p{L})/gu,
      (_, c: string, offset: number, all: string) => `-${c.toLowerCase()}${all[offset + 2]}`,
    );
}

const TITLE_TRIGGERS: ReadonlyArray<RegExp> = [
  /^[ \t]*(?:[-•*][ \t]*)?(?:(?:le|mon|notre)\s+)?(?:projet|chantier|objet|intitul[ée]|titre(?:\s+du\s+(?:projet|devis|chantier))?)\s*(?::|-|–|c'est|concerne|=)\s*|^[ \t]*(?:le\s+)?projet\s+(?=\p{L})/iu,
  /^[ \t]*(?:[-•*][ \t]*)?travaux\s*(?::|-|–)\s*/iu,
  /^[ \t]*(?:[-•*][ \t]*)?devis\s*(?::|-|–)\s*/iu,
];

/**
 * « Projet : rénovation salle de bain », « Chantier : … », « Objet : … » at the start of a line or sentence;
 * « Travaux : … » or « DEVIS - … » only when nothing better names the project.
 */
export function findProjectTitle(text: string): Found | null {
  for (const trigger of TITLE_TRIGGERS) {
    for (const sentence of text.matchAll(/[^\n.!?;]+/g)) {
      const found = trigger.exec(sentence[0]);
      if (!found) continue;
      const afterTrigger = sentence[0].slice(found[0].length);
      const comma = afterTrigger.search(/,/);
      const titleText = (comma >= 0 ? afterTrigger.slice(0, comma) : afterTrigger).trim();
      if (!/\p{L}{3,}/u.test(titleText)) continue;
      const start = sentence.index;
      const end = sentence.index + found[0].length + (comma >= 0 ? comma : afterTrigger.length);
      return { value: titleText, start, end };
    }
  }
  return null;
}
