// The one interface both providers implement; the panels only see this.
import type { ExtractionResult, Task } from '@atelier/domain';

/** An image as a Blob (file, camera capture) or a data URL. */
export type ImageInput = Blob | string;

export type AnalysisResult = ExtractionResult & {
  /** Which provider produced the result: the AI, or the embedded OCR + French rules. */
  provider: 'ai' | 'embedded';
};

export interface RecognitionProvider {
  analyzeText(text: string, catalogue: readonly Task[]): Promise<AnalysisResult>;
  analyzeImage(image: ImageInput, catalogue: readonly Task[]): Promise<AnalysisResult>;
}

/** Text recognition of an image (tesseract.js in the browser or in Node), injected by the caller. */
export type OcrFunction = (image: ImageInput) => Promise<string>;

/**
 * The image as a data URL (`data:<type>;base64,…`, image/jpeg when the Blob says nothing), as the AI provider sends
 * it. In a browser the FileReader encodes it off the main thread: encoding a 12 MP photo in JavaScript
 * (String.fromCharCode + btoa) was a 0.3–0.5 s main-thread task at the start of a photo that held back the OCR
 * worker's start (decision 0205). Node (benches, tests without FileReader) encodes it in JavaScript.
 */
export async function imageToDataUrl(image: ImageInput): Promise<string> {
  if (typeof image === 'string') return image;
  const typed = image.type ? image : new Blob([image], { type: 'image/jpeg' });
  if (typeof FileReader !== 'undefined') return readAsDataUrl(typed);
  const bytes = new Uint8Array(await typed.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${typed.type};base64,${btoa(binary)}`;
}

function readAsDataUrl(image: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('image not read'));
    reader.onerror = () => reject(reader.error ?? new Error('image not read'));
    reader.readAsDataURL(image);
  });
}

export function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('Invalid data URL');
  const [, type = 'application/octet-stream', base64, payload = ''] = match;
  const binary = base64 ? atob(payload) : decodeURIComponent(payload);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
