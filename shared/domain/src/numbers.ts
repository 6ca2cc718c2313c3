// Numbers as French people type them (« 2,5 », « 1 250,50 », « 12,50 € ») and as they read them. One parser
// for every numeric field of the product, so « 2,5 » can never become 25 in one place and 2.5 in another.

/** Separators a French number may be grouped with: space, no-break space, narrow no-break space, thin spaces. */
const GROUP_SPACES = /[\u0020\u00A0\u202F\u2007\u2009\u200A]/g;
const MINUS_SIGNS = /^[-\u2212\u2012\u2013]/;

export type NumberSyntaxError = 'empty' | 'invalid';
export type ParsedNumber = { ok: true; value: number } | { ok: false; error: NumberSyntaxError };

/** Integer part grouped by thousands (« 1 250 » / « 1.250 » / « 1,250 ») or not grouped at all. */
function integerDigits(part: string, separator: string | null): string | null {
  if (separator === null) return /^\d+$/.test(part) ? part : null;
  const groups = part.split(separator);
  if (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) return null;
  return groups.join('');
}

/**
 * Reads a number typed the French or the English way: « 2,5 », « 2.5 », « 1 250,50 » (any kind of space),
 * « 1.250,50 », « 1,250.50 », « 1e3 », a leading « + » or « - », a trailing « € » or « % ». Says only whether
 * the text is a number; the sign and the bounds are the field's business (parseNumberField).
 */
export function parseFrenchNumber(input: string): ParsedNumber {
  let text = input.trim().replace(/\s*[€%]$/, '');
  if (text === '') return { ok: false, error: 'empty' };
  let sign = 1;
  if (MINUS_SIGNS.test(text)) {
    sign = -1;
    text = text.slice(1).trimStart();
  } else if (text.startsWith('+')) {
    text = text.slice(1).trimStart();
  }
  // Exponent (« 1e12 », « 2,5E3 »): read the mantissa the same way, then scale.
  let exponent = 0;
  const exp = /^(.*?)[eE]([+-]?\d{1,3})$/.exec(text);
  if (exp) {
    text = exp[1]!;
    exponent = Number(exp[2]);
  }
  const hasSpace = GROUP_SPACES.test(text);
  GROUP_SPACES.lastIndex = 0;
  const commas = text.split(',').length - 1;
  const dots = text.split('.').length - 1;

  let intPart: string;
  let fracPart = '';
  let groupSeparator: string | null = hasSpace ? ' ' : null;
  const normalised = text.replace(GROUP_SPACES, ' ');
  if (commas > 0 && dots > 0) {
    // Both: the last one is the decimal mark, the other groups thousands.
    const decimal = normalised.lastIndexOf(',') > normalised.lastIndexOf('.') ? ',' : '.';
    const grouping = decimal === ',' ? '.' : ',';
    if (hasSpace || normalised.split(decimal).length !== 2) return { ok: false, error: 'invalid' };
    [intPart, fracPart] = normalised.split(decimal) as [string, string];
    groupSeparator = grouping;
  } else if (commas > 1 || dots > 1) {
    // « 1.250.000 » / « 1,250,000 »: thousands only.
    if (hasSpace) return { ok: false, error: 'invalid' };
    intPart = normalised;
    groupSeparator = commas > 1 ? ',' : '.';
  } else if (commas === 1 || dots === 1) {
    [intPart, fracPart] = normalised.split(commas === 1 ? ',' : '.') as [string, string];
  } else {
    intPart = normalised;
  }
  if (intPart === '' && fracPart === '') return { ok: false, error: 'invalid' };
  const digits = intPart === '' ? '0' : integerDigits(intPart, groupSeparator);
  if (digits === null || !/^\d*$/.test(fracPart)) return { ok: false, error: 'invalid' };
  const value = sign * Number(`${digits}.${fracPart || '0'}e${exponent}`);
  if (!Number.isFinite(value)) return { ok: false, error: 'invalid' };
  return { ok: true, value: value === 0 ? 0 : value };
}

/** Digits after the decimal mark a value needs (1.25 → 2, 3 → 0), to check a field's precision. */
export function decimalPlaces(value: number): number {
  if (Number.isInteger(value)) return 0;
  // Through the shortest round-trip string, so 0.1 + 0.2 style noise does not count.
  const text = String(value);
  const e = /e-(\d+)$/.exec(text);
  if (e) return Number(e[1]) + (text.split('e')[0]!.split('.')[1]?.length ?? 0);
  return text.split('.')[1]?.length ?? 0;
}

/** Bounds and French messages of one numeric field. */
export interface NumberFieldRules {
  min: number;
  /** true: the value must be strictly greater than `min` (quantities). */
  minExclusive?: boolean;
  max: number;
  /** Digits allowed after the decimal mark. */
  decimals: number;
  /** Value when the field is left empty; absent: empty is refused with messages.required. */
  emptyValue?: number;
  messages: {
    required: string;
    invalid: string;
    negative: string;
    min: string;
    max: string;
    decimals: string;
  };
}

export type FieldParseResult = { ok: true; value: number } | { ok: false; message: string };

/** Parses what was typed into a numeric field and checks the field's sign, bounds and precision. */
export function parseNumberField(input: string, rules: NumberFieldRules): FieldParseResult {
  const parsed = parseFrenchNumber(input);
  if (!parsed.ok) {
    if (parsed.error === 'empty') {
      return rules.emptyValue !== undefined
        ? { ok: true, value: rules.emptyValue }
        : { ok: false, message: rules.messages.required };
    }
    return { ok: false, message: rules.messages.invalid };
  }
  const { value } = parsed;
  if (value < 0 && rules.min >= 0) return { ok: false, message: rules.messages.negative };
  if (rules.minExclusive ? value <= rules.min : value < rules.min) return { ok: false, message: rules.messages.min };
  if (value > rules.max) return { ok: false, message: rules.messages.max };
  if (decimalPlaces(value) > rules.decimals) return { ok: false, message: rules.messages.decimals };
  return { ok: true, value };
}

const formatters = new Map<string, Intl.NumberFormat>();

function intlFrench(value: number, min: number, max: number): string {
  const key = `${min}-${max}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: min, maximumFractionDigits: max });
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}

/**
 * What `Intl.NumberFormat('fr-FR', { minimumFractionDigits: min, maximumFractionDigits: max })` writes, without
 * Intl: the first French formatter of a page loads the locale's data (20–60 ms on a 2-core machine, more on a
 * phone), and the devis page's first screen needs only « 0,00 € » and « 20 ». Like ICU it rounds the number's
 * shortest decimal writing (`String(1.005)` is « 1.005 » → « 1,01 ») half away from zero, groups thousands with
 * narrow no-break spaces and keeps the sign of a negative that rounds to zero (« -0 »). Tiny (exponent) and huge
 * numbers, NaN and infinities are left to Intl. Checked against Intl on random values (numbers.test.ts).
 */
export function frenchDigits(value: number, min: number, max: number): string {
  const plain = String(Math.abs(value));
  if (!/^\d+(\.\d+)?$/.test(plain) || plain.length > 30 || max > 20) return intlFrench(value, min, max);
  const [intPart, fracPart = ''] = plain.split('.') as [string, string?];
  let digits = intPart + fracPart.slice(0, max).padEnd(max, '0');
  if (fracPart.length > max && fracPart.charCodeAt(max) >= 53 /* '5' */) {
    digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  }
  const whole = digits.slice(0, digits.length - max) || '0';
  const decimals = digits
    .slice(digits.length - max)
    .replace(/0+$/, '')
    .padEnd(min, '0');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202F');
  return `${sign}${grouped}${decimals ? `,${decimals}` : ''}`;
}

/**
 * « 1 250,5 », « 2,5 », « 12,50 »: French grouping and decimal comma. `minDecimals` pads (prices: 2).
 * `plainSpaces` uses ordinary spaces (inputs, PDF) instead of Intl's narrow no-break spaces.
 */
export function formatFrenchNumber(
  value: number,
  options: { maxDecimals?: number; minDecimals?: number; plainSpaces?: boolean } = {},
): string {
  const max = options.maxDecimals ?? 2;
  const min = Math.min(options.minDecimals ?? 0, max);
  const text = frenchDigits(value, min, max);
  return options.plainSpaces ? text.replace(/[\u202F\u00A0]/g, ' ') : text;
}

// ——— The product's numeric fields (SPEC.md §5, §9; DESIGN.md §8) ———

export const MAX_QUANTITY = 100_000;
export const MAX_UNIT_PRICE_EUROS = 1_000_000;
export const MAX_LINE_TOTAL_CENTS = 1_000_000_000; // 10 000 000 €
export const MAX_TASK_NAME_LENGTH = 200;
export const MAX_PAYMENT_DEADLINE_DAYS = 365;

/** Units counted in whole numbers (≥ 1); every other unit is measured and keeps 2 decimals (DESIGN.md §8). */
export const COUNTED_UNITS: readonly string[] = ['unité', 'unite', 'u', 'forfait', 'pièce', 'piece', 'lot'];

export function isCountedUnit(unit: string): boolean {
  return COUNTED_UNITS.includes(unit.trim().toLocaleLowerCase('fr'));
}

const INVALID = 'Saisissez un nombre, par exemple 2,5 ou 1 250,50.';

export const NUMBER_MESSAGES = {
  invalid: INVALID,
  quantityRequired: 'Indiquez une quantité.',
  quantityNegative: 'La quantité ne peut pas être négative.',
  quantityMin: 'La quantité doit être supérieure à 0.',
  quantityMinCounted: 'La quantité doit être d’au moins 1.',
  quantityMax: 'La quantité ne peut pas dépasser 100 000.',
  quantityDecimals: 'La quantité accepte au plus 2 décimales.',
  quantityWhole: (unit: string) => `La quantité doit être un nombre entier pour l’unité « ${unit} ».`,
  priceRequired: 'Le prix est requis.',
  priceNegative: 'Le prix ne peut pas être négatif.',
  priceMax: 'Le prix unitaire ne peut pas dépasser 1 000 000 €.',
  priceDecimals: 'Le prix accepte au plus 2 décimales (centimes).',
  lineTotalMax: 'Le total de la ligne ne peut pas dépasser 10 000 000 € HT.',
  vatNegative: 'Le taux de TVA ne peut pas être négatif.',
  vatMax: 'Le taux de TVA doit être compris entre 0 et 100 %.',
  vatDecimals: 'Le taux de TVA accepte au plus 1 décimale (ex. 5,5).',
  deadlineRequired: 'Indiquez un délai de paiement en jours.',
  deadlineNegative: 'Le délai de paiement ne peut pas être négatif.',
  deadlineMax: 'Le délai de paiement ne peut pas dépasser 365 jours.',
  deadlineWhole: 'Le délai de paiement est un nombre entier de jours.',
  taskNameTooLong: 'Le nom de la tâche ne peut pas dépasser 200 caractères.',
} as const;

const N = NUMBER_MESSAGES;

/** Line quantity: > 0 and ≤ 100 000; 2 decimals for measured units, whole ≥ 1 for counted ones. */
export function quantityRules(unit: string): NumberFieldRules {
  const counted = isCountedUnit(unit);
  return {
    min: counted ? 1 : 0,
    minExclusive: !counted,
    max: MAX_QUANTITY,
    decimals: counted ? 0 : 2,
    messages: {
      required: N.quantityRequired,
      invalid: N.invalid,
      negative: N.quantityNegative,
      min: counted ? N.quantityMinCounted : N.quantityMin,
      max: N.quantityMax,
      decimals: counted ? N.quantityWhole(unit) : N.quantityDecimals,
    },
  };
}

/** Unit price in euros HT: 0 to 1 000 000 €, cents. */
export const UNIT_PRICE_RULES: NumberFieldRules = {
  min: 0,
  max: MAX_UNIT_PRICE_EUROS,
  decimals: 2,
  messages: {
    required: N.priceRequired,
    invalid: N.invalid,
    negative: N.priceNegative,
    min: N.priceNegative,
    max: N.priceMax,
    decimals: N.priceDecimals,
  },
};

/** VAT rate: 0–100, step 0.1, empty → 20 (SPEC.md §5). */
export const VAT_RATE_RULES: NumberFieldRules = {
  min: 0,
  max: 100,
  decimals: 1,
  emptyValue: 20,
  messages: {
    required: N.vatMax,
    invalid: N.invalid,
    negative: N.vatNegative,
    min: N.vatNegative,
    max: N.vatMax,
    decimals: N.vatDecimals,
  },
};

/** Payment deadline in whole days, ≥ 0 (SPEC.md §5). */
export const PAYMENT_DEADLINE_RULES: NumberFieldRules = {
  min: 0,
  max: MAX_PAYMENT_DEADLINE_DAYS,
  decimals: 0,
  messages: {
    required: N.deadlineRequired,
    invalid: N.invalid,
    negative: N.deadlineNegative,
    min: N.deadlineNegative,
    max: N.deadlineMax,
    decimals: N.deadlineWhole,
  },
};

/** Rules for a whole number of some size (font sizes, margins of the customisation). */
export function wholeNumberRules(label: string, min: number, max: number): NumberFieldRules {
  const range = `${label} doit être un nombre entier entre ${formatFrenchNumber(min)} et ${formatFrenchNumber(max)}.`;
  return {
    min,
    max,
    decimals: 0,
    messages: { required: range, invalid: N.invalid, negative: range, min: range, max: range, decimals: range },
  };
}

/** The line's total in cents must stay ≤ 10 000 000 € HT; null when it does, else the French message. */
export function lineTotalError(priceEuros: number, quantity: number): string | null {
  return Math.round(Math.round(priceEuros * 100) * quantity) > MAX_LINE_TOTAL_CENTS ? N.lineTotalMax : null;
}

export function taskNameError(name: string): string | null {
  return [...name.trim()].length > MAX_TASK_NAME_LENGTH ? N.taskNameTooLong : null;
}
