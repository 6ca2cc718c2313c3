// Rules added from the sixth dev batch of round 3 (fixtures/round-3/cases-dev-6.mjs, decision 0155), each tried on
// sentences other than the batch's: the task sold in the unit of the surface said, standards and « dont » are no
// figure, « autant dans », a restated figure, a good state, « chacun » before a size, a slab's thickness said first,
// a corrected thickness, « mise en place » is no address, faïence forms.
import { extractVoice as extract, voiceLines as lines } from '../../../../testing/round-3-probes';
import { rewriteCorrections } from './corrections';
import { rewriteDimensions } from './dimensions';

describe('usage rules of the sixth dev batch', () => {
  it('a surface said with the work names the task sold by the m², not the one counted in items', () => {
    expect(lines('pose de tuiles neuves sur le garage, 35 m²')).toEqual(['35 Réfection toiture tuiles']);
    // a count stays a count, and the object must be the same (a roof window is not a roof)
    expect(lines('changer huit tuiles cassées')).toEqual(['8 Remplacement de tuiles']);
    expect(lines("pose d'une fenêtre de toit de 78 par 98 centimètres")).toEqual(['1 Pose de fenêtre PVC']);
  });

  it('the number of a standard and a part of a figure (« dont ») are no quantity', () => {
    expect(lines('mise aux normes NF C 15-100 du logement')).toEqual(['1 Mise aux normes électrique']);
    expect(lines('huit prises dont trois dans la cuisine')).toEqual(['8 Installation prise électrique']);
    expect(lines('nouveaux interrupteurs dans la maison, cinq en tout')).toEqual(['5 Installation interrupteur']);
  });

  it('« autant dans » another place says the figure again; a figure restated alone does not', () => {
    expect(lines('deux points lumineux dans le salon et autant dans la salle à manger')).toEqual(['4 Point lumineux']);
    expect(lines('remplacer une quinzaine de tuiles, quinze tuiles')).toEqual(['15 Remplacement de tuiles']);
    expect(lines('deux fenêtres côté rue, deux fenêtres côté jardin')).toEqual(['4 Pose de fenêtre PVC']);
  });

  it('a clause saying only the good state of a thing is no work on it', () => {
    expect(lines('le tableau est correct, on ajoute quatre prises')).toEqual(['4 Installation prise électrique']);
    expect(lines('peinture des murs 40 m² c’est bon pour moi')).toEqual(['40 Peinture murs']);
    expect(lines('la charpente est saine, on change juste les tuiles, 60 m²')).toEqual(['60 Réfection toiture tuiles']);
  });

  it('« on va dire » corrects the figure before', () => {
    expect(lines('une vingtaine de tuiles à changer, on va dire dix-huit')).toEqual(['18 Remplacement de tuiles']);
  });

  it.each([
    // « chacun » before the size of several walls
    ['faïence sur 2 murs, chacun 2 m²', 'faïence sur 2 murs, chacun 4 m²'],
    // a slab's thickness said before its sides; a tile's size is no thickness
    ['dalle de 15 cm pour la terrasse, 4 mètres sur 5', 'dalle de 15 cm pour la terrasse, 3 m³'],
    ['carrelage 60 cm, pièce de 4 sur 3', 'carrelage 60 cm, pièce de 12 m²'],
  ])('%s', (input, output) => {
    expect(rewriteDimensions(input)).toBe(output);
  });

  it('a thickness corrected with « en »', () => {
    expect(rewriteCorrections('dalle de 4 sur 4 en 20 cm, non, en 15')).toBe('dalle de 4 sur 4 en 15 cm');
  });

  it('« 20 m² de murs et 5 de sol » gives each place its figure; « jusqu’à 2 mètres » is a height reached', () => {
    expect(lines('peinture des murs et du plafond, 48 m² de murs et 14 de plafond')).toEqual([
      '48 Peinture murs',
      '14 Peinture plafond',
    ]);
    expect(lines('carrelage au sol, 6 m², et les murs jusqu’à 1 mètre 20, 9 m²')).toEqual([
      '6 Pose de carrelage sol',
      '9 Pose de faïence murale',
    ]);
  });

  it('« mise en place » is no street address; faïence forms and « du sol au plafond » name the wall', () => {
    const result = extract("dépose du parquet, 12 m², puis mise en place d'une chape");
    expect(result.client?.address).toBeUndefined();
    expect(lines("dépose du parquet, 12 m², puis mise en place d'une chape")).toContain('12 Chape béton');
    expect(lines('carreaux de faïence du sol au plafond dans la douche, 5 m²')).toEqual(['5 Pose de faïence murale']);
  });
});
