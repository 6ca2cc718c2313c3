import { addDays, formatAmount, formatDate, formatQuantity, formatRate, toPdfText } from './text';

describe('toPdfText', () => {
  it('keeps French letters, guillemets, apostrophes and the euro sign (all WinAnsi)', () => {
    const s = 'Élève à l’été : ça coûte 12 € « œuvre » “Œ” … – — ï ù û';
    expect(toPdfText(s)).toBe(s);
  });

  it('turns Intl spaces into plain spaces and spells non-WinAnsi characters', () => {
    expect(toPdfText('1\u202F234,56\u00A0€')).toBe('1 234,56 €');
    expect(toPdfText('≥ 8 h → ok − 2')).toBe('>= 8 h -> ok - 2');
    expect(toPdfText('Łódź ă')).toBe('Lódz a');
    expect(toPdfText('日本')).toBe('??');
  });
});

describe('formatting', () => {
  it('formats amounts in euros with 2 decimals and plain spaces', () => {
    expect(formatAmount(123456)).toBe('1 234,56 €');
    expect(formatAmount(0)).toBe('0,00 €');
    expect(formatAmount(5)).toBe('0,05 €');
    expect(formatAmount(100000000)).toBe('1 000 000,00 €');
  });

  it('formats quantities, rates and dates the French way', () => {
    expect(formatQuantity(2.5)).toBe('2,5');
    expect(formatQuantity(1500)).toBe('1 500');
    expect(formatRate(5.5)).toBe('5,5 %');
    expect(formatRate(20)).toBe('20 %');
    expect(formatDate('2026-11-21T10:00:00.000Z')).toBe('21/11/2026');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(addDays('2026-12-15T10:00:00.000Z', 30))).toBe('14/01/2027');
  });
});
