// Rules added for the remaining failures of the eighth dev batch of round 3 (decision 0186), each tried on sentences
// other than the batch's: the width of the joints is no joint work, « dépose et repose » said of the object before,
// a place measured in centimetres with the second unit left out, a surface said with its colour, a material
// said with its thickness; then the ninth batch's: a count times an area, a clause describing a thing,
// walls listed one by one then one height, the surface of the clause after.
import { sortedVoiceLines as lines } from '../../../../testing/round-3-probes';
import { rewriteDimensions } from './dimensions';

describe('usage rules after the eighth dev batch', () => {
  it('the width of the joints describes the tiling; « refaire les joints » is still joint work', () => {
    expect(lines('carrelage de la cuisine, 20 m² avec des joints de 2 mm')).toEqual(['20 Pose de carrelage sol']);
    expect(lines('faïence de la douche posée avec joints de 1 centimètre, 6 m²')).toEqual(['6 Pose de faïence murale']);
    expect(lines('refaire les joints de 3 mm de la douche, 6 m²')).toEqual(['6 Joints de carrelage']);
  });

  it('« dépose et repose » with no object said after: both works, of the object said before', () => {
    expect(lines('le carrelage du couloir sonne creux, dépose et repose sur 4 m²')).toEqual([
      '4 Dépose de carrelage',
      '4 Pose de carrelage sol',
    ]);
    expect(lines('les carreaux de la terrasse sont fendus, on compte 2 m² de dépose et de repose')).toEqual([
      '2 Dépose de carrelage',
      '2 Pose de carrelage sol',
    ]);
  });

  it('a place measured in centimetres, the second side without its unit; not an opening', () => {
    expect(rewriteDimensions('la chambre mesure 420 cm par 310, parquet')).toBe('la chambre mesure 13.02 m², parquet');
    expect(lines('ragréage du bureau, il fait 300 centimètres sur 280')).toEqual(['8.4 Ragréage sol']);
    expect(rewriteDimensions('la baie vitrée fait 240 cm sur 215')).toBe('la baie vitrée fait 240 cm sur 215');
    expect(rewriteDimensions('le receveur fait 120 cm sur 90')).toBe('le receveur fait 120 cm sur 90');
  });

  it('a surface said with its colour is painted', () => {
    expect(lines('les murs du salon en gris clair, 40 m²')).toEqual(['40 Peinture murs']);
    expect(lines('ragréage de la cuisine, 12 m², et le plafond en blanc, 12 m²')).toEqual([
      '12 Peinture plafond',
      '12 Ragréage sol',
    ]);
  });

  it('a material said with its thickness details the work before, it is not that work again', () => {
    expect(lines('isolation des murs par l’intérieur avec des panneaux de 10 cm, 25 m²')).toEqual([
      "25 Isolation des murs par l'intérieur",
    ]);
    expect(lines('faux plafond en métal stud dans le bureau, 11 m²')).toEqual(['11 Pose faux plafond placo']);
    // a second work said with its own figure is still a work
    expect(lines('isolation des combles, 50 m², et les murs par l’intérieur, 20 m²')).toEqual([
      "20 Isolation des murs par l'intérieur",
      '50 Isolation des combles',
    ]);
  });

  it('a count times an area is that area so many times', () => {
    expect(lines('peinture des deux chambres, 2 fois 12 m²')).toEqual(['24 Peinture murs']);
    expect(rewriteDimensions('le comble fait 3 fois 20 mètres carrés')).toBe('le comble fait 60 m²');
    // « 4 fois 3 » is still two sides
    expect(rewriteDimensions('le séjour fait 4 fois 3')).toBe('le séjour fait 12 m²');
  });

  it('a clause describing a thing (its look, its extent, its date) is no work', () => {
    expect(lines('la toiture ressemble à une passoire, remplacement d’une dizaine de tuiles')).toEqual([
      '10 Remplacement de tuiles',
    ]);
    expect(lines('le toit se prolonge sur le garage, démoussage de la toiture, 60 m²')).toEqual([
      '60 Nettoyage et démoussage toiture',
    ]);
  });

  it('walls listed one by one (« une de a et l’autre de b ») then one height are their whole area', () => {
    expect(lines('démolition de deux cloisons, une de 4 mètres et l’autre de 3 mètres, hauteur 2,50')).toEqual([
      '17.5 Démolition cloison',
    ]);
    expect(lines('peinture des murs du couloir, 4 mètres et 3 mètres, hauteur 2,50')).toEqual(['17.5 Peinture murs']);
  });

  it('a ceiling or walls with no trade take the surface said in the clause right after', () => {
    expect(lines('refaire le plafond du salon, 20 m²')).toEqual(['20 Peinture plafond']);
    // a room measured after walls that are done already is not their surface
    expect(lines('les murs du garage sont déjà faits, la pièce fait 18 m², carrelage au sol')).toEqual([
      '18 Pose de carrelage sol',
    ]);
  });
});
