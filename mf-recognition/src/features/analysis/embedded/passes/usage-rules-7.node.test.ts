// Rules added from the seventh dev batch of round 3 (fixtures/round-3/cases-dev-7.mjs, decision 0156), each tried on
// sentences other than the batch's: a height said before a perimeter or a length, N walls of one length and one
// height, a side in cm after « a m de long », a figure corrected before a place, « enduit de lissage au sol ».
import { voiceLines as lines } from '../../../../testing/round-3-probes';
import { rewriteCorrections } from './corrections';
import { rewriteDimensions } from './dimensions';

describe('usage rules of the seventh dev batch', () => {
  it('a height said before the perimeter makes the walls’ area; without a height the perimeter stays linear', () => {
    expect(rewriteDimensions('papier peint sur 2,40 m de haut, le périmètre fait 12 m')).toBe(
      'papier peint sur , le 28.8 m²',
    );
    expect(lines('peinture, hauteur 2,50, le tour de la pièce fait 16 mètres')).toEqual(['40 Peinture murs']);
    expect(lines('plinthes dans le couloir, le tour de la pièce fait 11 mètres')).toEqual(['11 Pose de plinthes']);
    // a length with no height said stays a length
    expect(rewriteDimensions('gouttière, 12 mètres de long')).toBe('gouttière, 12 mètres de long');
  });

  it('a length alone after a height of the same thing is an area', () => {
    expect(lines('cloison de 2,50 m de haut, elle fait 4 mètres de long, en placo')).toEqual([
      '10 Montage cloison placo',
    ]);
    expect(lines('gouttière zinc, 14 mètres de long')).toEqual(['14 Pose de gouttière']);
  });

  it('N walls of one length and one height are their whole area', () => {
    expect(lines('peinture de deux murs de 4 mètres, 2,60 de haut')).toEqual(['20.8 Peinture murs']);
    expect(lines('faïence sur trois murs de 2 m et 2 m de haut')).toEqual(['12 Pose de faïence murale']);
    expect(lines('les deux chambres de douze mètres carrés en parquet flottant')).toEqual([
      '24 Pose de parquet flottant',
    ]);
  });

  it('a side in centimetres after « a mètres de long » is the other side of the surface', () => {
    expect(lines('faïence au-dessus de la baignoire, 1,70 m de long sur 60 centimètres')).toEqual([
      '1.02 Pose de faïence murale',
    ]);
    expect(lines('plinthes, 5 mètres de long')).toEqual(['5 Pose de plinthes']);
  });

  it('a figure corrected before a place or a complement is still corrected; two things stay two', () => {
    expect(rewriteCorrections('parquet 30 m² non 32 dans le salon')).toBe('parquet 32 m² dans le salon');
    expect(lines('peinture des murs 40 m² non 45 pour le séjour')).toEqual(['45 Peinture murs']);
    expect(lines('4 prises enfin 2 interrupteurs')).toEqual([
      '4 Installation prise électrique',
      '2 Installation interrupteur',
    ]);
  });

  it('an object corrected after the same preposition replaces the first one', () => {
    expect(rewriteCorrections('pose de moquette, enfin de parquet, 15 m²')).toBe('pose de parquet, 15 m²');
    expect(lines('peinture du bureau, non du salon, 25 m²')).toEqual(['25 Peinture murs']);
    expect(lines('carrelage et pose de la faïence, 10 m²')).toEqual([
      '10 Pose de carrelage sol',
      '10 Pose de faïence murale',
    ]);
  });

  it('« enduit de lissage au sol » is a ragréage, on the walls a preparation', () => {
    expect(lines('lissage du sol de la cuisine avant le lino, 14 m²')).toEqual(['14 Ragréage sol']);
    expect(lines('enduit de lissage sur les murs du salon, 30 m²')).toEqual([
      '30 Préparation des murs (enduit, ponçage)',
    ]);
  });
});
