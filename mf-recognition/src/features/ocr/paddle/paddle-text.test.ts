import type { OcrWord, PageLayout } from '../ocr-layout';
import { droppedFigure, fromTesseract, repairSecondLine, repairSecondRead, restoreStreetType } from './paddle-text';

const word = (text: string, x0: number, y0 = 100, confidence = 90): OcrWord => ({
  text,
  confidence,
  box: { x0, y0, x1: x0 + 10 * text.length, y1: y0 + 30 },
});

describe('repairSecondLine', () => {
  it('reads back the look-alikes of figures', () => {
    expect(repairSecondLine('peinture plafond (20 m2')).toBe('peinture plafond 120 m2');
    expect(repairSecondLine('Prises x 1z')).toBe('Prises x 12');
    expect(repairSecondLine('Roussenu 06 11 2z 33 44')).toBe('Roussenu 06 11 22 33 44');
    expect(repairSecondLine('peinture murs I80 m2')).toBe('peinture murs 180 m2');
    expect(repairSecondLine('Faience I4,5 M2')).toBe('Faience 14,5 M2');
    expect(repairSecondLine('faux plafoud 3s mz')).toBe('faux plafoud 35 m2');
    expect(repairSecondLine('faience 14,s m2')).toBe('faience 14,5 m2');
  });

  it('reads back the look-alikes of the dev handwriting renderings of decision 0200', () => {
    expect(repairSecondLine('moquette à enlever ll mz')).toBe('moquette à enlever ll m2');
    expect(repairSecondLine('Fenêtres PVC x S')).toBe('Fenêtres PVC x 5');
    expect(repairSecondLine('inter x!')).toBe('inter x1');
    expect(repairSecondLine('ouverture mur porteur iforfait')).toBe('ouverture mur porteur 1 forfait');
    expect(repairSecondLine('Remplacement tableau I forfait')).toBe('Remplacement tableau 1 forfait');
    expect(repairSecondLine('Ragreage 3o mz')).toBe('Ragreage 30 m2');
    expect(repairSecondLine('Pompe à chaleur 1ft')).toBe('Pompe à chaleur 1 ft');
  });

  it('leaves an s, a ! or an o that are not figures', () => {
    expect(repairSecondLine('Prises x S 2')).toBe('Prises x S 2');
    expect(repairSecondLine('Lavabo ! x 1')).toBe('Lavabo ! x 1');
    expect(repairSecondLine('Gros oeuvre forfait')).toBe('Gros oeuvre forfait');
    expect(repairSecondLine('Solo 3o')).toBe('Solo 30');
    expect(repairSecondLine('Leo Duo')).toBe('Leo Duo');
    expect(repairSecondLine('Ilforfait')).toBe('Ilforfait');
  });

  it('parts a figure from the word and the unit glued to it', () => {
    expect(repairSecondLine('Pein. plaf.14m²')).toBe('Pein. plaf. 14 m²');
    expect(repairSecondLine('Prep. murs39 m')).toBe('Prep. murs 39 m');
    expect(repairSecondLine('Volet roulantx5')).toBe('Volet roulant x 5');
    expect(repairSecondLine('JnteRRupteuRx2')).toBe('JnteRRupteuR x 2');
  });

  it('leaves brackets that close, words and short codes alone', () => {
    expect(repairSecondLine('plinthes (12 ml)')).toBe('plinthes (12 ml)');
    expect(repairSecondLine('Zone 2 : BA13 x 4')).toBe('Zone 2 : BA13 x 4');
    expect(repairSecondLine('Pizza Lola')).toBe('Pizza Lola');
    expect(repairSecondLine('Gaz : 3 mois, Mz 2')).toBe('Gaz : 3 mois, Mz 2');
    expect(repairSecondLine('Garage x Gilles')).toBe('Garage x Gilles');
    expect(repairSecondLine('Il reste 2 m2')).toBe('Il reste 2 m2');
    expect(repairSecondLine('maRtin.sophie77@orange.fr')).toBe('maRtin.sophie77@orange.fr');
  });
});

describe('restoreStreetType', () => {
  it('reads back a street type after a house number, its doubled letters or accents lost', () => {
    expect(restoreStreetType('22 alle des Pins, 33600 Pessac')).toBe('22 allée des Pins, 33600 Pessac');
    expect(restoreStreetType('5 Impase des Lilas')).toBe('5 Impasse des Lilas');
    expect(restoreStreetType('3 bis residence du Parc')).toBe('3 bis résidence du Parc');
    expect(restoreStreetType('12, chaussee de Paris')).toBe('12, chaussée de Paris');
  });

  it('leaves the other words alone', () => {
    expect(restoreStreetType('22 allée des Pins')).toBe('22 allée des Pins');
    expect(restoreStreetType('peinture 12 murs à refaire')).toBe('peinture 12 murs à refaire');
    expect(restoreStreetType('alle des Pins')).toBe('alle des Pins');
    expect(restoreStreetType('plinthes 12 rues')).toBe('plinthes 12 rues');
  });
});

describe('fromTesseract', () => {
  it("takes tesseract's accents for the same letters at the same place", () => {
    expect(fromTesseract(word('fetes', 100), [word('fêtes', 102)])).toBe('fêtes');
    expect(fromTesseract(word('elec.', 100), [word('élec.', 98)])).toBe('élec.');
  });

  it('puts back the decimal comma tesseract saw, keeping the figures read', () => {
    expect(fromTesseract(word('896', 100), [word('8,46', 100)])).toBe('8,96');
    expect(fromTesseract(word('125', 100), [word('1,25', 100)])).toBe('1,25');
  });

  it('takes the figure tesseract read where the second reader dropped a doubled figure or a 1 (decision 0215)', () => {
    expect(fromTesseract(word('4', 100), [word('44', 100)])).toBe('44');
    expect(fromTesseract(word('1,5', 100), [word('1,55', 100)])).toBe('1,55');
    expect(fromTesseract(word('16', 100), [word('166', 100)])).toBe('166');
    expect(fromTesseract(word('3400', 100), [word('31400', 100)])).toBe('31400');
    expect(fromTesseract(word('20', 100), [word('120', 100)])).toBe('120');
    expect(fromTesseract(word('4', 100), [word('48', 100)])).toBeNull();
    expect(fromTesseract(word('44', 100), [word('4', 100)])).toBeNull();
    expect(fromTesseract(word('4', 100), [word('4,4', 100)])).toBeNull();
    expect(fromTesseract(word('4', 100), [word('444', 100)])).toBeNull();
    expect(fromTesseract(word('20', 100), [word('20', 100)])).toBeNull();
  });

  it('tells a dropped figure from another figure', () => {
    expect(droppedFigure('96', '996')).toBe(true);
    expect(droppedFigure('96', '196')).toBe(true);
    expect(droppedFigure('96', '916')).toBe(true);
    expect(droppedFigure('96', '976')).toBe(false);
    expect(droppedFigure('96', '9,6')).toBe(false);
    expect(droppedFigure('9,6', '9,66')).toBe(true);
    expect(droppedFigure('m2', 'm22')).toBe(false);
  });

  it("takes tesseract's m2 / ml after a figure where the second reader read no unit (decision 0215)", () => {
    const figure = word('13,5', 60);
    expect(fromTesseract(word('m1', 100), [word('ml', 100)], figure)).toBe('ml');
    expect(fromTesseract(word('mi', 100), [word('m2', 100)], figure)).toBe('m2');
    expect(fromTesseract(word('m', 100), [word('m2', 100)], figure)).toBe('m2');
    expect(fromTesseract(word('m1', 100), [word('ml', 100)], word('plinthes', 20))).toBeNull();
    expect(fromTesseract(word('m1', 100), [word('ml', 100)])).toBeNull();
    expect(fromTesseract(word('ml', 100), [word('m2', 100)], figure)).toBeNull();
    expect(fromTesseract(word('murs', 100), [word('m2', 100)], figure)).toBeNull();
    expect(fromTesseract(word('m1', 100), [word('mA', 100)], figure)).toBeNull();
  });

  it('takes nothing from another word, another place or another count of figures', () => {
    expect(fromTesseract(word('fetes', 100), [word('fêtes', 400)])).toBeNull();
    expect(fromTesseract(word('fetes', 100), [word('fêtes', 100, 200)])).toBeNull();
    expect(fromTesseract(word('Cabrieves', 100), [word('Calovières', 100)])).toBeNull();
    expect(fromTesseract(word('896', 100), [word('8,4', 100)])).toBeNull();
    expect(fromTesseract(word('1500', 100), [word('1500', 100)])).toBeNull();
  });
});

describe('repairSecondRead', () => {
  it('rebuilds the lines, the words and the page text from the repaired words', () => {
    const layout = (lines: OcrWord[][]): PageLayout => ({
      width: 1000,
      height: 1000,
      lines: lines.map((words) => ({
        text: words.map((w) => w.text).join(' '),
        box: { x0: 0, y0: words[0]!.box.y0, x1: 1000, y1: words[0]!.box.y1 },
        words,
      })),
    });
    const paddle = layout([
      [word('salle', 100), word('des', 200), word('fetes', 300)],
      [word('carelage', 100, 200), word('so', 200, 200), word('896', 300, 200), word('m', 400, 200)],
      [word('peinture', 100, 300), word('(20', 200, 300), word('m2', 300, 300)],
    ]);
    const tesseract = layout([
      [word('lle', 110), word('des', 200), word('fêtes', 300)],
      [word('carreloge', 100, 200), word('sol', 200, 200), word('8,46', 300, 200), word('m2', 400, 200)],
    ]);
    const read = repairSecondRead({ text: 'ignored', confidence: 91, layout: paddle }, tesseract);
    expect(read.text).toBe('salle des fêtes\ncarelage so 8,96 m2\npeinture 120 m2');
    expect(read.confidence).toBe(91);
    expect(read.layout.lines[1]!.words[2]).toEqual({ ...paddle.lines[1]!.words[2], text: '8,96' });
    expect(read.layout.lines[2]!.text).toBe('peinture 120 m2');
    expect(repairSecondRead({ text: '', confidence: 91, layout: paddle }, null).text).toBe(
      'salle des fetes\ncarelage so 896 m\npeinture 120 m2',
    );
  });
});
