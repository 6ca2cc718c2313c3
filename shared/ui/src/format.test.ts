import { formatDate, formatEuros, formatPhone, formatSiret } from './format';

it('formats French values', () => {
  expect(formatDate('2026-03-05T10:00:00Z')).toBe('05/03/2026');
  expect(formatDate('nope')).toBe('');
  expect(formatPhone('0612345678')).toBe('06 12 34 56 78');
  expect(formatPhone('+33 6')).toBe('+33 6');
  expect(formatSiret('12345678900012')).toBe('123 456 789 00012');
  expect(formatEuros(123456).replace(/\s/g, ' ')).toMatch(/1 234,56 €/);
});
