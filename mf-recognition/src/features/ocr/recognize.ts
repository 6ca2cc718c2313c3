import type { ImageLike, Worker } from 'tesseract.js';

/**
 * Below this mean word confidence the page is read again with automatic deskew. Measured on the corpus:
 * deskew costs +40–140 % time for ≤ 0.5 point of CER on pages tilted ≤ 3° (which read at confidence ≥ 87),
 * so it is kept for the pages that really need it.
 */
export const DESKEW_BELOW_CONFIDENCE = 80;

/**
 * Page-level OCR settings: the page images are ≤ 1200 px for an A4 sheet, i.e. about 100–150 dpi.
 * `thresholding_method` 1 (Leptonica's tiled Otsu) instead of the default global Otsu: measured on the round-2
 * note images (issue 13), task F1 0.770 → 0.812 (handwriting-like 0.614 → 0.676, printed 0.990 → 1.000), same
 * time; Sauvola (2) gave no gain and more noise, thickening strokes or upscaling ×1.5–2 the hand notes neither.
 */
export const OCR_PARAMETERS = { user_defined_dpi: '200', thresholding_method: '1' } as const;

export async function recognizePage(worker: Worker, image: ImageLike): Promise<{ text: string; confidence: number }> {
  const first = await worker.recognize(image);
  if (first.data.confidence >= DESKEW_BELOW_CONFIDENCE) return first.data;
  const deskewed = await worker.recognize(image, { rotateAuto: true });
  return deskewed.data.confidence > first.data.confidence ? deskewed.data : first.data;
}
