import { normaliseQuantity } from './quantity';

describe('normaliseQuantity (SPEC §5)', () => {
  it.each([
    [12, 'voice', 12],
    [12.4, 'voice', 12],
    [12.5, 'voice', 13],
    [0.4, 'voice', 1],
    [0, 'voice', 1],
    [-3, 'voice', 1],
    [undefined, 'voice', 1],
    [null, 'voice', 1],
    ['abc', 'voice', 1],
    [Number.NaN, 'voice', 1],
    ['deux', 'image', 2],
    ['une dizaine', 'image', 10],
    ['trois cents', 'image', 300],
    ['12,5', 'image', 13],
    ['25 m²', 'image', 25],
    [2500, 'image', 200],
    [2001, 'image', 200],
    [2000, 'image', 2000],
    [2500, 'voice', 2500],
    ['environ vingt', 'voice', 20],
  ] as const)('%j in the %s flow → %s', (raw, flow, expected) => {
    expect(normaliseQuantity(raw, flow)).toBe(expected);
  });
});
