import { canonicalJson, sameJson } from './same-json';

describe('sameJson', () => {
  const cases: [unknown, unknown][] = [
    [
      { a: 1, b: [1, 'x', { c: null }] },
      { b: [1, 'x', { c: null }], a: 1 },
    ],
    [{ a: 1, b: undefined }, { a: 1 }],
    [{ a: 1 }, { a: 1, b: () => 1 }],
    [
      [1, undefined],
      [1, null],
    ],
    [[Number.NaN], [null]],
    [{ a: Number.POSITIVE_INFINITY }, { a: null }],
    [{ d: new Date('2026-11-27T20:00:00Z') }, { d: '2026-11-27T20:00:00.000Z' }],
    [{ a: 1 }, { a: 2 }],
    [{ a: 1 }, { a: 1, b: 2 }],
    [
      { a: 1, b: 2 },
      { a: 1, c: 2 },
    ],
    [
      [1, 2],
      [2, 1],
    ],
    [[1], [1, 1]],
    [{ a: [] }, { a: {} }],
    [{ a: '1' }, { a: 1 }],
    [null, {}],
    [{ a: undefined }, { a: null }],
    ['x', 'x'],
    [0, -0],
  ];
  it.each(cases)('agrees with comparing canonical JSON: %j vs %j', (a, b) => {
    expect(sameJson(a, b)).toBe(canonicalJson(a) === canonicalJson(b));
    expect(sameJson(b, a)).toBe(canonicalJson(a) === canonicalJson(b));
  });

  it('compares a 5 000-task catalogue with its reordered server copy, and finds one changed price', () => {
    const local = Array.from({ length: 5000 }, (_, i) => ({
      name: `Article ${i}`,
      unit: 'm2',
      price: i / 100,
      id: `t${i}`,
      category: `Lot ${i % 12}`,
      vatRate: 20,
    }));
    // jsonb's order: shorter keys first.
    const server = local.map(({ name, unit, price, id, category, vatRate }) => ({
      id,
      name,
      unit,
      price,
      vatRate,
      category,
    }));
    expect(sameJson(local, server)).toBe(true);
    server[4321] = { ...server[4321]!, price: 1 };
    expect(sameJson(local, server)).toBe(false);
    expect(sameJson(local, server.slice(1))).toBe(false);
  });

  it('compares a very deep value too (as canonical strings past 200 levels)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 2000; i += 1) deep = [deep];
    expect(sameJson(deep, JSON.parse(JSON.stringify(deep)))).toBe(true);
    expect(sameJson(deep, [deep])).toBe(false);
  });
});
