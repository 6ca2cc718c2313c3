// Bench harness (never in a bundle of the app): mf-recognition's browser OCR (readImage: tesseract.js worker and,
// for unsure pages, the PP-OCR worker) exposed to the bench script, which serves the remote's built tesseract/ and
// paddle/ folders beside it.
import { readImage } from '../../../mf-recognition/src/features/ocr/browser-ocr';

declare global {
  interface Window {
    __bench: { read: (bytes: Uint8Array, second: boolean) => Promise<{ text: string; ms: number }> };
  }
}

window.__bench = {
  read: async (bytes, second) => {
    const started = performance.now();
    const { text } = await readImage(new Blob([bytes as BlobPart], { type: 'image/jpeg' }), { second });
    return { text, ms: performance.now() - started };
  },
};
