import { photoDataUrl, PhotoDataUrls } from './photo-data-url';

const bytes = new Uint8Array(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
const base64 = Buffer.from(bytes).toString('base64');

describe('photoDataUrl', () => {
  // The string analysis/provider.ts' imageToDataUrl makes: data:<type or image/jpeg>;base64,<bytes>.
  it('gives the data URL the AI provider would have made itself', async () => {
    expect(await photoDataUrl(new Blob([bytes], { type: 'image/png' }))).toBe(`data:image/png;base64,${base64}`);
  });

  it('says image/jpeg for a file of no type, as the provider does', async () => {
    expect(await photoDataUrl(new Blob([bytes]))).toBe(`data:image/jpeg;base64,${base64}`);
  });
});

describe('PhotoDataUrls', () => {
  it('gives back the very photo a data URL was made from while it is analysed, then forgets it', async () => {
    const urls = new PhotoDataUrls();
    const photo = new Blob([bytes], { type: 'image/png' });
    const url = (await photoDataUrl(photo))!;
    const seen = await urls.with(url, photo, () => urls.photoOf(url));
    expect(seen).toBe(photo);
    // Forgotten afterwards (even after a failure): a data URL it does not know becomes a new Blob of its bytes.
    await expect(urls.with(url, photo, () => Promise.reject(new Error('AI down')))).rejects.toThrow('AI down');
    const fetchBlob = jest.fn(async () => ({ blob: async () => new Blob(['x']) }));
    const realFetch = globalThis.fetch;
    globalThis.fetch = fetchBlob as unknown as typeof fetch;
    try {
      expect(await urls.photoOf(url)).not.toBe(photo);
      expect(fetchBlob).toHaveBeenCalledWith(url);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
