// Rules added for the thirteenth dev batch of round 3 (decision 0230: dictations kept close to real people's own
// words), each tried on sentences other than the batch's.
import { sortedVoiceLines as lines } from '../../../../testing/round-3-probes';

describe('usage rules after the thirteenth dev batch', () => {
  it('a caution or a state given as the reason negates no work', () => {
    expect(lines('attention à ne pas abîmer le parquet peinture des murs du salon 30 m²')).toEqual([
      '30 Peinture murs',
    ]);
    expect(lines('ragréage du séjour parce que le sol n’est pas plan 20 m²')).toEqual(['20 Ragréage sol']);
    expect(lines('faïence de la douche car le mur n’est pas droit 6 m²')).toEqual(['6 Pose de faïence murale']);
    // A negated work stays negated.
    expect(lines('pas de peinture au plafond juste les murs 30 m²')).toEqual(['30 Peinture murs']);
    expect(lines('on ne refait pas la faïence de la douche')).toEqual([]);
  });

  it('a side said without its unit beside a few metres is in centimetres', () => {
    expect(lines('crédence 2 mètres de long sur 60 de haut')).toEqual(['1.2 Pose de faïence murale']);
    expect(lines('faïence derrière le lavabo 1 m 50 de long sur 80 de haut')).toEqual(['1.2 Pose de faïence murale']);
    // A height of a few metres stays in metres.
    expect(lines('faïence 2 m de long sur 1,20 de haut')).toEqual(['2.4 Pose de faïence murale']);
  });

  it('walls listed by counted lengths, with « de large » or a height « du sol au plafond »', () => {
    expect(lines('peinture deux murs de 4 m et deux de 3 m sur 2 m 50 de haut')).toEqual(['35 Peinture murs']);
    expect(
      lines('peinture de la chambre deux murs de 3 m 20 de large et deux de 3 m 2 m 50 du sol au plafond'),
    ).toEqual(['31 Peinture murs']);
  });

  it('« à l’emplacement de », « à l’endroit de » say a place, not the travel costs', () => {
    expect(lines("carrelage à l'emplacement de l'ancienne cuisine 8 m²")).toEqual(['8 Pose de carrelage sol']);
    expect(lines("reboucher à l'endroit des anciennes prises")).not.toContain('1 Déplacement');
    expect(lines('frais de déplacement et pose de 3 prises')).toEqual([
      '1 Déplacement',
      '3 Installation prise électrique',
    ]);
  });

  it('a concrete dosage or a truck is no quantity; a radier is a slab; a slab thickness said after « à couler »', () => {
    expect(lines('dalle du garage 20 m² en 12 cm béton dosé à 350 kg')).toEqual(['2.4 Dalle béton']);
    expect(lines('une toupie de 6 m3 pour la dalle')).toEqual(['6 Dalle béton']);
    expect(lines('radier de la piscine 6 m3')).toEqual(['6 Dalle béton']);
    expect(lines('il reste 5 m² de dalle à couler en 8 centimètres')).toEqual(['0.4 Dalle béton']);
    // A screed keeps its surface.
    expect(lines("chape de l'atelier 20 m² à couler en 5 centimètres")).toEqual(['20 Chape béton']);
  });

  it('doors and plinths painted with the rest are not laid', () => {
    expect(lines('peinture des portes et des plinthes')).toEqual([]);
    expect(lines('peinture des murs et des radiateurs')).toEqual(['1 Peinture murs']);
    // Plinths with their own length after the painting are laid.
    expect(lines('peinture des murs 30 m² et plinthes 12 mètres')).toEqual(['12 Pose de plinthes', '30 Peinture murs']);
  });

  it('a primer followed by « deux couches » is also the painting', () => {
    expect(lines('sous-couche et deux couches sur les murs du salon 40 m²')).toEqual([
      '40 Peinture murs',
      "40 Sous-couche d'impression",
    ]);
    // A primer alone, or followed by coats of a product that is not the finish, stays a primer.
    expect(lines('sous-couche sur les murs du salon 40 m²')).toEqual(["40 Sous-couche d'impression"]);
    expect(lines('sous-couche et deux couches de vernis sur les boiseries 10 m²')).not.toContain('10 Peinture murs');
    // Coats of paint said as such are one painting line.
    expect(lines("plafond de l'étage 75 m² une couche d'apprêt et deux couches de peinture")).toEqual([
      '75 Peinture plafond',
      "75 Sous-couche d'impression",
    ]);
  });

  it('taking off the old paint, or a layer of wallpaper, is preparing the walls', () => {
    expect(lines("on retire l'ancienne peinture qui s'écaille sur les murs 20 m² et on repeint")).toEqual([
      '20 Peinture murs',
      '20 Préparation des murs (enduit, ponçage)',
    ]);
    expect(lines('enlever une couche de papier peint dans le couloir 20 m²')).toEqual([
      '20 Préparation des murs (enduit, ponçage)',
    ]);
    expect(lines('décapage des murs de la cave 15 m²')).toEqual(['15 Préparation des murs (enduit, ponçage)']);
  });

  it('a negation in a relative clause, or the walls « sous la tapisserie », say a state', () => {
    expect(lines('poncer les enduits qui ne se décollent pas sur les murs 30 m²')).toEqual([
      '30 Préparation des murs (enduit, ponçage)',
    ]);
    expect(lines('les murs sont abîmés sous la tapisserie on les enduit 26 m²')).toEqual([
      '26 Préparation des murs (enduit, ponçage)',
    ]);
    // « qui ne sont pas à refaire » still takes the thing out.
    expect(lines('les plinthes qui ne sont pas à refaire et la peinture des murs 30 m²')).toEqual(['30 Peinture murs']);
  });

  it('a height said « jusqu’à … N m » before the perimeter', () => {
    expect(lines("faïence jusqu'à 1 m 20 le tour de la pièce fait 9 m")).toEqual(['10.8 Pose de faïence murale']);
    expect(lines("faïence jusqu'au plafond 2 m 40 le tour fait 8 mètres")).toEqual(['19.2 Pose de faïence murale']);
  });

  it('« sous / devant / contre la fenêtre » says where, no window work', () => {
    expect(lines('il manque des lames de parquet contre le mur sous les fenêtres 2 m²')).toEqual([
      '2 Pose de parquet flottant',
    ]);
    expect(lines("pose d'un radiateur sous la fenêtre du salon")).toEqual(['1 Pose de radiateur']);
    expect(lines('remplacer la fenêtre de la cuisine')).toEqual(['1 Pose de fenêtre PVC']);
  });
});
