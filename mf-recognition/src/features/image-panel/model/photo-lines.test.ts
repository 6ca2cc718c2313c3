import type { OcrLine, PageLayout } from '../../ocr/ocr-layout';
import {
  CHECK_BELOW_CONFIDENCE,
  cropStyle,
  doubtfulFigures,
  highlightStyle,
  matchTokens,
  photoLines,
  sourceLines,
} from './photo-lines';

const box = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1 });
/** A printed line at row `row`, its words read with the given confidences (default 95). */
function line(row: number, text: string, confidences: Record<string, number> = {}): OcrLine {
  const words = text.split(' ').map((w, i) => ({
    text: w,
    confidence: confidences[w] ?? 95,
    box: box(100 + i * 60, row * 50, 150 + i * 60, row * 50 + 30),
  }));
  return { text, box: box(100, row * 50, 100 + words.length * 60, row * 50 + 30), words };
}
const layout: PageLayout = {
  width: 1000,
  height: 1400,
  lines: [
    line(1, 'Séjour'),
    line(2, 'Racréage 1,5', { '1,5': 51 }),
    line(3, 'Parquet flottant 14,5 m²'),
    line(4, 'Plinthes 16,4 ml', { '16,4': 70 }),
    line(5, 'Peinture murs 30 m²'),
    line(6, 'Peinture murs 12 m²'),
  ],
};
const proposed = (name: string, quantity: number, source: string, unsure = false) => ({
  name,
  quantity,
  unit: 'm2',
  source,
  unsure,
});

describe('photo lines: line → region of the photo', () => {
  it('matches words folded, figures apart from letters and decimal marks', () => {
    expect(matchTokens('Parquet flottant 14,5m²')).toEqual(['parquet', 'flottant', '145']);
    expect(matchTokens('Ragréage : 1.5')).toEqual(['ragreage', '15']);
  });

  it('finds the OCR line sharing most words with the source (figures count double)', () => {
    expect(sourceLines('Parquet flottant 14,5 m²', layout.lines)).toEqual([2]);
    // The OCR read « Racréage »: the figure still places it.
    expect(sourceLines('ragréage 1,5', layout.lines)).toEqual([1]);
    expect(sourceLines('fenêtre', layout.lines)).toEqual([]);
    expect(sourceLines('', layout.lines)).toEqual([]);
  });

  it('prefers a line not taken yet when two read alike', () => {
    expect(sourceLines('Peinture murs', layout.lines)).toEqual([4]);
    expect(sourceLines('Peinture murs', layout.lines, new Set([4]))).toEqual([5]);
  });

  it('takes the neighbouring lines whose every word is in the source', () => {
    const lines = [line(1, 'Pose de carrelage'), line(2, 'sol 12 m²'), line(3, 'Peinture 20 m²')];
    expect(sourceLines('Pose de carrelage sol 12 m²', lines)).toEqual([0, 1]);
  });
});

describe('photo lines: confidence → « À vérifier »', () => {
  it('flags figure words read below the threshold, never words without a figure', () => {
    const words = [
      { text: '1,5', confidence: CHECK_BELOW_CONFIDENCE - 1, box: box(0, 0, 1, 1) },
      { text: '14,5', confidence: CHECK_BELOW_CONFIDENCE, box: box(0, 0, 1, 1) },
      { text: 'Racréage', confidence: 20, box: box(0, 0, 1, 1) },
    ];
    expect(doubtfulFigures(words).map((w) => w.text)).toEqual(['1,5']);
    expect(doubtfulFigures(words, 50)).toEqual([]);
  });

  it('gives each line its region and mark, the lines to check first, each OCR line used once', () => {
    const result = photoLines(
      [
        proposed('Pose de parquet flottant', 14.5, 'Parquet flottant 14,5 m²'),
        proposed('Ragréage sol', 1.5, 'Racréage 1,5'),
        proposed('Pose de plinthes', 16.4, 'Plinthes 16,4'),
        proposed('Peinture murs', 30, 'Peinture murs 30 m²'),
        proposed('Nettoyage fin de chantier', 1, 'Nettoyage', true),
      ],
      layout,
    );
    expect(result.map((l) => [l.name, l.check, l.doubtful])).toEqual([
      ['Ragréage sol', true, ['1,5']],
      ['Pose de plinthes', true, ['16,4']],
      ['Nettoyage fin de chantier', true, []],
      ['Pose de parquet flottant', false, []],
      ['Peinture murs', false, []],
    ]);
    expect(result[0]!.region).toEqual(layout.lines[1]!.box);
    expect(result[2]!.region).toBeNull(); // the unsure line was not found on the photo
    expect(result[4]!.region).toEqual(layout.lines[4]!.box);
  });

  it('without OCR boxes (AI result) no region, only unsure lines marked', () => {
    const result = photoLines([proposed('Peinture murs', 30, 'murs 30'), proposed('Dépl.', 1, '', true)], null);
    expect(result.map((l) => [l.name, l.check, l.region])).toEqual([
      ['Dépl.', true, null],
      ['Peinture murs', false, null],
    ]);
  });
});

describe('photo lines: crop and outline', () => {
  it('shows the region with a margin, scaled to the crop height, the page as background', () => {
    // 200 × 40 region, margin 10 → 220 × 60 shown 50 px high (scale 5/6).
    expect(cropStyle(box(100, 200, 300, 240), { width: 1000, height: 1400 }, 50)).toEqual({
      width: '183.3px',
      height: '50px',
      backgroundSize: '833.3px 1166.7px',
      backgroundPosition: '-75px -158.3px',
    });
  });

  it('keeps a wide crop within the maximum width and inside the page', () => {
    const style = cropStyle(box(0, 0, 1000, 20), { width: 1000, height: 1400 }, 40, 200);
    expect(style.width).toBe('200px');
    expect(style.backgroundPosition).toBe('-0px -0px');
  });

  it('outlines the region in percentages of the page', () => {
    expect(highlightStyle(box(100, 140, 300, 280), { width: 1000, height: 1400 })).toEqual({
      left: '10%',
      top: '10%',
      width: '20%',
      height: '10%',
    });
  });
});
