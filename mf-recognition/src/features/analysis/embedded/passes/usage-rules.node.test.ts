// Rules added from the third dev batch of round 3 (fixtures/round-3/cases-dev-3.mjs): each is general, not one case.
import { loadRound3 } from '../../../../testing/round-3-corpus';
import { extractFromText } from '../extract-from-text';

const { catalogue } = loadRound3();
const lines = (text: string) =>
  extractFromText(text, catalogue, { flow: 'voice' }).tasks.map((t) => `${t.quantity} ${t.name}`);

describe('usage rules of the third dev batch', () => {
  it.each([
    ['le ballon a douze ans, on le change pour un trois cents litres', ['1 Remplacement chauffe-eau']],
    ['une chaudière de 24 kW à entretenir', ['1 Entretien chaudière']],
  ])('an age, a capacity or a power is not a quantity: %s', (text, expected) => {
    expect(lines(text)).toEqual(expected);
  });

  it('« zéro neuf » in a spoken phone is 09', () => {
    const { client } = extractFromText('madame Lina Roy, zéro six, dix, vingt, trente, zéro neuf', catalogue);
    expect(client?.phone).toBe('06 10 20 30 09');
  });

  it('« autant de » takes the quantity of the line before', () => {
    expect(lines('trois fenêtres PVC et autant de volets roulants')).toEqual([
      '3 Pose de fenêtre PVC',
      '3 Pose de volet roulant',
    ]);
  });

  it('a purpose clause (« pour que … ») never names the work', () => {
    expect(lines("une couche d'impression sur le plafond pour que la peinture tienne, douze mètres carrés")).toEqual([
      "12 Sous-couche d'impression",
    ]);
  });

  it('the thing measured in its own clause is what the next work is done on', () => {
    expect(lines('le grenier fait neuf mètres sur six, on déroule de la laine de verre')).toEqual([
      '54 Isolation des combles',
    ]);
  });

  it('« en même temps que » joins two works', () => {
    expect(lines('poser deux radiateurs en même temps que la pompe à chaleur')).toEqual([
      '2 Pose de radiateur',
      '1 Installation pompe à chaleur',
    ]);
  });

  it('« remise à niveau du sol » is a ragréage, « lichens » a démoussage', () => {
    expect(lines('remise à niveau du sol du garage, vingt mètres carrés')).toEqual(['20 Ragréage sol']);
    expect(lines('retirer la mousse et les lichens du toit, soixante mètres carrés')).toEqual([
      '60 Nettoyage et démoussage toiture',
    ]);
  });
});
