import { findPhoneNumbers, normalisePhone } from './phone';

describe('normalisePhone (SPEC §5)', () => {
  it.each([
    ['06 12 34 56 78', '06 12 34 56 78'],
    ['0612345678', '06 12 34 56 78'],
    ['06.12.34.56.78', '06 12 34 56 78'],
    ['06-12-34-56-78', '06 12 34 56 78'],
    ['+33 6 12 34 56 78', '06 12 34 56 78'],
    ['+33 (0)6 12 34 56 78', '06 12 34 56 78'],
    ['0033 1 42 33 44 55', '01 42 33 44 55'],
    ['33612345678', '06 12 34 56 78'],
    ['O6 l2 34 S6 78', '06 12 34 56 78'],
    ['0I 42 B3 44 55', '01 42 83 44 55'],
  ])('%s → %s', (raw, expected) => {
    expect(normalisePhone(raw)).toBe(expected);
  });

  it.each(['', '12 34 56', '06 12 34 56 7', '06 12 34 56 78 90', '00 12 34 56 78', '+44 20 7946 0958', 'téléphone'])(
    '%j is dropped',
    (raw) => {
      expect(normalisePhone(raw)).toBeUndefined();
    },
  );

  it('finds phone numbers in a text, with their span', () => {
    const text = 'Tél : 06 12 34 56 78 — bureau +33 1 42 33 44 55. Surface 25 m2.';
    expect(findPhoneNumbers(text).map((p) => p.phone)).toEqual(['06 12 34 56 78', '01 42 33 44 55']);
    expect(text.slice(findPhoneNumbers(text)[0]!.start, findPhoneNumbers(text)[0]!.end)).toBe('06 12 34 56 78');
  });
});
