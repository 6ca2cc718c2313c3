// Rules added from the fourth dev batch of round 3 (fixtures/round-3/cases-dev-4.mjs), each tried on sentences other
// than the batch's.
import { loadRound3 } from '../../../../testing/round-3-corpus';
import { extractFromText } from '../extract-from-text';

const { catalogue } = loadRound3();
const lines = (text: string) =>
  extractFromText(text, catalogue, { flow: 'voice' }).tasks.map((t) => `${t.quantity} ${t.name}`);

describe('usage rules of the fourth dev batch', () => {
  it('a size corrected by another size keeps only the last', () => {
    expect(
      lines('le bureau fait trois mètres sur trois, non attendez, trois sur trois et demi, parquet flottant'),
    ).toEqual(['10.5 Pose de parquet flottant']);
  });

  it('« non, un seul » and « neuf virgule cinq » after a correction', () => {
    expect(lines('trois radiateurs, non pardon, un seul')).toEqual(['1 Pose de radiateur']);
    expect(lines('ragréage sept mètres carrés, non, neuf virgule cinq')).toEqual(['9.5 Ragréage sol']);
  });

  it('after a negation, « seulement … » takes the figure of the clause after it', () => {
    expect(lines('on ne repeint pas les murs, seulement le plafond, dix-huit mètres carrés')).toEqual([
      '18 Peinture plafond',
    ]);
    // the figure clause naming its own work keeps it
    expect(lines('pas de faïence, seulement le sol, douze mètres carrés de carrelage')).toEqual([
      '12 Pose de carrelage sol',
    ]);
  });

  it('the surface said with the last of the works named together goes to the others', () => {
    expect(lines('démoussage et traitement hydrofuge de la toiture de dix mètres sur six')).toEqual([
      '60 Nettoyage et démoussage toiture',
      '60 Traitement hydrofuge toiture',
    ]);
  });

  it('« l’autre de 3 m² » adds to the part said before', () => {
    expect(lines('parquet dans un séjour en L, une partie de quatre sur trois et l’autre de deux sur deux')).toEqual([
      '16 Pose de parquet flottant',
    ]);
  });

  it('placo with a ceiling is a faux plafond; a roof cleaned is a démoussage', () => {
    expect(lines('des plaques de plâtre au plafond du salon, vingt mètres carrés')).toEqual([
      '20 Pose faux plafond placo',
    ]);
    expect(lines('nettoyage de la toiture, soixante-dix mètres carrés')).toEqual([
      '70 Nettoyage et démoussage toiture',
    ]);
    expect(lines('nettoyage de fin de chantier')).toEqual(['1 Nettoyage fin de chantier']);
  });

  it('a notion named twice in a task (« Sous-couche d’impression ») is said whole by one of its words', () => {
    expect(lines('une sous-couche sur les plaques de plâtre neuves, vingt mètres carrés')).toEqual([
      "20 Sous-couche d'impression",
    ]);
  });

  it('« avant … » is a time, not the object; lexicon: mur non porteur, contre l’humidité, complète', () => {
    expect(lines('une impression sur les murs avant la peinture, quinze mètres carrés')).toEqual([
      "15 Sous-couche d'impression",
    ]);
    expect(lines('démolir le mur non porteur du séjour, dix mètres carrés')).toEqual(['10 Démolition cloison']);
    expect(lines('traitement du toit contre l’humidité, cinquante mètres carrés')).toEqual([
      '50 Traitement hydrofuge toiture',
    ]);
    expect(lines('salle de bain complète à refaire')).toEqual(['1 Rénovation salle de bain']);
  });

  it.each([
    ['moquette à enlever dix mètres carrés, en fait onze', '11 Dépose de moquette'],
    ['radiateurs, trois, finalement quatre', '4 Pose de radiateur'],
    ['ragréage vingt mètres carrés, je dirais plutôt vingt-cinq', '25 Ragréage sol'],
    ['deux interrupteurs, rectification, trois interrupteurs', '3 Installation interrupteur'],
  ])('more spoken corrections: %s', (text, expected) => {
    expect(lines(text)).toEqual([expected]);
  });

  it('a measure said of a thing counted in units is the size of the place the next work is done on', () => {
    expect(lines('le toit fait quatre-vingts mètres carrés, on le démousse')).toEqual([
      '80 Nettoyage et démoussage toiture',
    ]);
  });
});
