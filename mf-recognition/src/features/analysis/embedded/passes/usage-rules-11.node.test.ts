// Rules added for the eleventh dev batch of round 3 (decision 0196), each tried on sentences other than the batch's:
// wallpaper taken off is preparation, « coup de frais » / « rafraîchir » is paint, « tomettes » are floor tiles,
// « mur de refend » is load-bearing, « ouverture des fissures » is preparation, a surface with its own figure after a
// figure is a new clause, a task counted by its items keeps its count when a roof's surface is said with it (the
// surface goes to the work before), and city names keep their lowercase particles (« Saint-Jean-de-Luz »).
import { extractVoice as extract, sortedVoiceLines as lines } from '../../../../testing/round-3-probes';
import { closeClausesAfterFigures } from './dictation-clauses';

describe('usage rules after the eleventh dev batch', () => {
  it('taking wallpaper off is preparing the walls, not laying paper nor a removal of the catalogue', () => {
    expect(lines('enlever le papier peint du bureau puis deux couches de peinture 24 m²')).toEqual([
      '24 Peinture murs',
      '24 Préparation des murs (enduit, ponçage)',
    ]);
    expect(lines('retrait de la toile de verre dans le couloir et pose de papier peint 15 m²')).toEqual([
      '15 Pose de papier peint',
      '15 Préparation des murs (enduit, ponçage)',
    ]);
  });

  it('trade synonyms: « coup de frais », « rafraîchir », « tomettes », « mur de refend », « ouverture des fissures »', () => {
    expect(lines('rafraîchir les murs du couloir 19 m²')).toEqual(['19 Peinture murs']);
    expect(lines('un petit coup de frais au plafond de la cuisine 9 m²')).toEqual(['9 Peinture plafond']);
    expect(lines("des tomettes dans l'entrée 7 m²")).toEqual(['7 Pose de carrelage sol']);
    expect(lines('ouvrir le mur de refend de la cuisine pour une porte')).toContain('1 Ouverture de mur porteur');
    expect(lines('ouverture des fissures et rebouchage au plafond du salon 20 m²')).not.toContain(
      '1 Ouverture de mur porteur',
    );
  });

  it('a surface said with its own figure after a figure starts a new clause', () => {
    expect(closeClausesAfterFigures('peinture murs 80 m² plafonds 30')).toBe('peinture murs 80 m², plafonds 30');
    expect(closeClausesAfterFigures('carrelage 20 m² le sol 6 m²')).toBe('carrelage 20 m², le sol 6 m²');
    expect(closeClausesAfterFigures('faïence 12 m² sur les murs')).toBe('faïence 12 m² sur les murs');
    expect(lines('peinture de la maison murs 210 m² plafonds 75')).toEqual([
      '210 Peinture murs',
      '75 Peinture plafond',
    ]);
  });

  it('a task counted by its items keeps its count; the roof surface said with it goes to the work before', () => {
    expect(lines('nettoyage du toit et remplacement de huit tuiles cassées toiture de 70 m²')).toEqual([
      '70 Nettoyage et démoussage toiture',
      '8 Remplacement de tuiles',
    ]);
    expect(lines('démoussage du toit et on change une dizaine de tuiles sur un toit de 80 m²')).toEqual([
      '10 Remplacement de tuiles',
      '80 Nettoyage et démoussage toiture',
    ]);
    expect(lines('pose de tuiles neuves 70 m²')).toEqual(['70 Réfection toiture tuiles']);
  });

  it('a city keeps the lowercase particles of its hyphenated name', () => {
    const city = (text: string) => extract(text).client?.address;
    expect(city('madame Léa Roux 2 rue Haute 13100 aix-en-provence peinture 20 m²')).toBe(
      '2 rue Haute, 13100 Aix-en-Provence',
    );
    expect(city('monsieur Paul Blanc 8 rue Nationale 59650 Villeneuve-d’Ascq carrelage 10 m²')).toBe(
      "8 rue Nationale, 59650 Villeneuve-d'Ascq",
    );
    expect(city('madame Léa Roux 2 rue Haute 72000 Le Mans peinture 20 m²')).toBe('2 rue Haute, 72000 Le Mans');
  });

  it('a preparation said « avant peinture », « avant de le repeindre » or before « puis deux couches » is also the painting', () => {
    expect(lines('enduit sur le plafond de la chambre avant de le repeindre 12 m²')).toEqual([
      '12 Peinture plafond',
      '12 Préparation des murs (enduit, ponçage)',
    ]);
    expect(lines('rebouchage des trous sur les murs du salon puis deux couches 30 m²')).toEqual([
      '30 Peinture murs',
      '30 Préparation des murs (enduit, ponçage)',
    ]);
    expect(lines('impression sur le placo neuf avant peinture 30 m²')).toEqual(["30 Sous-couche d'impression"]);
  });

  it('an article and a surface with its figure after a noun start a new clause (no comma said)', () => {
    expect(closeClausesAfterFigures('peinture de la chambre après le ponçage des portes les murs 28 m²')).toBe(
      'peinture de la chambre après le ponçage des portes, les murs 28 m²',
    );
    expect(closeClausesAfterFigures('peinture sur les murs 30 m²')).toBe('peinture sur les murs 30 m²');
    expect(
      lines('repeindre le mur et le plafond de la cuisine après le départ du locataire le mur 10 m² et le plafond 8'),
    ).toEqual(['10 Peinture murs', '8 Peinture plafond']);
  });

  it('a bare slab thickness may be followed by what comes with the slab; « piquer » is a removal', () => {
    expect(lines('dalle béton pour le cabanon de 3 m sur 2 en 10 avec du treillis soudé')).toEqual(['0.6 Dalle béton']);
    expect(lines('piquer le carrelage mural de la cuisine 6 m² et poser de la faïence neuve')).toEqual([
      '6 Dépose de carrelage',
      '6 Pose de faïence murale',
    ]);
  });
});
