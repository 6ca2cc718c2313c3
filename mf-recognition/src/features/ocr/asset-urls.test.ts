import { paddleAssetBase, tesseractAssetUrls } from './asset-urls';

describe('tesseractAssetUrls', () => {
  it('resolves against the remote origin when the shell lives elsewhere', () => {
    expect(tesseractAssetUrls('http://localhost:3002/', 'http://localhost:3000/')).toEqual({
      workerPath: 'http://localhost:3002/tesseract/worker.min.js',
      corePath: 'http://localhost:3002/tesseract/core',
      langPath: 'http://localhost:3002/tesseract/lang',
    });
  });
  it('keeps a sub-path public path', () => {
    expect(tesseractAssetUrls('/remotes/recognition/', 'https://app.example.fr/clients').langPath).toBe(
      'https://app.example.fr/remotes/recognition/tesseract/lang',
    );
  });
  it('falls back to the page when no public path is known', () => {
    expect(tesseractAssetUrls(undefined, 'http://localhost:3002/index.html').workerPath).toBe(
      'http://localhost:3002/tesseract/worker.min.js',
    );
  });
});

describe('paddleAssetBase', () => {
  it('is the remote origin’s paddle/ folder, never the shell’s', () => {
    expect(paddleAssetBase('http://localhost:3002/', 'http://localhost:3000/')).toBe('http://localhost:3002/paddle/');
    expect(paddleAssetBase('auto', 'http://localhost:3002/index.html')).toBe('http://localhost:3002/paddle/');
  });
});
