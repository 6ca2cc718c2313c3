// Reads an image's pixel size from its header, so the logo is decoded once (by addImage) instead of
// twice (jsPDF's getImageProperties fully decodes a PNG just to report its size).
export type ImageFormat = 'PNG' | 'JPEG' | 'GIF' | 'BMP';

export interface ImageSize {
  width: number;
  height: number;
  format: ImageFormat;
}

const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,/i;

/** Decodes just enough of a base64 payload: `bytes` bytes from the start. */
function headBytes(base64: string, bytes: number): Uint8Array {
  const chars = Math.min(base64.length, Math.ceil(bytes / 3) * 4);
  const chunk = base64.slice(0, chars - (chars % 4)).replace(/\s/g, '');
  const binary = atob(chunk);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

function u16be(b: Uint8Array, i: number): number {
  return ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
}
function u32be(b: Uint8Array, i: number): number {
  return (((b[i] ?? 0) << 24) >>> 0) + ((b[i + 1] ?? 0) << 16) + ((b[i + 2] ?? 0) << 8) + (b[i + 3] ?? 0);
}
function u16le(b: Uint8Array, i: number): number {
  return (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
}
function i32le(b: Uint8Array, i: number): number {
  return (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16) | ((b[i + 3] ?? 0) << 24);
}

function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const length = u16be(b, i + 2);
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    i += 2 + length;
  }
  return null;
}

/** Size and format of a base64 image data URL, or null when the header is not one we can read. */
export function readImageSize(dataUrl: string): ImageSize | null {
  const prefix = DATA_URL.exec(dataUrl);
  if (!prefix) return null;
  const base64 = dataUrl.slice(prefix[0].length);
  let head: Uint8Array;
  try {
    head = headBytes(base64, 32);
  } catch {
    return null;
  }
  let size: { width: number; height: number } | null;
  let format: ImageFormat;
  if (head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) {
    format = 'PNG';
    size = { width: u32be(head, 16), height: u32be(head, 20) };
  } else if (head[0] === 0xff && head[1] === 0xd8) {
    format = 'JPEG';
    try {
      // The frame header may follow EXIF data and thumbnails: read the whole file.
      size = jpegSize(headBytes(base64, base64.length));
    } catch {
      return null;
    }
  } else if (head[0] === 0x47 && head[1] === 0x49 && head[2] === 0x46) {
    format = 'GIF';
    size = { width: u16le(head, 6), height: u16le(head, 8) };
  } else if (head[0] === 0x42 && head[1] === 0x4d) {
    format = 'BMP';
    size = { width: Math.abs(i32le(head, 18)), height: Math.abs(i32le(head, 22)) };
  } else {
    return null;
  }
  if (!size || !(size.width > 0) || !(size.height > 0)) return null;
  return { ...size, format };
}
