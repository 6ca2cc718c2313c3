// Node tests: the PDF fonts read from node_modules, as the browser fetches the webpack assets (in Jest, the
// asset module's imports are the files' paths).
import { readFile } from 'node:fs/promises';

import { setUnicodeFontSource } from '../pdf/fonts/unicode-font';

export async function readFontFile(path: string): Promise<ArrayBuffer> {
  const bytes = await readFile(path);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

export function useFontsFromDisk(): void {
  setUnicodeFontSource(null, readFontFile);
}
