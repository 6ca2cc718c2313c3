/** Where mf-recognition's build puts the tesseract files (see webpack.config.js `copy`). */
export const TESSERACT_ASSET_DIR = 'tesseract/';

export interface TesseractAssetUrls {
  workerPath: string;
  /** A directory: the worker picks the relaxed-SIMD, SIMD or plain LSTM core by feature detection. */
  corePath: string;
  langPath: string;
}

/**
 * Absolute URLs of the OCR worker, cores and French model, resolved against the remote's own public path:
 * when mounted in the shell the page is on another origin, and the worker runs from a blob: URL, so
 * relative URLs would point at the wrong place.
 */
export function tesseractAssetUrls(publicPath: string | undefined, baseUri: string): TesseractAssetUrls {
  const root = new URL(publicPath && publicPath !== 'auto' ? publicPath : './', baseUri);
  const base = new URL(TESSERACT_ASSET_DIR, root).href;
  return { workerPath: `${base}worker.min.js`, corePath: `${base}core`, langPath: `${base}lang` };
}

/** Where mf-recognition's build puts the second reader's worker, runtime and models (decision 0135). */
export const PADDLE_ASSET_DIR = 'paddle/';

/** Absolute URL of the second reader's folder (same rule as tesseract's: the remote's own origin). */
export function paddleAssetBase(publicPath: string | undefined, baseUri: string): string {
  const root = new URL(publicPath && publicPath !== 'auto' ? publicPath : './', baseUri);
  return new URL(PADDLE_ASSET_DIR, root).href;
}
