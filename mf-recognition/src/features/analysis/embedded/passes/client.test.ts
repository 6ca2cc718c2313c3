import { findCompany, readClientFields } from './client';
import { prepare } from './prepare';

const read = (text: string) => readClientFields(prepare(text)).client;

describe('client fields pass', () => {
  it.each([
    ["c'est pour la SCI Les Tilleuls le contact c'est monsieur Bernard Caron", 'SCI Les Tilleuls', 'Bernard Caron'],
    ["la société Bati Renov Sud le gérant c'est monsieur Olivier Fabre", 'Bati Renov Sud', 'Olivier Fabre'],
    ['la boulangerie Au Bon Pain, quatre points lumineux', 'Boulangerie Au Bon Pain', undefined],
    ['mairie de Saint-Rémy, le contact c’est monsieur Gérard Blanc', 'Mairie de Saint-Rémy', 'Gérard Blanc'],
    ['SCI du Moulin, gérant monsieur Henri Vidal', 'SCI du Moulin', 'Henri Vidal'],
    ['cabinet dentaire du docteur Leroy, trois fenêtres', 'Cabinet dentaire du docteur Leroy', undefined],
    ['agence immobilière Bleu Ciel, madame Eva Simon', 'Agence immobilière Bleu Ciel', 'Eva Simon'],
  ])('company and contact apart: %s', (text, company, name) => {
    const client = read(text);
    expect(client.company).toBe(company);
    expect(client.name).toBe(name);
  });

  it('takes a note opening on a name alone, with contact details below, as the client (issue 31 photos)', () => {
    expect(
      read('Claire Fontan\nclaire.fontan@gmail.com\n5 impasse des Lilas, 31400 Toulouse\npeinture murs 48 m2').name,
    ).toBe('Claire Fontan');
    expect(read('Julien Roussel\n06 12 90 47 55\nWC suspendu x 1').name).toBe('Julien Roussel');
    expect(read('Chambre Parents\n06 12 34 56 78\nparquet 12 m2').name).toBeUndefined();
    expect(read('Claire Fontan\npeinture murs 48 m2').name).toBeUndefined();
  });

  it('does not take a room or a person for a firm', () => {
    expect(findCompany('dans le garage 2 prises')).toBeNull();
    expect(findCompany('chez Dupont')).toBeNull();
  });

  it.each([
    ['3 impasse des Lilas, soixante-neuf zéro zéro trois Lyon, isolation', '3 impasse des Lilas, 69003 Lyon'],
    ['42 rue Jean Jaurès, trente-trois sept cents Mérignac', '42 rue Jean Jaurès, 33700 Mérignac'],
    ['2 place de l’Église, vingt et un mille Dijon, tuiles', '2 place de l’Église, 21000 Dijon'],
    ['15 allée des Pins 06 000 Nice', '15 allée des Pins, 06000 Nice'],
    ['7 ter chemin des Vignes, 84000 Avignon, zéro quatre quatre-vingt-dix', '7 ter chemin des Vignes, 84000 Avignon'],
  ])('spoken postal code: %s', (text, address) =>
    expect(read(text).address?.replace(/’/g, "'")).toBe(address.replace(/’/g, "'")),
  );

  it.each([
    ['zéro quatre quatre-vingt-dix zéro un vingt-deux trente-trois', '04 90 01 22 33'],
    ['le zéro six, un deux, trois quatre, cinq six, sept huit', '06 12 34 56 78'],
    ['zéro sept six un deux trois quatre cinq six sept', '07 61 23 45 67'],
    ['plus trente-trois six quatre-vingt-dix-huit vingt-cinq quatorze zéro sept', '06 98 25 14 07'],
    ['06 12 345 678', '06 12 34 56 78'],
    ['07.61.33.48.92', '07 61 33 48 92'],
  ])('phone in any grouping: %s', (text, phone) => expect(read(text).phone).toBe(phone));

  it('reads « neuf » after a correction marker as the figure', () => {
    expect(readClientFields(prepare('carrelage 8 mètres carrés non pardon neuf')).text).toBe(
      'carrelage 9 mètres carrés',
    );
  });
});
