/**
 * Longest side the OCR works at: 12 MP photos take 2.2 s at full size. Measured on both image corpora (issue 13):
 * 1200 px reads the printed notes as well as 1600 px (mean CER 0.26 % vs 0.37 %, same task F1) and the
 * handwriting-like notes about as well, in less time; 1000 px starts losing small print (CER 0.54 %, client fields).
 */
export const OCR_MAX_SIDE = 1200;

export interface Size {
  width: number;
  height: number;
}

/** Size an image is scaled to before OCR: never upscaled, aspect ratio kept, longest side ≤ maxSide. */
export function scaledSize({ width, height }: Size, maxSide = OCR_MAX_SIDE): Size {
  if (!(width > 0) || !(height > 0)) throw new Error(`Invalid image size ${width}x${height}`);
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const ratio = maxSide / longest;
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

/**
 * The smallest of a JPEG decoder's n/8 scales (libjpeg's DCT scaling) that still gives at least `target`, as n:
 * 3 for a 3024×4032 photo read at 900×1200 (1134×1512 decoded). 8 when no smaller scale is large enough.
 */
export function jpegScaleEighths(size: Size, target: Size): number {
  const needed = Math.max(target.width / size.width, target.height / size.height);
  return Math.min(8, Math.max(1, Math.ceil(8 * needed - 1e-9)));
}

/** The size a JPEG decoder gives at n/8 (libjpeg rounds up). */
export function jpegScaledSize(size: Size, eighths: number): Size {
  return { width: Math.ceil((size.width * eighths) / 8), height: Math.ceil((size.height * eighths) / 8) };
}
