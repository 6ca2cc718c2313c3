import { normaliseAddress } from './address';

describe('normaliseAddress (SPEC §5)', () => {
  it('keeps addresses longer than 10 characters, tidied', () => {
    expect(normaliseAddress('  12 rue des Lilas ,  69003 Lyon ')).toBe('12 rue des Lilas, 69003 Lyon');
    expect(normaliseAddress('14 avenue Jean Jaurès\n75019 Paris')).toBe('14 avenue Jean Jaurès, 75019 Paris');
    expect(normaliseAddress('Lieu-dit Les Granges, Ain')).toBe('Lieu-dit Les Granges, Ain');
  });

  it('accepts postal codes from 01000 to 99999', () => {
    expect(normaliseAddress('3 place du Marché, 01000 Bourg-en-Bresse')).toBe(
      '3 place du Marché, 01000 Bourg-en-Bresse',
    );
    expect(normaliseAddress('1 rue Haute, 99999 Ville')).toBe('1 rue Haute, 99999 Ville');
  });

  it.each(['', 'Lyon', '12 rue X', '5 rue du Port, 00999 Nulle-Part'])('%j is dropped', (raw) => {
    expect(normaliseAddress(raw)).toBeUndefined();
  });
});
