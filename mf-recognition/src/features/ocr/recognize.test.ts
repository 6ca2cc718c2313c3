import type { Worker } from 'tesseract.js';

import { FAINT_RULING_LEVEL, RULING_LEVEL } from './preprocess';
import { faintPage, type PageImage, recognizePage, type SecondReader } from './recognize';

/** The bytes tesseract would read (the fake worker never looks at them). */
const IMAGE = 'page.pgm';

/** A tesseract worker that reads every page as `text` at `confidence`, with no layout. */
function fakeWorker(text: string, confidence: number): Worker {
  return {
    recognize: jest.fn(async () => ({ data: { text, confidence, blocks: [] } })),
    setParameters: jest.fn(async () => ({})),
  } as unknown as Worker;
}

/** A 4×1 page: ink, faint pencil (220), light ruling (240) and near-white paper (252), before and after whitening. */
function faintNote(): PageImage {
  const flattened = Uint8ClampedArray.from([60, 220, 240, 252]);
  const gray = Uint8ClampedArray.from(flattened, (v) => (v >= RULING_LEVEL ? 255 : v));
  return { gray, width: 4, height: 1, flattened };
}

function fakeSecond(text: string) {
  const pages: PageImage[] = [];
  const read: SecondReader = async (page) => {
    pages.push(page);
    const box = { x0: 0, y0: 0, x1: page.width, y1: page.height };
    const words = text
      .split(' ')
      .filter(Boolean)
      .map((w) => ({ text: w, confidence: 80, box }));
    const lines = words.length ? [{ text, box, words }] : [];
    return { text, confidence: 80, layout: { width: page.width, height: page.height, lines } };
  };
  return { read, pages };
}

describe('faintPage', () => {
  it('whitens only what is lighter than FAINT_RULING_LEVEL, from the page before its ruling was whitened', () => {
    const page = faintNote();
    const faint = faintPage(page);
    expect(FAINT_RULING_LEVEL).toBeGreaterThan(RULING_LEVEL);
    expect(Array.from(faint.gray)).toEqual([60, 220, 240, 255]);
    expect(Array.from(page.flattened!)).toEqual([60, 220, 240, 252]); // the prepared page is left as it was
  });
});

describe('recognizePage (decision 0200)', () => {
  it('gives a page where tesseract found no word to the second reader, less whitened', async () => {
    const second = fakeSecond('prises x 6');
    const read = await recognizePage(fakeWorker('  \n', 95), IMAGE, faintNote(), second.read);
    expect(read).toMatchObject({ text: 'prises x 6', reader: 'second' });
    expect(second.pages).toHaveLength(1);
    expect(Array.from(second.pages[0]!.gray)).toEqual([60, 220, 240, 255]);
  });

  it('keeps the empty read when the second reader reads nothing either, or when the page has no flattened pixels', async () => {
    const nothing = fakeSecond('');
    expect(await recognizePage(fakeWorker('', 95), IMAGE, faintNote(), nothing.read)).toMatchObject({
      text: '',
      reader: 'tesseract',
    });
    const second = fakeSecond('prises x 6');
    const { flattened: _, ...whitenedOnly } = faintNote();
    expect(await recognizePage(fakeWorker('', 95), IMAGE, whitenedOnly, second.read)).toMatchObject({
      reader: 'tesseract',
    });
    expect(second.pages).toHaveLength(0);
  });

  it('gives a page tesseract read at 85 to the second reader (decision 0200), one read at 86 not', async () => {
    const second = fakeSecond('plinthes 8 ml');
    expect(await recognizePage(fakeWorker('plinthes B ml\n', 85), IMAGE, faintNote(), second.read)).toMatchObject({
      text: 'plinthes 8 ml',
      reader: 'second',
    });
    expect(await recognizePage(fakeWorker('plinthes B ml\n', 86), IMAGE, faintNote(), second.read)).toMatchObject({
      text: 'plinthes B ml\n',
      reader: 'tesseract',
    });
  });

  it('does not read a page again when tesseract reads words at or above the second reader threshold', async () => {
    const second = fakeSecond('autre lecture');
    const read = await recognizePage(fakeWorker('prises x 6\n', 91), IMAGE, faintNote(), second.read);
    expect(read).toMatchObject({ text: 'prises x 6\n', reader: 'tesseract' });
    expect(second.pages).toHaveLength(0);
  });
});
