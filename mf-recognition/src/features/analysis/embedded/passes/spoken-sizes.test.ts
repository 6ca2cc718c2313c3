// The spoken forms of a size (spoken-sizes.ts) and sizes said of several places (places.ts), read through the whole
// dimensions pass, on sentences other than the corpus' cases.
import { rewriteDimensions } from './dimensions';

describe('spoken sizes', () => {
  it.each([
    // products said « fois », sides said « de long / de large » in either order, « longueur …, largeur … »
    ['parquet dans une chambre de 3 fois 4', 'parquet dans une chambre de 12 m²'],
    ['on passe 2 fois 3 heures sur le chantier', 'on passe 2 fois 3 heures sur le chantier'],
    ['carrelage, la cuisine mesure 4 mètres de long et 2.5 mètres de large', 'carrelage, la cuisine mesure 10 m²'],
    ['moquette, 3 de large sur 5 de long', 'moquette, 15 m²'],
    ['plafond, longueur de la pièce 6 mètres, largeur 3.5', 'plafond, 21 m²'],
    // three sides: a room with its height
    ['murs du bureau, 4 m de long, 3 m de large, 2.5 m de haut', 'murs du bureau, 35 m²'],
    // a side in centimetres beside one in metres; both in centimetres is an item's size
    ['faïence de 1.5 mètre sur 80 centimètres', 'faïence de 1.2 m²'],
    ['carreaux de 30 cm sur 60 cm', 'carreaux de 30 cm sur 60 cm'],
    // the perimeter said as such, with or without a height
    ['peinture des murs, le périmètre fait 18 mètres, hauteur 2.5', 'peinture des murs, le 45 m²'],
    ['plinthes, périmètre de la pièce 16 mètres', 'plinthes, 16 ml'],
    // a surface with a thickness is a volume, except for work sold by the square metre
    ['dalle de 12 m² en 10 cm', 'dalle de 1.2 m³'],
    ['chape de 25 m² sur 6 cm', 'chape de 25 m² sur 6 cm'],
    ['dalle de 4 m sur 2 m, épaisseur 0,15 m', 'dalle de 1.2 m³'],
    ['une dalle de 5 sur 3 et 12 d’épaisseur', 'une dalle de 1.8 m³'],
    ['dalle de 10 m² en 15 d’épaisseur', 'dalle de 1.5 m³'],
    // « longueur …, hauteur … »: a wall or a partition
    ['cloison, longueur 3 mètres, hauteur 2,50', 'cloison, 7.5 m²'],
    ['parquet dans une pièce carrée de 3 mètres de côté', 'parquet dans une pièce carrée de 9 m²'],
    ['cloison placo de 4 mètres linéaires sur 2.5 de haut', 'cloison placo de 10 m²'],
    ['dalle de 3 x 4 x 0,1', 'dalle de 1.2 m³'],
    // a height said before the sides of the room
    [
      'faïence sur 2 m de haut tout autour d’une douche qui fait 1 sur 1',
      'faïence sur  tout autour d’une douche qui fait 8 m²',
    ],
    // a result said already is not computed again
    ['2 murs de 8 x 2,5 m soit 40 m²', '2 murs de 8 x 2,5 m soit 40 m²'],
    // the wall's own size, said right after the wall word
    ['faïence sur un mur de 3 sur 2', 'faïence sur un mur de 6 m²'],
    ['peinture des murs de la chambre, 4 sur 3', 'peinture des murs de la chambre, 4 sur 3'],
    // several surfaces named before one size
    ['carrelage et plinthes dans une entrée de 2 sur 3', 'carrelage 6 m² et plinthes dans une entrée de 10 ml'],
  ])('%s', (input, output) => expect(rewriteDimensions(input)).toBe(output));
});

describe('several places', () => {
  it.each([
    ['moquette dans les 2 chambres de 11 m²', 'moquette dans les 2 chambres de 22 m²'],
    ['peinture des plafonds, 3 pièces de 4 sur 3', 'peinture des plafonds, 3 pièces de 36 m²'],
    ['faïence dans les 2 salles de bain de 6 m² chacune', 'faïence dans les 2 salles de bain de 12 m²'],
    ['démoussage, 2 versants, 40 m² chacun', 'démoussage, 2 versants, 80 m²'],
    ['faïence sur 2 murs de 2 sur 2.5', 'faïence sur 2 murs de 10 m²'],
    // a count of items is not a count of places
    ['3 fenêtres de 1.20 sur 1 m', '3 fenêtres de 1.2 m²'],
    ['2 chambres, 24 m² en tout', '2 chambres, 24 m² en tout'],
  ])('%s', (input, output) => expect(rewriteDimensions(input)).toBe(output));
});
