// Text helpers shared by the PDF renderer and the HTML preview.
import { formatEuros, formatFrenchNumber, frenchDateFormat, type Cents } from '@atelier/domain';

/**
 * Characters of WinAnsiEncoding (CP1252) above 0x7F that are not Latin-1: jsPDF's standard fonts
 * (Helvetica, Times, Courier) can draw these, and nothing else above U+00FF.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.split(''));

/** Closest WinAnsi spelling of common characters that the standard fonts cannot draw. */
const REPLACEMENTS: Record<string, string> = {
  '\u202F': ' ', // narrow no-break space (Intl fr-FR thousands separator)
  '\u00A0': ' ', // no-break space (Intl fr-FR before €)
  '\u2007': ' ',
  '\u2009': ' ',
  '\u200A': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u200B': '',
  '\uFEFF': '',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u221E': 'inf.',
  '\u2190': '<-',
  '\u2192': '->',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u2116': 'N°',
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
};

function isWinAnsi(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  if (code === 0x09 || code === 0x0a || code === 0x0d) return true;
  if (code >= 0x20 && code <= 0x7e) return true;
  if (code >= 0xa0 && code <= 0xff) return true;
  return WIN_ANSI_EXTRA.has(ch);
}

/**
 * Makes a string drawable by jsPDF's standard fonts. One character outside WinAnsi makes jsPDF
 * switch the whole string to a two-byte encoding that the standard fonts render as garbage,
 * so every such character is replaced (a close spelling, a decomposed letter, or « ? »).
 */
export function toPdfText(input: string): string {
  let out = '';
  for (const ch of input) {
    const replacement = REPLACEMENTS[ch];
    if (replacement !== undefined) {
      out += replacement;
      continue;
    }
    if (isWinAnsi(ch)) {
      out += ch;
      continue;
    }
    // Letters with accents WinAnsi lacks (ă, ł, ő…): keep the base letter.
    const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += base.length > 0 && [...base].every(isWinAnsi) ? base : '?';
  }
  return out;
}

/** « 1 234,56 € » with plain spaces: the same string in the PDF, the preview and the mail body. */
export function formatAmount(cents: Cents): string {
  return formatEuros(cents).replace(/[\u202F\u00A0]/g, ' ');
}

/** « 12 », « 2,5 », « 1 500 » (plain spaces). */
export function formatQuantity(quantity: number): string {
  return formatFrenchNumber(quantity, { plainSpaces: true });
}

/** VAT rate as French text: « 20 % », « 5,5 % ». */
export function formatRate(rate: number): string {
  return `${formatQuantity(rate)} %`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An ISO timestamp, or a calendar date (`2026-11-21`, a Postgres `date`) read as that day in local time. */
function parseDate(value: string): Date {
  const day = DATE_ONLY.exec(value);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
}

/** « 21/11/2026 »; an unreadable date gives an empty string rather than « Invalid Date ». */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? parseDate(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return frenchDateFormat().format(date);
}

/** Issue date + n days (calendar days, local time). */
export function addDays(value: string | Date, days: number): Date {
  const date = typeof value === 'string' ? parseDate(value) : new Date(value.getTime());
  date.setDate(date.getDate() + days);
  return date;
}
