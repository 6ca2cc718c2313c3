// Node tests: the Unicode font read from node_modules, as the browser fetches the webpack asset.
import { readFile } from 'node:fs/promises';

import { setUnicodeFontSource } from '../pdf/fonts/unicode-font';

export function useFontsFromDisk(): void {
  setUnicodeFontSource(
    async () => ({
      regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
      bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
    }),
    async (path) => {
      const bytes = await readFile(path);
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    },
  );
}
