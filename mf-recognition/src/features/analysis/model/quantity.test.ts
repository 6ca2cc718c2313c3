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

describe('normaliseQuantity with the task unit (departure: measured units keep 2 decimals)', () => {
  it.each([
    [14.5, 'm2', 14.5],
    ['14,5', 'm²', 14.5],
    [4.2, 'ml', 4.2],
    [2.345, 'm3', 2.35],
    [1.5, 'h', 1.5],
    [0.75, 'h', 0.75],
    [0.5, 'jour', 0.5],
    [12.25, 'kg', 12.25],
    [0.004, 'm2', 0.01],
    [2.5, 'unité', 3],
    [2.4, 'u', 2],
    [0.4, 'forfait', 1],
    [1.6, undefined, 2],
    [2500.5, 'm2', 2500.5],
  ] as const)('%j %s → %s', (raw, unit, expected) => {
    expect(normaliseQuantity(raw, 'voice', unit)).toBe(expected);
  });

  it('keeps the image ceiling for measured units', () => {
    expect(normaliseQuantity(2500.5, 'image', 'm2')).toBe(200);
  });
});
