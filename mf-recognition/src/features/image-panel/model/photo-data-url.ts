// The photo handed to the AI analyser as a data URL encoded by the browser (decision 0205), and back.

/**
 * The photo as a data URL (`data:<type>;base64,…`, image/jpeg when the file says nothing), encoded by the browser's
 * FileReader: the AI provider sends images so, and its own encoding in JavaScript (String.fromCharCode, btoa) was a
 * 0.3–0.5 s task on the main thread at the start of a 12 MP photo, which held back the OCR worker's start (its
 * messages go through the main thread). Null without FileReader or when the file cannot be read.
 */
export function photoDataUrl(image: Blob): Promise<string | null> {
  if (typeof FileReader === 'undefined') return Promise.resolve(null);
  const typed = image.type ? image : new Blob([image], { type: 'image/jpeg' });
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(typed);
  });
}

/**
 * The photos behind the data URLs being analysed: the analyser's OCR fallback gets the data URL back and must read
 * the photo it was made from (one OCR per photo, shared with the lines' regions), not a copy of it.
 */
export class PhotoDataUrls {
  private readonly photos = new Map<string, Blob>();

  /** Runs `analyse` with the photo's data URL known as that photo. */
  async with<T>(dataUrl: string, photo: Blob, analyse: () => Promise<T>): Promise<T> {
    this.photos.set(dataUrl, photo);
    try {
      return await analyse();
    } finally {
      this.photos.delete(dataUrl);
    }
  }

  /** The photo a data URL was made from, else a new Blob of its bytes. */
  async photoOf(dataUrl: string): Promise<Blob> {
    return this.photos.get(dataUrl) ?? (await fetch(dataUrl)).blob();
  }
}
