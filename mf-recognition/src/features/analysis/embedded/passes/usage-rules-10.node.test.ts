// Rules added for the tenth dev batch of round 3 (decision 0195, unpunctuated dictations), each tried on sentences
// other than the batch's: a figure with its unit closes a clause, a negation restricted by a new subject, the surface
// carried past a work without one, a slab's thickness said bare or apart, openings deducted, one wall or linear run
// listed by its parts, « les deux longs pans », « et sur l'arrière pareil », spoken postal codes ending the street,
// a container's capacity, a time said « après », damage participles, « de plain-pied », « le tour … on monte à »,
// a length of a named thing and its height, work said done (« sont posés »).
import { extractVoice as extract, sortedVoiceLines as lines } from '../../../../testing/round-3-probes';
import { closeClausesAfterFigures } from './dictation-clauses';
import { rewriteDimensions } from './dimensions';

describe('usage rules after the tenth dev batch (unpunctuated dictation)', () => {
  it('a figure with its unit closes a clause when a new one starts; text with commas or a complement is left', () => {
    expect(closeClausesAfterFigures('parquet 20 m² mais pas dans le couloir')).toBe(
      'parquet 20 m², mais pas dans le couloir',
    );
    expect(closeClausesAfterFigures('dépose du carrelage 12 mètres carrés poser le neuf')).toBe(
      'dépose du carrelage 12 mètres carrés, poser le neuf',
    );
    expect(closeClausesAfterFigures('12 m² de carrelage dans la cuisine')).toBe('12 m² de carrelage dans la cuisine');
    expect(closeClausesAfterFigures('peinture 30 m² entier')).toBe('peinture 30 m² entier');
    expect(lines('peinture des murs du séjour 45 m² mais on ne touche pas au plafond il est propre')).toEqual([
      '45 Peinture murs',
    ]);
  });

  it('after a negated work, a new subject with its verb starts the work kept', () => {
    expect(lines('pas de parquet dans la chambre on pose du carrelage 11 m²')).toEqual(['11 Pose de carrelage sol']);
    expect(lines('pas de papier peint dans le salon on met de la peinture sur les murs 36 m²')).toEqual([
      '36 Peinture murs',
    ]);
  });

  it('the surface said before carries past a work without one to the next surface work', () => {
    expect(lines('dépose de la moquette 14 m² on évacue les gravats et on pose un parquet flottant')).toEqual([
      '1 Évacuation des gravats',
      '14 Dépose de moquette',
      '14 Pose de parquet flottant',
    ]);
  });

  it("a slab's thickness said bare after its surface, or apart with the slab word; a dig depth is not one", () => {
    expect(lines('dalle béton pour le garage 6 mètres sur 3 épaisseur 15')).toEqual(['2.7 Dalle béton']);
    expect(lines('dalle de l’abri 2 m sur 2 m en 10')).toEqual(['0.4 Dalle béton']);
    expect(lines('allée de 12 mètres carrés on creuse sur 30 centimètres puis dalle de 10 centimètres')).toEqual([
      '1.2 Dalle béton',
    ]);
    expect(lines('chape de 20 m² en 5')).toEqual(['20 Chape béton']);
  });

  it('openings said less than a surface or a length are taken off, and are no work', () => {
    expect(lines('peinture des murs du salon 5 sur 4 2 m 50 de haut on retire 6 m² pour les fenêtres')).toEqual([
      '39 Peinture murs',
    ]);
    expect(lines('papier peint dans la chambre 30 m² sans la fenêtre de 1 m 20 sur 1 m')).toEqual([
      '28.8 Pose de papier peint',
    ]);
    expect(lines('plinthes dans le bureau qui fait 4 m sur 3 m moins la porte 90 centimètres')).toEqual([
      '13.1 Pose de plinthes',
    ]);
  });

  it('one wall or one linear run listed by the lengths of its parts', () => {
    expect(rewriteDimensions('faïence sur deux murs un de 1,50 m et un de 80 cm hauteur 2 m')).toBe(
      'faïence sur deux murs un de 4.6 m²',
    );
    expect(lines('plinthes du couloir un mur de 3 m un de 2 m 40 et le retour 1 m')).toEqual(['6.4 Pose de plinthes']);
    // Two places of one task stay added into one line, as before.
    expect(lines('plinthes 3 m dans les toilettes et 9 m dans le couloir')).toEqual(['12 Pose de plinthes']);
  });

  it('« les deux longs pans de 8 mètres », and « et sur l’arrière pareil »', () => {
    expect(lines('gouttières en zinc sur les deux grands côtés de 11 mètres')).toEqual(['22 Pose de gouttière']);
    expect(lines('gouttière alu côté jardin 9 mètres et côté rue pareil')).toEqual(['18 Pose de gouttière']);
  });

  it('a postal code said in groups ends the street; « côté rue 11 mètres » is no address', () => {
    expect(
      extract('madame Julie Ferrand 4 rue des Lilas trente-trois cinq cents Libourne gouttière 8 m').client,
    ).toEqual({ name: 'Julie Ferrand', address: '4 rue des Lilas, 33500 Libourne' });
    expect(extract('gouttière côté rue 14 mètres').client?.address).toBeUndefined();
  });

  it('a container’s capacity is no volume; « après le carrelage » is a time, not the object', () => {
    expect(lines('location d’une benne de 10 m3 pour les gravats')).toEqual(['1 Location benne']);
    expect(lines('le plafond de la salle de bain on le peindra après la faïence il fait 5 m²')).toEqual([
      '5 Peinture plafond',
    ]);
  });

  it('damage participles are states; « de plain-pied » is the walk-in shower', () => {
    expect(lines('deux tuiles envolées avec le vent on en remet deux')).toEqual(['2 Remplacement de tuiles']);
    expect(lines('créer une douche de plain-pied à la place de la baignoire')).toEqual([
      "1 Installation douche à l'italienne",
    ]);
  });

  it('« le tour fait … et on monte à … », and a length of a named thing with its height', () => {
    expect(rewriteDimensions('faïence le tour fait 7 mètres et on monte à 2 m')).toBe('faïence 14 m²');
    expect(rewriteDimensions('faïence sur 2 mètres de plan de travail 50 centimètres de haut')).toBe(
      'faïence sur 2 mètres de plan de travail 50 centimètres de haut',
    );
    expect(rewriteDimensions('faïence sur 3 mètres de crédence 50 centimètres de haut')).toBe('faïence sur 1.5 m²');
  });

  it('work said done (« sont posés ») is not quoted', () => {
    expect(lines('les carreaux de la cuisine sont posés, reste les joints, 14 m²')).toEqual(['14 Joints de carrelage']);
  });

  it('a roof said by its ridge length and the rampant of its slopes', () => {
    expect(lines('démoussage du toit le faîtage fait 9 m toit à 2 versants de 5 mètres de rampant')).toEqual([
      '90 Nettoyage et démoussage toiture',
    ]);
    expect(rewriteDimensions('la toiture fait 8 mètres sur 6, toit à deux pans')).toBe(
      'la toiture fait 48 m², toit à deux pans',
    );
  });
});
