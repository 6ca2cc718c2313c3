// Bench harness (never in a bundle of the app): the browser OCR's prepared page for the parity bench
// (scripts/bench/ocr-parity.ts): the grey pixels the second reader gets and the bytes the tesseract worker reads.
import { preparedForBench } from '../../../mf-recognition/src/features/ocr/browser-ocr';

declare global {
  interface Window {
    __parity: {
      prepare: (bytes: Uint8Array) => Promise<{ width: number; height: number; gray: string; bytes: string }>;
    };
  }
}

function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

window.__parity = {
  prepare: async (bytes) => {
    const { page, encoded } = await preparedForBench(new Blob([bytes as BlobPart], { type: 'image/jpeg' }));
    return {
      width: page.width,
      height: page.height,
      gray: base64(new Uint8Array(page.gray as Uint8ClampedArray)),
      bytes: base64(new Uint8Array(await encoded.arrayBuffer())),
    };
  },
};
