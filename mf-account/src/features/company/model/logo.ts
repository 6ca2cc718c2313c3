// Turns an uploaded image into the data URL stored as the company logo. Any image type the browser can
// decode is accepted; it is redrawn as PNG (JPEG when large) and reduced so the PDF renderer (which reads
// PNG/JPEG) can embed it and localStorage is not filled by a camera photo.
import { companyMessages } from '../messages';

export const MAX_LOGO_FILE_BYTES = 20 * 1024 * 1024;
/** Longest side of the stored logo, in pixels (30 mm at ~500 dpi is plenty). */
export const MAX_LOGO_SIDE_PX = 600;
/** Above this data-URL length a PNG is re-encoded as JPEG. */
const PNG_BUDGET_CHARS = 400_000;

export type LogoResult = { ok: true; dataUrl: string } | { ok: false; message: string };

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

const DECODE_TIMEOUT_MS = 10_000;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    const timer = setTimeout(() => reject(new Error('decode timeout')), DECODE_TIMEOUT_MS);
    img.onload = () => {
      clearTimeout(timer);
      resolve(img);
    };
    img.onerror = () => {
      clearTimeout(timer);
      reject(new Error('decode failed'));
    };
    img.src = src;
  });
}

/** Fits (w, h) inside max × max, keeping the ratio; never enlarges. */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function redraw(dataUrl: string): Promise<string | null> {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const img = await loadImage(dataUrl);
  const naturalW = img.naturalWidth || img.width || MAX_LOGO_SIDE_PX;
  const naturalH = img.naturalHeight || img.height || MAX_LOGO_SIDE_PX / 2;
  const { width, height } = fitWithin(naturalW, naturalH, MAX_LOGO_SIDE_PX);
  canvas.width = width;
  canvas.height = height;
  ctx.drawImage(img, 0, 0, width, height);
  const png = canvas.toDataURL('image/png');
  if (!png.startsWith('data:image/png')) return null;
  if (png.length <= PNG_BUDGET_CHARS) return png;
  // Photos: JPEG on white (JPEG has no transparency).
  ctx.globalCompositeOperation = 'destination-over';
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  return canvas.toDataURL('image/jpeg', 0.9);
}

export async function readLogoFile(file: File): Promise<LogoResult> {
  const e = companyMessages.errors;
  if (!file.type.startsWith('image/')) return { ok: false, message: e.logoNotImage };
  if (file.size > MAX_LOGO_FILE_BYTES) return { ok: false, message: e.logoTooLarge };
  let original: string;
  try {
    original = await readAsDataUrl(file);
  } catch {
    return { ok: false, message: e.logoUnreadable };
  }
  try {
    const redrawn = await redraw(original);
    if (redrawn) return { ok: true, dataUrl: redrawn };
  } catch {
    // The browser cannot decode it: keep the original only if the PDF renderer can read it.
  }
  if (/^data:image\/(png|jpe?g);base64,/i.test(original)) return { ok: true, dataUrl: original };
  return { ok: false, message: e.logoUnreadable };
}
