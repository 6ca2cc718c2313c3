// Rules added from the eighth dev batch of round 3 (fixtures/round-3/cases-dev-8.mjs, decision 0185: wording of
// private people and a forum), each tried on sentences other than the batch's: « a de long sur b » without « de
// haut », a wall's own size after a complement, « moins » deducting a part, figures that are weights, work days or
// decades, tiles said as « dalles en grès », a state clause, a place measured on its own before the works, a surface
// named in a clause that is done already, « Prénom Nom, zéro six… », the screed's edge strip.
import { extractVoice as extract, voiceLines as lines } from '../../../../testing/round-3-probes';
import { rewriteDimensions } from './dimensions';

describe('usage rules of the eighth dev batch', () => {
  it('« a de long sur b » with no word after b is a surface: a wall’s or partition’s height, else a floor’s width', () => {
    expect(lines('monter une cloison en placo, 3 mètres 20 de long sur 2 mètres 50')).toEqual([
      '8 Montage cloison placo',
    ]);
    expect(lines('papier peint sur le mur du fond, 4 mètres de large sur 2,60')).toEqual(['10.4 Pose de papier peint']);
    expect(lines('parquet flottant dans le couloir, 5 mètres de long sur 1,10')).toEqual([
      '5.5 Pose de parquet flottant',
    ]);
    // a count, a price or a third figure after it: not two sides
    expect(rewriteDimensions('lames de 1 mètre de long, 20 m²')).toBe('lames de 1 mètre de long, 20 m²');
    expect(rewriteDimensions('plinthes de 2 mètres de long sur 12 €')).toBe('plinthes de 2 mètres de long sur 12 €');
  });

  it('« le mur du couloir fait a sur b » is the wall’s own size, not a room’s floor', () => {
    expect(lines('faïence, le mur de la douche fait 2 mètres sur 2 mètres 40')).toEqual(['4.8 Pose de faïence murale']);
    // the walls of a room of a sur b still need its height
    expect(lines('peinture des murs de la cuisine qui fait 4 sur 3, hauteur 2,50')).toEqual(['35 Peinture murs']);
  });

  it('« moins » deducts a part from a surface, the openings it names are no work', () => {
    expect(lines('carrelage du séjour, 6 mètres sur 5 moins le placard de 1 mètre sur 2')).toEqual([
      '28 Pose de carrelage sol',
    ]);
    expect(lines('peinture des murs, 42 m² moins 4 m² pour les fenêtres')).toEqual(['38 Peinture murs']);
    expect(lines('peinture des murs, 42 m²')).toEqual(['42 Peinture murs']);
  });

  it('walls listed by their lengths, then one height, are their whole area', () => {
    expect(lines('faïence sur deux murs de la douche, 1 mètre 20 et 1 mètre, 2 mètres de haut')).toEqual([
      '4.4 Pose de faïence murale',
    ]);
    expect(lines('peinture des murs de l’entrée, 3 mètres et 2 mètres, hauteur 2,50')).toEqual(['12.5 Peinture murs']);
    // a floor is no wall: its lengths are left alone
    expect(rewriteDimensions('carrelage, 5 mètres et 4 mètres, hauteur 2,50')).toBe(
      'carrelage, 5 mètres et 4 mètres, hauteur 2,50',
    );
  });

  it('a weight, the days a work takes and a decade are no quantities', () => {
    expect(lines('changer le ballon, il pèse 60 kilos, remplacement du chauffe-eau')).toEqual([
      '1 Remplacement chauffe-eau',
    ]);
    expect(lines('parquet flottant dans le séjour, deux jours de pose, 30 mètres carrés')).toEqual([
      '30 Pose de parquet flottant',
    ]);
    expect(lines('mise aux normes électrique d’un appartement des années 70')).toEqual([
      '1 Mise aux normes électrique',
    ]);
    // a benne rented for days keeps its days
    expect(lines('location d’une benne pour 3 jours')).toEqual(['3 Location benne']);
  });

  it('tiles said as « dalles en grès » or « lames de carrelage » are floor tiles, not a slab', () => {
    expect(lines('pose de dalles de grès 45 par 45 dans la cuisine, 14 mètres carrés')).toEqual([
      '14 Pose de carrelage sol',
    ]);
    expect(lines('dalle béton de la terrasse, 5 mètres sur 4 en 12 centimètres')).toEqual(['2.4 Dalle béton']);
  });

  it('a clause saying only the state of a thing is no work on it', () => {
    expect(lines('le sol est bien plat, pose du parquet flottant, 20 m²')).toEqual(['20 Pose de parquet flottant']);
    expect(lines('la chape n’est pas de niveau, ragréage sur 25 mètres carrés')).toEqual(['25 Ragréage sol']);
    expect(lines('chape béton dans le garage, 25 mètres carrés')).toEqual(['25 Chape béton']);
  });

  it('a place measured on its own is what the works said after it are done on', () => {
    expect(lines('le plafond du séjour fait 30 m², une sous-couche et la peinture')).toEqual([
      '30 Peinture plafond',
      "30 Sous-couche d'impression",
    ]);
    expect(lines("les 40 m² de surface de plafond, une couche d'apprêt et la peinture")).toEqual([
      '40 Peinture plafond',
      "40 Sous-couche d'impression",
    ]);
    expect(lines('peinture du couloir, les murs font 28 m²')).toEqual(['28 Peinture murs']);
  });

  it('a surface named in a clause that is done already does not take the size said after it', () => {
    expect(lines('la cloison est déjà démolie, la pièce fait 5 mètres sur 4, parquet flottant')).toEqual([
      '20 Pose de parquet flottant',
    ]);
  });

  it('« Prénom Nom, zéro six… » opening a dictation is the client’s name', () => {
    expect(
      extract('Julie Marchand, zéro six douze trente-quatre cinquante-six soixante-dix-huit, parquet 20 m²').client
        ?.name,
    ).toBe('Julie Marchand');
  });

  it('the screed’s edge strip is part of the chape, not insulation work', () => {
    expect(lines('chape de 6 centimètres dans le séjour, 30 m², avec la bande périphérique')).toEqual([
      '30 Chape béton',
    ]);
  });
});
