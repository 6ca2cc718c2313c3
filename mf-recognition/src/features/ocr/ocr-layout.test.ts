import type { Block } from 'tesseract.js';

import { layoutOf, unionBox } from './ocr-layout';

const box = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1 });

describe('OCR layout', () => {
  it('keeps the lines holding words, with each word’s text, rounded confidence and box', () => {
    const blocks = [
      {
        paragraphs: [
          {
            lines: [
              {
                text: 'Faïence 18 m²\n',
                bbox: box(10, 20, 200, 40),
                words: [
                  { text: 'Faïence', confidence: 95.6, bbox: box(10, 20, 90, 40) },
                  { text: '18', confidence: 61.2, bbox: box(100, 20, 130, 40) },
                  { text: ' ', confidence: 0, bbox: box(130, 20, 131, 40) },
                ],
              },
              { text: '', bbox: box(0, 0, 1, 1), words: [] },
            ],
          },
        ],
      },
    ] as unknown as Block[];
    expect(layoutOf(blocks, 800, 1100)).toEqual({
      width: 800,
      height: 1100,
      lines: [
        {
          text: 'Faïence 18 m²',
          box: box(10, 20, 200, 40),
          words: [
            { text: 'Faïence', confidence: 96, box: box(10, 20, 90, 40) },
            { text: '18', confidence: 61, box: box(100, 20, 130, 40) },
          ],
        },
      ],
    });
    expect(layoutOf(null, 10, 10).lines).toEqual([]);
  });

  it('unites boxes', () => {
    expect(unionBox([box(10, 20, 30, 40), box(5, 30, 25, 60)])).toEqual(box(5, 20, 30, 60));
    expect(unionBox([])).toBeNull();
  });
});
