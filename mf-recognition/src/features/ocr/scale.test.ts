import { cleanOcrText, repairEmails } from './ocr-text';
import { OCR_MAX_SIDE, scaledSize } from './scale';

describe('scaledSize', () => {
  it('scales a 12-megapixel portrait photo to 1600 px on its longest side', () => {
    expect(scaledSize({ width: 3024, height: 4032 })).toEqual({ width: 1200, height: OCR_MAX_SIDE });
  });
  it('scales landscape images by their width', () => {
    expect(scaledSize({ width: 4000, height: 3000 })).toEqual({ width: 1600, height: 1200 });
  });
  it('never upscales a small image', () => {
    expect(scaledSize({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
  });
  it('rejects empty images', () => {
    expect(() => scaledSize({ width: 0, height: 10 })).toThrow();
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
  ])('%s → %s', (input, output) => {
    expect(repairEmails(input)).toBe(output);
  });
});
