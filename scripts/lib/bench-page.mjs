// Bench harnesses live in scripts/bench (never in an app's src/ or bundle): this bundles one harness entry (TSX
// importing the app's own modules) with esbuild for the browser, serves it on a free 127.0.0.1 port with a bare
// page, and returns that page's URL. The harness sets `window.__bench`; the bench script drives the page.
import { createReadStream, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CONTENT_TYPES = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.gz': 'application/gzip',
};

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * @param {string} entry absolute path of the harness (.tsx)
 * @param {{ resolveFrom?: string, files?: { dir: string, under: RegExp } }} [options] `resolveFrom`: app folder
 *   whose node_modules resolve the harness's bare imports; `files`: paths matching `under` served from `dir` (an
 *   app's built assets, e.g. the OCR engine's /tesseract/ and /paddle/ folders of mf-recognition/dist)
 * @returns {Promise<{ url: string, close: () => void, bytes: number }>}
 */
export async function serveBenchPage(entry, { resolveFrom, files } = {}) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    minify: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    jsx: 'automatic',
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.ttf': 'dataurl', '.png': 'dataurl', '.svg': 'dataurl' },
    external: ['html2canvas', 'dompurify', 'canvg'],
    // The harness sits outside the app: its bare imports (react…) resolve from the app's own dependencies, so the
    // app's modules and the harness share one copy of each package.
    nodePaths: resolveFrom ? [path.join(resolveFrom, 'node_modules'), path.join(repoRoot, 'node_modules')] : [],
  });
  const script = result.outputFiles[0].contents;
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>bench</title></head>
<body><div id="root"></div><script src="/bench.js"></script></body></html>`;
  const server = createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]);
    const file = files && files.under.test(url) ? path.join(files.dir, url) : undefined;
    if (req.url === '/bench.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    } else if (file?.startsWith(files.dir) && existsSync(file)) {
      res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(res);
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close(), bytes: script.length };
}

/** `ATELIER_BENCH_SMOKE=1`: tiny sizes, no budgets — `npm test` runs every bench this way so none can rot. */
export const SMOKE = process.env.ATELIER_BENCH_SMOKE === '1';
