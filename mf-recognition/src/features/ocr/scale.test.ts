import { cleanOcrText, repairEmails } from './ocr-text';
import { jpegScaledSize, jpegScaleEighths, OCR_MAX_SIDE, scaledSize } from './scale';

describe('scaledSize', () => {
  it('scales a 12-megapixel portrait photo to OCR_MAX_SIDE on its longest side', () => {
    expect(scaledSize({ width: 3024, height: 4032 })).toEqual({ width: 900, height: OCR_MAX_SIDE });
  });
  it('scales landscape images by their width', () => {
    expect(scaledSize({ width: 4000, height: 3000 })).toEqual({ width: OCR_MAX_SIDE, height: 900 });
  });
  it('never upscales a small image', () => {
    expect(scaledSize({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
  });
  it('rejects empty images', () => {
    expect(() => scaledSize({ width: 0, height: 10 })).toThrow();
  });
});

describe('jpegScaleEighths', () => {
  it('decodes a 12 MP photo at 3/8, the smallest scale still at least the OCR size', () => {
    const size = { width: 3024, height: 4032 };
    const target = scaledSize(size);
    expect(jpegScaleEighths(size, target)).toBe(3);
    expect(jpegScaledSize(size, 3)).toEqual({ width: 1134, height: 1512 });
  });
  it('never goes below the target, even when a scale falls exactly on it', () => {
    for (const size of [
      { width: 4000, height: 3000 },
      { width: 3200, height: 2400 },
      { width: 1601, height: 1201 },
      { width: 9600, height: 1200 },
    ]) {
      const target = scaledSize(size);
      const scaled = jpegScaledSize(size, jpegScaleEighths(size, target));
      expect(scaled.width).toBeGreaterThanOrEqual(target.width);
      expect(scaled.height).toBeGreaterThanOrEqual(target.height);
    }
    expect(jpegScaleEighths({ width: 4800, height: 3600 }, { width: 1200, height: 900 })).toBe(2);
  });
  it('is 8 (no reduced decode) when the image is barely larger than the target', () => {
    expect(jpegScaleEighths({ width: 1300, height: 975 }, scaledSize({ width: 1300, height: 975 }))).toBe(8);
  });
});

describe('cleanOcrText', () => {
  it('normalises line endings, spaces and blank lines', () => {
    expect(cleanOcrText('  Peinture  murs\r\n\r\n\r\n\r\n12\u00a0m2 \n')).toBe('Peinture murs\n\n12 m2');
  });
});

describe('repairEmails', () => {
  it.each([
    ['julie. bernard@gmail.com', 'julie.bernard@gmail.com'],
    ['camille.girard@gmail. com', 'camille.girard@gmail.com'],
    ['Email : jean.dupont @ gmail.com', 'Email : jean.dupont@gmail.com'],
    ['Client : Mme Julie Bernard, 06 22 33 44 55', 'Client : Mme Julie Bernard, 06 22 33 44 55'],
    ['Peinture. Pose de plinthes 8 ml', 'Peinture. Pose de plinthes 8 ml'],
    ['Email : f£garnier@outlook.fr', 'Email : f.garnier@outlook.fr'],
    ['Prix : 1,5 € ; contact@free.fr', 'Prix : 1,5 € ; contact@free.fr'],
  ])('%s → %s', (input, output) => {
    expect(repairEmails(input)).toBe(output);
  });
});

describe('repairLookalikes (handwritten-style notes, issue 13)', () => {
  it.each([
    ['Peinture murs 42,5 w°', 'Peinture murs 42,5 m²'],
    ['Peinture plafond 16 wi', 'Peinture plafond 16 m²'],
    ['Faïence 18 nm’', 'Faïence 18 m²'],
    ['Plinthes 17,2 nl', 'Plinthes 17,2 ml'],
    ['Faïence \\2,5 m²', 'Faïence 12,5 m²'],
    ['Mise aux normes élec. \\ ft', 'Mise aux normes élec. 1 ft'],
    ['M0. 25h', 'M.O. 25h'],
    ['M.O.3h', 'M.O. 3h'],
    ['Fen. PVCx6', 'Fen. PVC x 6'],
    ['Porte int.x4', 'Porte int. x 4'],
    ['Prises x l2', 'Prises x 12'],
    ['Plinthes IO ml', 'Plinthes 10 ml'],
    ['Faïence 10 — 12 m²', 'Faïence 10 → 12 m²'],
    ['sophie.martin@orangefr', 'sophie.martin@orange.fr'],
    ['| Plomberie cuisine + SDB', 'Plomberie cuisine + SDB'],
    ['MME MERCIER', 'Mme Mercier'],
    ['CLIENT : YVES DU PONT', 'Client : Yves du Pont'],
    ['WC suspendu x 1', 'WC suspendu x 1'],
    ['Pose de lavabo 1 u.', 'Pose de lavabo 1 u.'],
    ['Tél : 06 12 34 56 78', 'Tél : 06 12 34 56 78'],
    ['Séjour 5 X U HT 2,50', 'Séjour 5 X 4 HT 2,50'],
    ['Peinture Murs u5 M?', 'Peinture Murs 45 m²'],
    ['Prép. Murs US M', 'Prép. Murs 45 M'],
    ['Carrelage sol 3 x u', 'Carrelage sol 3 x 4'],
    ['prises x G', 'prises x 6'],
    ['Garage x Gilles', 'Garage x Gilles'],
    ['Chauffe-eau 900 € : 1 u.', 'Chauffe-eau 900 € : 1 u.'],
    ['Plus une prise', 'Plus une prise'],
  ])('%s → %s', (input, output) => expect(cleanOcrText(input)).toBe(output));
});
