// Serves one app's production build (its `dist/`) on a free port of 127.0.0.1 for the Chromium benches of a
// single remote (standalone mount): files as they are, index.html for any other path (client routes), 404 for a
// missing asset or manifest.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';

const TYPES = { '.js': 'text/javascript', '.html': 'text/html', '.json': 'application/json', '.css': 'text/css' };

/** @param {string} dist @returns {Promise<{ port: number, close: () => void }>} */
export async function serveDist(dist) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = join(dist, path);
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) {
      if (path.endsWith('.json') || extname(path)) {
        res.writeHead(404).end();
        return;
      }
      file = join(dist, 'index.html');
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { port: server.address().port, close: () => server.close() };
}
