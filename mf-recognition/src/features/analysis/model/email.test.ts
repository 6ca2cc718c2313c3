import { findEmails, normaliseEmail } from './email';

describe('normaliseEmail (SPEC §5)', () => {
  it.each([
    ['Jean.Dupont@Gmail.com', 'jean.dupont@gmail.com'],
    ['  jean.dupont@gmail.com. ', 'jean.dupont@gmail.com'],
    ['jean dupont @ gmail . com', 'jeandupont@gmail.com'],
    ['jean arobase gmail point com', 'jean@gmail.com'],
    ['jean point dupont arobase orange point fr', 'jean.dupont@orange.fr'],
    ['sophie tiret laurent at free point fr', 'sophie-laurent@free.fr'],
    ['contact(at)artisan.fr', 'contact@artisan.fr'],
    ['mailto:Info@Exemple.FR', 'info@exemple.fr'],
    ['élodie@exemple.fr', 'elodie@exemple.fr'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseEmail(raw)).toBe(expected);
  });

  it.each(['', 'jean', 'jean@', '@gmail.com', 'jean@gmail', 'jean@@gmail.com', 'jean dupont'])(
    '%j is dropped',
    (raw) => {
      expect(normaliseEmail(raw)).toBeUndefined();
    },
  );

  it('finds written and spoken addresses in a text', () => {
    expect(findEmails('Contact : Marie.Curie@labo.fr, merci').map((e) => e.email)).toEqual(['marie.curie@labo.fr']);
    expect(
      findEmails("son mail c'est jean point dupont arobase gmail point com. Il veut…").map((e) => e.email),
    ).toEqual(['jean.dupont@gmail.com']);
  });
});
