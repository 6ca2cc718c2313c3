import { dataUrlToBlob, imageToDataUrl } from './provider';

const bytes = new Uint8Array(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
const base64 = Buffer.from(bytes).toString('base64');

describe('imageToDataUrl', () => {
  it('encodes a photo with the browser FileReader as data:<type>;base64,<bytes>', async () => {
    const readAsDataURL = jest.spyOn(FileReader.prototype, 'readAsDataURL');
    try {
      expect(await imageToDataUrl(new Blob([bytes], { type: 'image/png' }))).toBe(`data:image/png;base64,${base64}`);
      expect(readAsDataURL).toHaveBeenCalledTimes(1);
    } finally {
      readAsDataURL.mockRestore();
    }
  });

  it('says image/jpeg for a file of no type', async () => {
    expect(await imageToDataUrl(new Blob([bytes]))).toBe(`data:image/jpeg;base64,${base64}`);
  });

  it('gives the same string without FileReader (Node), encoded in JavaScript', async () => {
    const browserReader = globalThis.FileReader;
    const photo = new Blob([bytes], { type: 'image/png' });
    // jsdom's Blob may lack arrayBuffer(): give it the bytes as Node's Blob would.
    Object.defineProperty(photo, 'arrayBuffer', { value: async () => bytes.buffer });
    Reflect.deleteProperty(globalThis, 'FileReader');
    try {
      expect(await imageToDataUrl(photo)).toBe(`data:image/png;base64,${base64}`);
    } finally {
      globalThis.FileReader = browserReader;
    }
  });

  it('keeps a data URL as it is, and a data URL gives its bytes back', async () => {
    const url = `data:image/png;base64,${base64}`;
    expect(await imageToDataUrl(url)).toBe(url);
    const blob = dataUrlToBlob(url);
    expect(blob.type).toBe('image/png');
    expect(blob.size).toBe(bytes.length);
  });
});
