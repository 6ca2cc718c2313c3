// Size of an encoded image read from its header, so that the browser decodes a 12 MP photo to the OCR size: at a
// reduced scale by the JPEG decoder (ImageDecoder, decision 0125), else with createImageBitmap's resize (Chromium
// decodes the whole image, then scales it) — never drawn at full size on a canvas (that alone was 0.8–1.2 s).
import type { Size } from './scale';

/** Upright size (EXIF orientation 5–8 swaps the sides) of a JPEG or PNG, or null when the header is not understood. */
export function encodedImageSize(bytes: Uint8Array): Size | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 && bytes.length >= 24) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let orientation = 1;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (marker === 0xe1) orientation = exifOrientation(view, offset + 4, length - 2) ?? orientation;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): frame header with the size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (offset + 9 > bytes.length) return null;
      const height = view.getUint16(offset + 5);
      const width = view.getUint16(offset + 7);
      return orientation >= 5 && orientation <= 8 ? { width: height, height: width } : { width, height };
    }
    if (marker === 0xda) return null;
    offset += 2 + length;
  }
  return null;
}

function exifOrientation(view: DataView, start: number, length: number): number | null {
  if (length < 14 || view.getUint32(start) !== 0x45786966) return null; // "Exif"
  const tiff = start + 6;
  const little = view.getUint16(tiff) === 0x4949;
  const u16 = (at: number) => view.getUint16(at, little);
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > view.byteLength) return null;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > view.byteLength) return null;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return null;
}
