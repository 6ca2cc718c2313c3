import {
  NUMBER_MESSAGES as N,
  PAYMENT_DEADLINE_RULES,
  UNIT_PRICE_RULES,
  VAT_RATE_RULES,
  formatFrenchNumber,
  frenchDigits,
  lineTotalError,
  parseFrenchNumber,
  parseNumberField,
  quantityRules,
  taskNameError,
} from './numbers';
import { formatEuros } from './money';

const NBSP = '\u00A0';
const NNBSP = '\u202F';

describe('parseFrenchNumber', () => {
  // [typed, value or the syntax error]
  const table: [string, number | 'empty' | 'invalid'][] = [
    ['2,5', 2.5],
    ['2.5', 2.5],
    ['12,5', 12.5],
    ['0,5', 0.5],
    [',5', 0.5],
    ['.5', 0.5],
    ['5,', 5],
    ['42', 42],
    ['  7  ', 7],
    ['007', 7],
    ['1 250,50', 1250.5],
    [`1${NBSP}250,50`, 1250.5],
    [`1${NNBSP}250,50`, 1250.5],
    [`1\u2009250`, 1250],
    ['1 000 000', 1000000],
    ['1.250,50', 1250.5],
    ['1,250.50', 1250.5],
    ['1.250.000', 1250000],
    ['1,250,000', 1250000],
    ['1 250.5', 1250.5],
    ['12,50 €', 12.5],
    [`12,50${NBSP}€`, 12.5],
    ['5,5 %', 5.5],
    ['+3', 3],
    ['-5', -5],
    ['−5', -5],
    ['- 2,5', -2.5],
    ['0', 0],
    ['-0', 0],
    ['1e12', 1e12],
    ['2,5E3', 2500],
    ['1e-3', 0.001],
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'invalid'],
    ['2,5abc', 'invalid'],
    ['12 5', 'invalid'],
    ['1 25,5', 'invalid'],
    ['1,2,3', 'invalid'],
    ['1.2.3', 'invalid'],
    ['1,250.000,5', 'invalid'],
    [',', 'invalid'],
    ['.', 'invalid'],
    ['--5', 'invalid'],
    ['e5', 'invalid'],
    ['1e', 'invalid'],
    ['1e999', 'invalid'],
    ['NaN', 'invalid'],
    ['Infinity', 'invalid'],
    ['0x10', 'invalid'],
    ['deux', 'invalid'],
    ['2 ½', 'invalid'],
  ];

  it.each(table)('« %s » → %p', (typed, expected) => {
    const result = parseFrenchNumber(typed);
    if (typeof expected === 'number') expect(result).toEqual({ ok: true, value: expected });
    else expect(result).toEqual({ ok: false, error: expected });
  });

  it('covers at least 40 inputs', () => expect(table.length).toBeGreaterThanOrEqual(40));
});

describe('parseNumberField', () => {
  const table: [string, string, ReturnType<typeof parseNumberField>][] = [
    ['quantity m2', '2,5', { ok: true, value: 2.5 }],
    ['quantity m2', '0,01', { ok: true, value: 0.01 }],
    ['quantity m2', '100 000', { ok: true, value: 100000 }],
    ['quantity m2', '100 000,01', { ok: false, message: N.quantityMax }],
    ['quantity m2', '1e12', { ok: false, message: N.quantityMax }],
    ['quantity m2', '-5', { ok: false, message: N.quantityNegative }],
    ['quantity m2', '0', { ok: false, message: N.quantityMin }],
    ['quantity m2', '2,555', { ok: false, message: N.quantityDecimals }],
    ['quantity m2', 'abc', { ok: false, message: N.invalid }],
    ['quantity m2', '', { ok: false, message: N.quantityRequired }],
    ['quantity unité', '3', { ok: true, value: 3 }],
    ['quantity unité', '2,5', { ok: false, message: N.quantityWhole('unité') }],
    ['quantity forfait', '0', { ok: false, message: N.quantityMinCounted }],
    ['price', '12,5', { ok: true, value: 12.5 }],
    ['price', '0', { ok: true, value: 0 }],
    ['price', '1 000 000', { ok: true, value: 1000000 }],
    ['price', '1 000 000,01', { ok: false, message: N.priceMax }],
    ['price', '12,345', { ok: false, message: N.priceDecimals }],
    ['price', '-1', { ok: false, message: N.priceNegative }],
    ['vat', '', { ok: true, value: 20 }],
    ['vat', '5,5', { ok: true, value: 5.5 }],
    ['vat', '100', { ok: true, value: 100 }],
    ['vat', '100,1', { ok: false, message: N.vatMax }],
    ['vat', '-1', { ok: false, message: N.vatNegative }],
    ['vat', '5,55', { ok: false, message: N.vatDecimals }],
    ['deadline', '30', { ok: true, value: 30 }],
    ['deadline', '0', { ok: true, value: 0 }],
    ['deadline', '2,5', { ok: false, message: N.deadlineWhole }],
    ['deadline', '-3', { ok: false, message: N.deadlineNegative }],
  ];
  const rules = (field: string) =>
    field.startsWith('quantity')
      ? quantityRules(field.split(' ')[1]!)
      : field === 'price'
        ? UNIT_PRICE_RULES
        : field === 'vat'
          ? VAT_RATE_RULES
          : PAYMENT_DEADLINE_RULES;

  it.each(table)('%s « %s »', (field, typed, expected) => {
    expect(parseNumberField(typed, rules(field))).toEqual(expected);
  });
});

describe('formatFrenchNumber', () => {
  it('groups thousands and uses the decimal comma', () => {
    expect(formatFrenchNumber(1250.5, { plainSpaces: true })).toBe('1 250,5');
    expect(formatFrenchNumber(2.5)).toBe('2,5');
    expect(formatFrenchNumber(12.5, { minDecimals: 2, plainSpaces: true })).toBe('12,50');
    expect(formatFrenchNumber(1000000)).toBe(`1${NNBSP}000${NNBSP}000`);
  });

  it('reads back what it writes', () => {
    for (const n of [0, 0.01, 2.5, 12.5, 1250.5, 99999.99, 1000000]) {
      expect(parseFrenchNumber(formatFrenchNumber(n))).toEqual({ ok: true, value: n });
      expect(parseFrenchNumber(formatFrenchNumber(n, { plainSpaces: true }))).toEqual({ ok: true, value: n });
    }
  });
});

describe('frenchDigits (French numbers without Intl)', () => {
  // A seeded generator: the same values on every run, so a failure can be reproduced.
  function random(seed: number) {
    let state = seed >>> 0;
    return () => {
      state = (state * 1664525 + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
  }
  const intl = (value: number, min: number, max: number) =>
    new Intl.NumberFormat('fr-FR', { minimumFractionDigits: min, maximumFractionDigits: max }).format(value);
  const euros = (cents: number) =>
    new Intl.NumberFormat('fr-FR', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(cents / 100);

  it('writes what Intl fr-FR writes, rounding included, on 60 000 random values', () => {
    const next = random(14);
    const options: Array<[number, number]> = [
      [0, 0],
      [0, 1],
      [0, 2],
      [2, 2],
      [0, 3],
      [1, 4],
    ];
    for (let i = 0; i < 10_000; i += 1) {
      const scale = 10 ** Math.floor(next() * 9);
      const decimals = Math.floor(next() * 5);
      const raw = (next() - 0.3) * scale;
      // Values typed with a few decimals (1,005 — the halfway cases) as well as arbitrary doubles.
      const value = i % 2 ? Number(raw.toFixed(decimals)) : raw;
      for (const [min, max] of options) expect(frenchDigits(value, min, max)).toBe(intl(value, min, max));
    }
  });

  it('agrees with Intl on halfway cases, zeros, signs and the values Intl is left with', () => {
    const cases = [
      1.005,
      2.675,
      0.125,
      -0.125,
      1.5,
      2.5,
      -2.5,
      0.5,
      999.995,
      9999.5,
      0,
      -0,
      -0.001,
      0.001,
      1e-7,
      -1e-9,
      123456789.125,
      1e15,
      1e21,
      Number.MAX_SAFE_INTEGER,
      NaN,
      Infinity,
      -Infinity,
    ];
    for (const value of cases) {
      for (const [min, max] of [
        [0, 0],
        [0, 2],
        [2, 2],
      ] as const) {
        expect(frenchDigits(value, min, max)).toBe(intl(value, min, max));
      }
    }
  });

  it('formatEuros writes what Intl’s euro currency format writes', () => {
    const next = random(7);
    for (let i = 0; i < 5_000; i += 1) {
      const cents = Math.round((next() - 0.2) * 10 ** Math.floor(next() * 11));
      expect(formatEuros(cents)).toBe(euros(cents));
    }
    for (const cents of [0, -0, 1, -1, 99, 100, 123456, -123456, 0.5, 1e17])
      expect(formatEuros(cents)).toBe(euros(cents));
  });
});

describe('limits', () => {
  it('line total ≤ 10 000 000 €', () => {
    expect(lineTotalError(100, 100000)).toBeNull();
    expect(lineTotalError(1000000, 10)).toBeNull();
    expect(lineTotalError(1000000, 10.01)).toBe(N.lineTotalMax);
  });

  it('task names ≤ 200 characters', () => {
    expect(taskNameError('a'.repeat(200))).toBeNull();
    expect(taskNameError('a'.repeat(201))).toBe(N.taskNameTooLong);
  });
});
