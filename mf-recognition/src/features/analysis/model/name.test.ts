import { normaliseName } from './name';

describe('normaliseName (SPEC §5)', () => {
  it.each([
    ['M. Dupont', 'Dupont'],
    ['Mme Martin', 'Martin'],
    ['Madame Sophie Martin', 'Sophie Martin'],
    ['monsieur jean dupont', 'Jean Dupont'],
    ['client : durand', 'Durand'],
    ['Client M. Leroy', 'Leroy'],
    ['M. et Mme Petit', 'Petit'],
    ['Mlle Rousseau', 'Rousseau'],
    ['jean-pierre de la fontaine', 'Jean-Pierre de la Fontaine'],
    ['DUPONT', 'Dupont'],
    ['Mr. Smith', 'Smith'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseName(raw)).toBe(expected);
  });

  it.each(['', 'M.', 'X', 'Mme', '12345', '06 12 34'])('%j is dropped', (raw) => {
    expect(normaliseName(raw)).toBeUndefined();
  });
});

describe('normaliseName — capitals', () => {
  it('capitalises names typed in capitals, keeps company forms', () => {
    expect(normaliseName('M. DUPONT')).toBe('Dupont');
    expect(normaliseName('Jean DUPONT')).toBe('Jean Dupont');
    expect(normaliseName('SARL BATI PLUS')).toBe('SARL Bati Plus');
  });
});

describe('normaliseName — particles', () => {
  it('keeps a capitalised article inside a name, lowercases « de »', () => {
    expect(normaliseName('M. Hervé Le Gall')).toBe('Hervé Le Gall');
    expect(normaliseName('jean de la fontaine')).toBe('Jean de la Fontaine');
  });
});
