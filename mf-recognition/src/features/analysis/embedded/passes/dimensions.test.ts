import { rewriteDimensions } from './dimensions';

describe('dimensions pass', () => {
  it.each([
    ['une pièce de 4 mètres sur 3 à carreler', 'une pièce de 12 m² à carreler'],
    ['plinthes tout autour de la pièce qui fait 5 mètres sur 4', 'plinthes tout autour de la pièce qui fait 18 ml'],
    ['couler une dalle de 5 mètres sur 4 en 10 centimètres d’épaisseur', 'couler une dalle de 2 m³'],
    ['dalle, 5 mètres sur 4, épaisseur 12 centimètres', 'dalle, 2.4 m³'],
    ['une dalle de 3 mètres sur 3 mètres sur 12 centimètres', 'une dalle de 1.08 m³'],
    ['chape de 5 sur 4 en 6 cm', 'chape de 20 m²'],
    ['Dalle garage 6 x 3 ép. 10 cm', 'Dalle garage 1.8 m³'],
    ['faïence, 3 mètres de long sur 2,50 de haut', 'faïence, 7.5 m²'],
    ['cloison de 4 mètres de long, hauteur 2.5', 'cloison de 10 m²'],
    ['crédence 2.4 mètres de long sur 60 centimètres de haut', 'crédence 1.44 m²'],
    ['carrelage 4 mètres carrés 50', 'carrelage 4.50 mètres carrés'],
  ])('%s', (input, output) => expect(rewriteDimensions(input)).toBe(output));

  it('reads walls from a height said after the sides, and gives the ceiling the floor area', () => {
    expect(
      rewriteDimensions(
        'peinture des murs, la pièce fait 5 mètres sur 4 avec 2.5 mètres sous plafond, et le plafond aussi',
      ),
    ).toBe('peinture des murs, la pièce fait 45 m², et le plafond 20 m² aussi');
  });

  it('fills the surfaces named after a room’s size: walls with a later height, plinths with the perimeter', () => {
    expect(rewriteDimensions('le séjour fait 7 mètres sur 4, plafond et murs, hauteur 2.5')).toBe(
      'le séjour fait 28 m², plafond et murs 55 m², ',
    );
    expect(rewriteDimensions('chambre de 3.5 sur 4 mètres, parquet, plinthes tout autour')).toBe(
      'chambre de 14 m², parquet, plinthes 15 ml tout autour',
    );
  });

  it('leaves item sizes, prices and wall sizes without a height alone', () => {
    expect(rewriteDimensions('fenêtre de 90 centimètres de haut sur 1.35 m de large')).toBe(
      'fenêtre de 90 centimètres de haut sur 1.35 m de large',
    );
    expect(rewriteDimensions('carrelage 60 x 60')).toBe('carrelage 60 x 60');
    expect(rewriteDimensions('2 x 45 €')).toBe('2 x 45 €');
    expect(rewriteDimensions('peinture des murs de la pièce de 4 sur 3')).toBe(
      'peinture des murs de la pièce de 4 sur 3',
    );
  });
});
