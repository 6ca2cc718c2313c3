// French number words → numbers ("vingt-deux", "quatre-vingt-dix", "trois cents", "une dizaine", "deux et demi",
// "douze virgule cinq"). No npm package gets these right (reference/recognition.md §3.1), so the grammar is here.
import { fold, plainPunctuation } from './text';

const UNITS: Record<string, number> = {
  zero: 0,
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
};
const TEENS: Record<string, number> = {
  dix: 10,
  onze: 11,
  douze: 12,
  treize: 13,
  quatorze: 14,
  quinze: 15,
  seize: 16,
};
const TENS: Record<string, number> = {
  vingt: 20,
  vingts: 20,
  trente: 30,
  quarante: 40,
  cinquante: 50,
  soixante: 60,
  septante: 70,
  huitante: 80,
  octante: 80,
  nonante: 90,
};
/** Approximate collective nouns: « une dizaine » = 10, « deux centaines » = 200. */
const COLLECTIVES: Record<string, number> = {
  paire: 2,
  dizaine: 10,
  douzaine: 12,
  quinzaine: 15,
  vingtaine: 20,
  trentaine: 30,
  quarantaine: 40,
  cinquantaine: 50,
  soixantaine: 60,
  centaine: 100,
  millier: 1000,
};

export type ParsedNumber = {
  value: number;
  /** Index after the last word consumed. */
  end: number;
  /** A lone « un », « une » or « neuf »: often an article or an adjective, not a quantity. */
  weak: boolean;
};

const isCent = (w: string | undefined) => w === 'cent' || w === 'cents';
const collective = (w: string | undefined): number | undefined =>
  w === undefined ? undefined : (COLLECTIVES[w] ?? (w.endsWith('s') ? COLLECTIVES[w.slice(0, -1)] : undefined));

function below100(w: string[], i: number): { value: number; end: number } | null {
  const word = w[i];
  if (word === undefined) return null;
  if (word === 'quatre' && (w[i + 1] === 'vingt' || w[i + 1] === 'vingts')) return tensTail(w, 80, i + 2);
  const ten = TENS[word];
  if (ten !== undefined) return tensTail(w, ten, i + 1);
  const teen = TEENS[word];
  if (teen !== undefined) {
    const next = UNITS[w[i + 1] ?? ''];
    if (teen === 10 && next !== undefined && next >= 7) return { value: 10 + next, end: i + 2 };
    return { value: teen, end: i + 1 };
  }
  const unit = UNITS[word];
  if (unit !== undefined) return { value: unit, end: i + 1 };
  return null;
}

function tensTail(w: string[], ten: number, j: number): { value: number; end: number } {
  const next = w[j];
  if (next === 'et' && (w[j + 1] === 'un' || w[j + 1] === 'une')) return { value: ten + 1, end: j + 2 };
  if ((ten === 60 || ten === 80) && next === 'et' && w[j + 1] === 'onze') return { value: ten + 11, end: j + 2 };
  if (ten === 60 || ten === 80) {
    const teen = TEENS[next ?? ''];
    if (teen !== undefined) {
      const after = UNITS[w[j + 1] ?? ''];
      if (teen === 10 && after !== undefined && after >= 7) return { value: ten + 10 + after, end: j + 2 };
      return { value: ten + teen, end: j + 1 };
    }
  }
  const unit = UNITS[next ?? ''];
  // « trois mètres cinquante deux mètres cinquante »: centimetres after a metre, then the next size's metres.
  const nextSize = /^metres?$/.test(w[j - 2] ?? '') && /^(?:metres?|m)$/.test(w[j + 1] ?? '');
  if (unit !== undefined && unit > 0 && next !== 'une' && !nextSize) return { value: ten + unit, end: j + 1 };
  return { value: ten, end: j };
}

function below1000(w: string[], i: number): { value: number; end: number } | null {
  if (isCent(w[i])) {
    const rest = below100(w, i + 1);
    return rest ? { value: 100 + rest.value, end: rest.end } : { value: 100, end: i + 1 };
  }
  const head = below100(w, i);
  if (!head) return null;
  if (isCent(w[head.end]) && head.value >= 2 && head.value <= 9) {
    const rest = below100(w, head.end + 1);
    const hundreds = head.value * 100;
    return rest ? { value: hundreds + rest.value, end: rest.end } : { value: hundreds, end: head.end + 1 };
  }
  return head;
}

function integerPart(w: string[], i: number): { value: number; end: number } | null {
  if (w[i] === 'mille' || w[i] === 'mil') {
    const rest = below1000(w, i + 1);
    return rest ? { value: 1000 + rest.value, end: rest.end } : { value: 1000, end: i + 1 };
  }
  const head = below1000(w, i);
  if (!head) return null;
  if (w[head.end] === 'mille' && head.value >= 2) {
    const rest = below1000(w, head.end + 1);
    const thousands = head.value * 1000;
    return rest ? { value: thousands + rest.value, end: rest.end } : { value: thousands, end: head.end + 1 };
  }
  return head;
}

/**
 * Parses a number written in French words starting at `words[start]` (folded words, hyphens already split).
 * Returns null when the word there does not start a number.
 */
export function parseNumberWords(words: readonly string[], start: number): ParsedNumber | null {
  const w = words as string[];
  const first = w[start];
  if (first === undefined) return null;
  // « une demi-journée », « un demi »
  if ((first === 'un' || first === 'une') && (w[start + 1] === 'demi' || w[start + 1] === 'demie')) {
    return { value: 0.5, end: start + 2, weak: false };
  }
  // A collective noun on its own: « dizaine de prises » after an elided article.
  const aloneCollective = collective(first);
  if (aloneCollective !== undefined && first !== 'paire' && first !== 'paires') {
    return { value: aloneCollective, end: start + 1, weak: false };
  }
  const integer = integerPart(w, start);
  if (!integer) return null;
  let value = integer.value;
  let end = integer.end;
  const factor = collective(w[end]);
  if (factor !== undefined && value <= 12) {
    value *= factor;
    end += 1;
  }
  if (w[end] === 'et' && (w[end + 1] === 'demi' || w[end + 1] === 'demie')) {
    value += 0.5;
    end += 2;
  } else if (w[end] === 'virgule') {
    const decimals = decimalWords(w, end + 1);
    if (decimals) {
      value = Number(`${value}.${decimals.digits}`);
      end = decimals.end;
    }
  }
  const weak = end === start + 1 && (first === 'un' || first === 'une' || first === 'neuf');
  return { value, end, weak };
}

/** Digits after « virgule »: « cinq » → "5", « zéro cinq » → "05", « vingt-cinq » → "25". */
function decimalWords(w: string[], i: number): { digits: string; end: number } | null {
  let digits = '';
  let j = i;
  while (w[j] === 'zero') {
    digits += '0';
    j += 1;
  }
  const rest = below100(w, j);
  if (rest && rest.value > 0) return { digits: digits + String(rest.value), end: rest.end };
  return digits ? { digits, end: j } : null;
}

/** Parses a whole string as one number: "12,5", "vingt-deux", "une dizaine", "2 et demi". */
export function parseNumber(text: string): number | null {
  const trimmed = plainPunctuation(text).trim();
  const numeric = trimmed.replace(/\s/g, '').replace(',', '.');
  if (/^-?\d+(\.\d+)?$/.test(numeric)) return Number(numeric);
  const folded = fold(trimmed)
    .split(/[\s-]+/)
    .filter(Boolean);
  if (folded.length === 0) return null;
  const digitHead = /^\d+(?:[.,]\d+)?$/.test(folded[0] ?? '') ? Number((folded[0] ?? '').replace(',', '.')) : null;
  if (digitHead !== null) {
    if (folded[1] === 'et' && /^demie?$/.test(folded[2] ?? '') && folded.length === 3) return digitHead + 0.5;
    return null;
  }
  const parsed = parseNumberWords(folded, 0);
  return parsed && parsed.end === folded.length ? parsed.value : null;
}

const UNIT_AFTER_NEUF = /^(m|m2|m²|ml|metres?|heures?|h|jours?|kg|kilos?|unites?|pieces?|points?|forfaits?)$/;

const UNIT_AFTER_ONE = /^(metre|heure|journee|kilo|litre|tonne)$/;

type WordToken = { text: string; folded: string; start: number; end: number; digits: number | null };

/**
 * Rewrites number words as digits inside a text, leaving everything else as written:
 * « vingt-cinq mètres carrés et deux heures et demie » → « 25 mètres carrés et 2.5 heures ».
 * A lone « un »/« une » stays a word (it is mostly an article); « neuf » is read as 9 only before a unit or a plural noun.
 */
export function rewriteNumberWords(input: string): string {
  const text = plainPunctuation(input);
  const tokens: WordToken[] = [];
  for (const match of text.matchAll(/\p{L}+|\d+(?:[.,]\d+)?/gu)) {
    const raw = match[0];
    const isDigits = /^\d/.test(raw);
    tokens.push({
      text: raw,
      folded: fold(raw),
      start: match.index,
      end: match.index + raw.length,
      digits: isDigits ? Number(raw.replace(',', '.')) : null,
    });
  }
  let out = '';
  let cursor = 0;
  let i = 0;
  while (i < tokens.length) {
    // The run of tokens joined only by blanks or hyphens, the only places a number can continue (never a new line:
    // « trois mètres vingt⏎quatre spots » is 3,20 m then 4 spots).
    let runEnd = i + 1;
    while (runEnd < tokens.length && /^[ \t-]*$/.test(text.slice(tokens[runEnd - 1]!.end, tokens[runEnd]!.start)))
      runEnd += 1;
    const run = tokens.slice(i, runEnd);
    const folded = run.map((t) => t.folded);
    let k = 0;
    while (k < run.length) {
      const token = run[k]!;
      let parsed: ParsedNumber | null = null;
      if (token.digits !== null) {
        if (folded[k + 1] === 'et' && /^demie?$/.test(folded[k + 2] ?? ''))
          parsed = { value: token.digits + 0.5, end: k + 3, weak: false };
        else if (folded[k + 1] === 'virgule' && run[k + 2]?.digits != null) {
          parsed = { value: Number(`${token.digits}.${run[k + 2]!.text}`), end: k + 3, weak: false };
        }
      } else {
        parsed = parseNumberWords(folded, k);
        if (parsed?.weak) {
          const next = folded[parsed.end];
          // « un mètre cinquante », « une heure »: a figure before a unit; « neuf prises »: before a plural.
          const keepAsWord =
            token.folded === 'neuf'
              ? !(next && (UNIT_AFTER_NEUF.test(next) || /[sx]$/.test(next)))
              : !(next && UNIT_AFTER_ONE.test(next));
          if (keepAsWord) parsed = null;
        }
      }
      if (!parsed) {
        k += 1;
        continue;
      }
      const last = run[parsed.end - 1]!;
      out += text.slice(cursor, token.start) + formatNumber(parsed.value);
      cursor = last.end;
      k = parsed.end;
    }
    i = runEnd;
  }
  out += text.slice(cursor);
  // « une demi-journée » → « 0.5 journée », « vingt-cinq-mètres » → « 25 mètres »
  return joinSpokenFractions(out.replace(/(\d)-(?=\p{L})/gu, '$1 '));
}

const SPOKEN_UNIT = String.raw`(?:h|heures?|jours?|journ[ée]es?|m[èe]tres?(?:\s+(?:carr[ée]s?|lin[ée]aires?|cubes?))?|m²|m2|ml)`;

const AND_A_HALF = new RegExp(String.raw`(\d+(?:[.,]\d+)?)\s*(${SPOKEN_UNIT})\s+et\s+demie?\b`, 'giu');

/** « 2 heures et demie » → « 2.5 heures », « 2 mètres 50 » → « 2.5 mètres », « 3h30 » → « 3.5 h ». */
function joinSpokenFractions(text: string): string {
  return text
    .replace(AND_A_HALF, (_, n: string, unit: string) => `${formatNumber(Number(n.replace(',', '.')) + 0.5)} ${unit}`)
    .replace(
      /\b(\d{1,2})\s?h\s?([0-5]\d)\b/giu,
      (_, h: string, m: string) => `${formatNumber(Number(h) + Number(m) / 60)} h`,
    )
    .replace(
      /\b(\d+)\s+(m[èe]tres?|m)\s+(\d{2})\b(?!\s*(?:[.,]\d|m\b|m²|m2|cm|mm|m[èe]tres?|%|€|euros?))/giu,
      (_, n: string, unit: string, cm: string) => `${formatNumber(Number(n) + Number(cm) / 100)} ${unit}`,
    );
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 1000) / 1000);
}
