// Bench harness (never in a bundle of the app): mf-recognition's browser OCR (readImage) exposed to
// scripts/bench/ocr-browser-accuracy.ts, which serves the remote's built tesseract/ folder beside it.
import { readImage } from '../../../mf-recognition/src/features/ocr/browser-ocr';

declare global {
  interface Window {
    __ocrBench: { read: (bytes: Uint8Array, type: string) => Promise<{ text: string; ms: number }> };
  }
}

window.__ocrBench = {
  read: async (bytes, type) => {
    const started = performance.now();
    const { text } = await readImage(new Blob([bytes as BlobPart], { type }), { second: false });
    return { text, ms: performance.now() - started };
  },
};
