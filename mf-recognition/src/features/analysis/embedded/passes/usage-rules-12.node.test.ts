// Rules added for the twelfth dev batch of round 3 (decision 0210), each tried on sentences other than the batch's:
// correction markers said in a row, plain « papier » taken off, papers to paint, tiled plinths, « grès » tiles, taking
// down a load-bearing wall, painting on wallpaper « sans le décoller », the wear of a thing before the work, washing
// walls, « recarreler » after a removal, walls listed by counted parts, « sur la dalle », « parois », a negated work
// restricted to another room, sizes said in a row (« trois mètres cinquante deux mètres cinquante »).
import { sortedVoiceLines as lines } from '../../../../testing/round-3-probes';
import { rewriteCountedParts } from './counted-parts';

describe('usage rules after the twelfth dev batch', () => {
  it('several correction markers in a row still correct the figure', () => {
    expect(lines('faïence de la cuisine 6 m² attendez non 7 m²')).toEqual(['7 Pose de faïence murale']);
    expect(lines('plinthes du salon 18 mètres attends non 16')).toEqual(['16 Pose de plinthes']);
    expect(lines('chape du garage 30 m² non finalement 32')).toEqual(['32 Chape béton']);
  });

  it('plain « papier » taken off is preparing the walls; papers to paint are papering', () => {
    expect(lines('arracher le vieux papier du couloir 16 m² puis peinture')).toEqual([
      '16 Peinture murs',
      '16 Préparation des murs (enduit, ponçage)',
    ]);
    expect(lines("décollage de l'ancien papier dans le séjour 40 m²")).toEqual([
      '40 Préparation des murs (enduit, ponçage)',
    ]);
    expect(lines("papier à peindre dans l'entrée 12 m²")).toEqual(['12 Pose de papier peint']);
  });

  it('tiled plinths name no floor; « le sol en grès » after wall tiles is a floor tile', () => {
    expect(lines('plinthes en carrelage dans un bureau de 3 sur 4')).toEqual(['14 Pose de plinthes']);
    expect(lines('faïence de la douche 7 m² et le sol en grès 3 m²')).toEqual([
      '3 Pose de carrelage sol',
      '7 Pose de faïence murale',
    ]);
    // The width of the joints is a detail of the laying, not the joints work.
    expect(lines('faïence de la douche 6 m² avec des joints fins')).toEqual(['6 Pose de faïence murale']);
    expect(lines('refaire les joints du carrelage 8 m²')).toEqual(['8 Joints de carrelage']);
    // « grès » of a sink is no tiling.
    expect(lines('évier en grès et robinet neuf')).not.toContain('1 Pose de carrelage sol');
  });

  it('taking down part of a load-bearing wall or widening an opening in it is an opening', () => {
    expect(lines("démolir une partie du mur porteur entre l'entrée et le séjour")).toEqual([
      '1 Ouverture de mur porteur',
    ]);
    expect(lines('élargir l’ouverture de la cuisine dans le mur porteur')).toEqual(['1 Ouverture de mur porteur']);
    // A window in a load-bearing wall names the opening; a window alone is a window.
    expect(lines('une fenêtre à créer dans le mur porteur de la chambre')).toEqual(['1 Ouverture de mur porteur']);
    expect(lines("pose d'une fenêtre PVC dans la chambre")).toEqual(['1 Pose de fenêtre PVC']);
  });

  it('painting on wallpaper « sans l’arracher » paints the wall and keeps the figure', () => {
    expect(lines("on repeint sur la tapisserie de l'entrée sans l'arracher 14 m²")).toEqual(['14 Peinture murs']);
    // « sans » before a thing still drops it.
    expect(lines('peinture des murs de la chambre 30 m² sans sous-couche')).toEqual(['30 Peinture murs']);
  });

  it('the wear of a thing is a state; the work said after it is its own clause', () => {
    expect(lines("la peinture s'écaille il faut poncer et repeindre les murs de la chambre 30 m²")).toEqual([
      '30 Peinture murs',
      '30 Préparation des murs (enduit, ponçage)',
    ]);
  });

  it('washing walls is preparing them; « recarreler » after a removal lays new tiles', () => {
    expect(lines('laver les murs du couloir et peinture 20 m²')).toEqual([
      '20 Peinture murs',
      '20 Préparation des murs (enduit, ponçage)',
    ]);
    expect(lines('dépose du carrelage du séjour 20 m² et recarreler derrière')).toEqual([
      '20 Dépose de carrelage',
      '20 Pose de carrelage sol',
    ]);
  });

  it('walls listed by counted parts are the sum of their parts', () => {
    expect(rewriteCountedParts('faïence autour de la baignoire 2 murs de 1.5 m par 2 m et un de 70 cm par 2 m')).toBe(
      'faïence autour de la baignoire 7.4 m²',
    );
    expect(lines('crédence en deux parties une de 2 m et une de 1 m 20 sur 60 centimètres de haut')).toEqual([
      '1.92 Pose de faïence murale',
    ]);
    // Rooms counted are not wall parts.
    expect(rewriteCountedParts('parquet dans 2 chambres de 3 sur 4')).toBe('parquet dans 2 chambres de 3 sur 4');
  });

  it('« sur la dalle » is the floor a work is laid on; « parois » are walls', () => {
    expect(lines('carrelage posé sur la dalle du garage 30 m²')).toEqual(['30 Pose de carrelage sol']);
    expect(lines('couler une chape sur la dalle du garage 20 m²')).toEqual(['20 Chape béton']);
    expect(lines('peinture des parois de la chambre 3 m sur 4 m 2 m 50 de haut')).toEqual(['35 Peinture murs']);
  });

  it('after a negated work, « seulement dans <room> » with a figure takes the work for that room', () => {
    expect(lines('pas de peinture dans la chambre, juste dans le salon, 30 m²')).toEqual(['30 Peinture murs']);
    expect(lines('pas de carrelage dans le couloir seulement dans la cuisine 14 m²')).toEqual([
      '14 Pose de carrelage sol',
    ]);
  });

  it('« mètres cinquante deux mètres »: the centimetres of one size, then the next size', () => {
    expect(
      lines('le salon fait quatre mètres sur cinq mètres vingt deux mètres cinquante de haut peinture des murs'),
    ).toEqual(['46 Peinture murs']);
    expect(lines('il faut vingt deux mètres de gouttière')).toEqual(['22 Pose de gouttière']);
  });
});
