import fc from 'fast-check';

import { formatClock, HybridLogicalClock, parseClock } from './hlc';

it('ticks strictly upwards even when the physical clock stands still or goes back', () => {
  const clock = new HybridLogicalClock('a1');
  const a = clock.tick(1_000);
  const b = clock.tick(1_000);
  const c = clock.tick(900);
  const d = clock.tick(2_000);
  expect([a, b, c, d]).toEqual([...[a, b, c, d]].sort());
  expect(new Set([a, b, c, d]).size).toBe(4);
  expect(parseClock(c)).toEqual({ ms: 1_000, counter: 2, node: 'a1' });
});

it('a change made after seeing a clock sorts after it, whatever this device’s time', () => {
  const clock = new HybridLogicalClock('slow');
  const seen = formatClock(5_000_000, 3, 'fast');
  clock.observe(seen);
  expect(clock.tick(1_000) > seen).toBe(true);
});

it('byte order of the text is the clock order (property)', () => {
  fc.assert(
    fc.property(
      fc.tuple(fc.integer({ min: 0, max: 2 ** 47 }), fc.integer({ min: 0, max: 999_999 })),
      fc.tuple(fc.integer({ min: 0, max: 2 ** 47 }), fc.integer({ min: 0, max: 999_999 })),
      ([ms1, n1], [ms2, n2]) => {
        const x = formatClock(ms1, n1, 'n');
        const y = formatClock(ms2, n2, 'n');
        const byValue = ms1 === ms2 ? Math.sign(n1 - n2) : Math.sign(ms1 - ms2);
        expect(Math.sign(x < y ? -1 : x > y ? 1 : 0)).toBe(byValue);
      },
    ),
    { seed: 40 },
  );
});

it('stamps made on a fast clock before the offset was known are dropped once the server’s time is known again', () => {
  const clock = new HybridLogicalClock('fast');
  clock.tick(10_000 + 3_600_000); // an hour ahead, offset not yet measured
  clock.rebase(10_500); // the pull measured the offset: now is 10 500 in the server's time
  expect(parseClock(clock.tick(11_000))).toEqual({ ms: 11_000, counter: 0, node: 'fast' });
  // Within the tolerance (the offset's own error), nothing moves: the clock never goes back for that.
  clock.rebase(10_900);
  expect(parseClock(clock.tick(10_950))).toEqual({ ms: 11_000, counter: 1, node: 'fast' });
});
