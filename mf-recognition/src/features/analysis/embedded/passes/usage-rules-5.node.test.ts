// Rules added from the fifth dev batch of round 3 (fixtures/round-3/cases-dev-5.mjs), each tried on sentences other
// than the batch's: the size grammar (« de longueur », « sur 2,50 de haut », « longue de »), the object of the work
// just said, the place of the work just before, verb forms from lexicon/verbs.json.
import { loadRound3 } from '../../../../testing/round-3-corpus';
import { extractFromText } from '../extract-from-text';
import { rewriteDimensions } from './dimensions';

const { catalogue } = loadRound3();
const lines = (text: string) =>
  extractFromText(text, catalogue, { flow: 'voice' }).tasks.map((t) => `${t.quantity} ${t.name}`);

describe('usage rules of the fifth dev batch', () => {
  it.each([
    // « de longueur / de hauteur » are the nouns of « de long / de haut »
    [
      'papier peint, un pan de mur de 4 mètres de longueur sur 2.5 mètres de hauteur',
      'papier peint, un pan de mur de 10 m²',
    ],
    // a length by a height said after its figure
    ['crédence de 2 m sur 0.6 m de haut', 'crédence de 1.2 m²'],
    ['un pan de 5 mètres par 2.4 de hauteur', 'un pan de 12 m²'],
    // … but « 4 × 5 hauteur 2,50 » is a room and its height
    ['pièce de 4 × 5 hauteur 2.5 m, murs', 'pièce de 45 m², murs'],
    // the adjective before the figure
    ['une cloison longue de 3 mètres et haute de 2.5', 'une cloison 7.5 m²'],
    // a length with the height under the ceiling
    ['cloison de 4 mètres de long, 2.6 mètres sous plafond', 'cloison de 10.4 m²'],
  ])('%s', (input, output) => {
    expect(rewriteDimensions(input)).toBe(output);
  });

  it('a size said of each side or each partition counts them all', () => {
    expect(lines('gouttières sur les deux côtés du garage, huit mètres de chaque côté')).toEqual([
      '16 Pose de gouttière',
    ]);
    expect(lines('trois cloisons placo de deux mètres sur deux mètres cinquante chacune')).toEqual([
      '15 Montage cloison placo',
    ]);
  });

  it('the object of the work just said is not another task, and its size is the work’s', () => {
    expect(lines('traitement hydrofuge, la toiture fait quatre-vingts mètres carrés')).toEqual([
      '80 Traitement hydrofuge toiture',
    ]);
    expect(lines('démoussage sur les ardoises, le toit est en bon état, soixante-dix mètres carrés')).toEqual([
      '70 Nettoyage et démoussage toiture',
    ]);
    // a second figure with its own unit is read on its own; counted tiles stay a task
    expect(lines('démoussage du toit 80 m2, remplacement de 12 tuiles')).toEqual([
      '80 Nettoyage et démoussage toiture',
      '12 Remplacement de tuiles',
    ]);
    // removing a thing, then making a new one, are two works
    expect(lines('dépose de la cloison abîmée, 5 m2, puis une cloison en placo neuve sur la même surface')).toEqual([
      '5 Démolition cloison',
      '5 Montage cloison placo',
    ]);
  });

  it('a work said without its place takes the place of the work just before', () => {
    expect(lines('faux plafond placo dans le couloir, neuf mètres carrés, avec la peinture')).toEqual([
      '9 Pose faux plafond placo',
      '9 Peinture plafond',
    ]);
    // … but the work stays what was said
    expect(lines('carrelage au sol 10 m2 et la faïence 6')).toEqual([
      '10 Pose de carrelage sol',
      '6 Pose de faïence murale',
    ]);
  });

  it('a second work of the same trade named in one piece is its own line', () => {
    expect(lines('démoussage de la couverture avec un passage d’hydrofuge, soixante-quinze mètres carrés')).toEqual([
      '75 Nettoyage et démoussage toiture',
      '75 Traitement hydrofuge toiture',
    ]);
    // a homonym of another trade is not a second work (« appliquer » is not an applique)
    expect(lines('appliquer un produit hydrofuge sur la couverture, 90 m2')).toEqual([
      '90 Traitement hydrofuge toiture',
    ]);
    // the material of the work is not a second work
    expect(lines('cloison en BA13 avec isolant phonique, 9 m2')).toEqual(['9 Montage cloison placo']);
  });

  it('conjugated verbs are read as their infinitive (lexicon/verbs.json)', () => {
    expect(lines('on démolit la cloison du cellier, quatre mètres carrés')).toEqual(['4 Démolition cloison']);
    expect(lines('ils abattent la cloison de la cuisine, 6 m2')).toEqual(['6 Démolition cloison']);
  });
});
