#!/usr/bin/env node
// PDF rendering benchmark (issue « Measured »): a 30-line quote with a logo (median of ≥ 20 runs, budget
// ≤ 150 ms in Chromium) and a 500-line quote (≤ 2 s, page breaks checked by reading the PDF back), plus file
// sizes. Issue 8: a 30-line invoice with its legal mentions (≤ 150 ms) and an avoir; issue 10: a 30-line devis
// without logo stays ≤ 200 KB, with and without emoji (the emoji font is then fetched and remapped once). Runs @atelier/documents bundled with esbuild, in headless Chromium (playwright-core + system
// Chromium) and in Node. Prints one JSON object per line on stdout; progress goes to stderr.
//
//   node scripts/bench/pdf-bench.mjs            # Chromium when available, and Node
//   PDF_BENCH_RUNS=40 node scripts/bench/pdf-bench.mjs
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.cjs';
import { deflateSync } from 'node:zlib';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// ATELIER_BENCH_SMOKE=1 (npm test): each case once, no budget judged.
const SMOKE = process.env.ATELIER_BENCH_SMOKE === '1';
const RUNS = SMOKE ? 1 : Math.max(20, Number(process.env.PDF_BENCH_RUNS) || 25);
const LONG_RUNS = SMOKE ? 1 : 5;
const BUDGET_30_MS = 150;
const BUDGET_500_MS = 2000;

const log = (message) => process.stderr.write(`[pdf-bench] ${message}\n`);
const emit = (record) => process.stdout.write(`${JSON.stringify(record)}\n`);

// ── A realistic logo: 600×240 RGB PNG with gradients and shapes (what /company stores after resizing).
function crc32(buf) {
  let c;
  const table = (crc32.table ??= Array.from({ length: 256 }, (_, n) => {
    c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  }));
  let crc = 0xffffffff;
  for (const byte of buf) crc = table[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function makeLogoPng(width = 600, height = 240) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x += 1) {
      const i = row + 1 + x * 3;
      const inCircle = (x - 120) ** 2 + (y - 120) ** 2 < 90 ** 2;
      const inBar = x > 240 && x < 570 && ((y > 70 && y < 110) || (y > 130 && y < 160));
      if (inCircle) {
        raw[i] = 26 + ((x + y) % 40);
        raw[i + 1] = 54 + (y % 60);
        raw[i + 2] = 93 + (x % 80);
      } else if (inBar) {
        raw[i] = 66;
        raw[i + 1] = 153;
        raw[i + 2] = 225 - (x % 30);
      } else {
        raw[i] = 255 - (y % 8);
        raw[i + 1] = 255 - (x % 6);
        raw[i + 2] = 255;
      }
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

// ── The code under test, bundled the way a browser gets it (jsPDF included, loaded by the dynamic import).
const ENTRY = `
export { renderQuotePdf, renderInvoicePdf, renderCreditNotePdf } from './shared/documents/src/pdf/render';
export {
  SAMPLE_CLIENT,
  SAMPLE_COMPANY,
  customization,
  sampleQuote,
  sampleInvoice,
  sampleLines,
} from './shared/documents/src/testing/fixtures';
`;

async function bundle(platform) {
  const { build } = await import('esbuild');
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: repoRoot, loader: 'ts', sourcefile: 'pdf-bench-entry.ts' },
    bundle: true,
    write: false,
    minify: true,
    platform,
    format: platform === 'browser' ? 'iife' : 'esm',
    globalName: platform === 'browser' ? 'PdfBench' : undefined,
    target: 'es2022',
    logLevel: 'error',
    // jsPDF's optional html()/svg helpers are never used by the renderer.
    external: ['html2canvas', 'dompurify', 'canvg'],
    // The Unicode PDF font (a webpack asset in the apps): inlined, fetched from its data: URL like the app fetches it.
    loader: { '.ttf': 'dataurl' },
    // jsPDF's Node build require()s built-ins: give the ESM bundle a require.
    banner:
      platform === 'node'
        ? { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" }
        : undefined,
  });
  return result.outputFiles[0].text;
}

// Runs inside the page (Chromium) or in Node: same code, same numbers.
async function measure(api, logo, runs, longRuns) {
  const now = () => performance.now();
  const company = { ...api.SAMPLE_COMPANY, logo };
  const input = (lines) => ({
    quote: api.sampleQuote(lines, 'DE0001'),
    client: api.SAMPLE_CLIENT,
    company,
    customization: api.customization({ tableStyle: 'striped' }),
  });
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

  let t = now();
  const first = await api.renderQuotePdf(input(30));
  const firstMs = now() - t;
  for (let i = 0; i < 3; i += 1) await api.renderQuotePdf(input(30));
  const times30 = [];
  let last30;
  for (let i = 0; i < runs; i += 1) {
    t = now();
    last30 = await api.renderQuotePdf(input(30));
    times30.push(now() - t);
  }
  const times500 = [];
  let last500;
  for (let i = 0; i < longRuns; i += 1) {
    t = now();
    last500 = await api.renderQuotePdf(input(500));
    times500.push(now() - t);
  }
  const toBase64 = (bytes) => {
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  };
  // Issue 8: a 30-line invoice (mentions, insurance) and its avoir; issue 10: devis sizes and emoji.
  const insured = {
    ...company,
    insurance: { name: 'Assurance décennale', insurer: 'MAAF Assurances', address: '79036 Niort', coverage: 'France' },
  };
  const invoiceInput = (lines) => ({
    invoice: { ...api.sampleInvoice(lines, 'FA0001'), serviceDate: '2026-11-14' },
    quoteNumber: 'DE0001',
    client: api.SAMPLE_CLIENT,
    company: insured,
    customization: api.customization({ tableStyle: 'striped' }),
  });
  const timed = async (fn, n) => {
    await fn();
    const xs = [];
    let out;
    for (let i = 0; i < n; i += 1) {
      const s = now();
      out = await fn();
      xs.push(now() - s);
    }
    return { median: median(xs), p90: pct(xs, 0.9), max: Math.max(...xs), runs: xs.length, bytes: out.bytes.length };
  };
  const inv30 = await timed(() => api.renderInvoicePdf(invoiceInput(30)), runs);
  const avoir30 = await timed(
    () =>
      api.renderCreditNotePdf({
        creditNote: {
          number: 'AV0001',
          date: '2026-11-23',
          reason: 'cancel',
          invoiceNumber: 'FA0001',
          invoiceDate: '2026-11-21',
          tasks: api.sampleLines(30),
          tvaRate: 10,
        },
        client: api.SAMPLE_CLIENT,
        company: insured,
        customization: api.customization(),
      }),
    Math.max(5, Math.floor(runs / 2)),
  );
  const noLogo = { ...api.SAMPLE_COMPANY, logo: '' };
  const devisInput = (tasks) => ({
    quote: { ...api.sampleQuote(1, 'DE0002'), tasks },
    client: api.SAMPLE_CLIENT,
    company: noLogo,
    customization: api.customization(),
  });
  const emojiTasks = api
    .sampleLines(30)
    .map((line, i) => ({ ...line, name: `${line.name} ${['😀', '👍', '🔧'][i % 3]}` }));
  t = now();
  await api.renderQuotePdf(devisInput(emojiTasks));
  const emojiFirstMs = now() - t;
  const devis30 = await timed(
    () => api.renderQuotePdf(devisInput(api.sampleLines(30))),
    Math.max(5, Math.floor(runs / 2)),
  );
  const devis30Emoji = await timed(() => api.renderQuotePdf(devisInput(emojiTasks)), Math.max(5, Math.floor(runs / 2)));
  return {
    inv30,
    avoir30,
    devis30,
    devis30Emoji,
    emojiFirstMs,
    firstMs,
    warnings: first.warnings,
    q30: {
      median: median(times30),
      p90: pct(times30, 0.9),
      min: Math.min(...times30),
      max: Math.max(...times30),
      runs: times30.length,
      bytes: last30.bytes.length,
    },
    q500: {
      median: median(times500),
      max: Math.max(...times500),
      runs: times500.length,
      bytes: last500.bytes.length,
      pdf: toBase64(last500.bytes),
    },
  };
}

async function readPages(bytes) {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: false });
  return { totalPages, text };
}

/** Page breaks are right when every line is printed once, in order, every page is numbered n/N and every
 *  page holding lines starts them under the repeated table header. */
async function checkLongQuote(pdfBase64) {
  const { totalPages, text } = await readPages(Buffer.from(pdfBase64, 'base64'));
  const flat = text.map((t) => t.replace(/\s+/g, ' '));
  const lots = [...flat.join(' ').matchAll(/lot (\d+)/g)].map((m) => Number(m[1]));
  const linesInOrder = lots.length === 500 && lots.every((n, i) => n === i + 1);
  const numbered = flat.every((t, i) => t.includes(`Page ${i + 1}/${totalPages}`));
  const headers = flat
    .filter((t) => /lot \d+/.test(t))
    .every((t) => /Description Quantité Prix unitaire HT Total HT/.test(t));
  // Expected count from the spec geometry: rows of 7 mm from y≈top to pageHeight − 50.
  return {
    pages: totalPages,
    linesInOrder,
    numbered,
    headerRepeated: headers,
    ok: linesInOrder && numbered && headers,
  };
}

async function report(env, result) {
  const check = await checkLongQuote(result.q500.pdf);
  emit({
    bench: 'pdf',
    env,
    case: 'quote-30-lines-logo',
    medianMs: +result.q30.median.toFixed(1),
    p90Ms: +result.q30.p90.toFixed(1),
    minMs: +result.q30.min.toFixed(1),
    maxMs: +result.q30.max.toFixed(1),
    runs: result.q30.runs,
    budgetMs: BUDGET_30_MS,
    ok: result.q30.median <= BUDGET_30_MS,
    fileBytes: result.q30.bytes,
    warnings: result.warnings,
  });
  emit({ bench: 'pdf', env, case: 'first-render-incl-jspdf-init', ms: +result.firstMs.toFixed(1) });
  const row = (name, r, budgetMs, budgetBytes) => {
    emit({
      bench: 'pdf',
      env,
      case: name,
      medianMs: +r.median.toFixed(1),
      p90Ms: +r.p90.toFixed(1),
      maxMs: +r.max.toFixed(1),
      runs: r.runs,
      fileBytes: r.bytes,
      ...(budgetMs ? { budgetMs } : {}),
      ...(budgetBytes ? { budgetBytes } : {}),
      ok: (!budgetMs || r.median <= budgetMs) && (!budgetBytes || r.bytes <= budgetBytes),
    });
    log(`${env}: ${name} median ${r.median.toFixed(1)} ms, ${r.bytes} B`);
  };
  row('invoice-30-lines-logo-mentions', result.inv30, BUDGET_30_MS);
  row('avoir-30-lines-logo', result.avoir30, BUDGET_30_MS);
  row('devis-30-lines-no-logo', result.devis30, 0, 200 * 1024);
  row('devis-30-lines-no-logo-emoji', result.devis30Emoji, 0, 200 * 1024);
  emit({ bench: 'pdf', env, case: 'first-emoji-render-incl-emoji-font', ms: +result.emojiFirstMs.toFixed(1) });
  emit({
    bench: 'pdf',
    env,
    case: 'quote-500-lines-logo',
    medianMs: +result.q500.median.toFixed(1),
    maxMs: +result.q500.max.toFixed(1),
    runs: result.q500.runs,
    budgetMs: BUDGET_500_MS,
    ok: result.q500.median <= BUDGET_500_MS && check.ok,
    fileBytes: result.q500.bytes,
    ...check,
  });
  log(
    `${env}: 30 lines median ${result.q30.median.toFixed(1)} ms (${result.q30.bytes} B), 500 lines median ${result.q500.median.toFixed(1)} ms, ${check.pages} pages, breaks ${check.ok ? 'ok' : 'WRONG'} (${result.q500.bytes} B)`,
  );
}

async function inChromium(browserBundle, logo) {
  if (!existsSync(CHROMIUM_PATH)) {
    log(`no Chromium at ${CHROMIUM_PATH}: skipped (apt-get install -y chromium)`);
    emit({ bench: 'pdf', env: 'chromium', skipped: `no Chromium at ${CHROMIUM_PATH}` });
    return;
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html lang="fr"><body></body></html>');
    await page.addScriptTag({ content: browserBundle });
    const version = browser.version();
    const result = await page.evaluate(
      async ({ source, logo, runs, longRuns }) => {
        const fn = new Function(`return (${source})`)();
        return fn(globalThis.PdfBench, logo, runs, longRuns);
      },
      { source: measure.toString(), logo, runs: RUNS, longRuns: LONG_RUNS },
    );
    await report(`chromium ${version}`, result);
  } finally {
    await browser.close();
  }
}

async function inNode(nodeBundle, logo) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-bench-'));
  try {
    // Inside the repo tree so the bundle's bare imports (none expected) would resolve like the app's.
    const file = path.join(dir, 'bench.mjs');
    writeFileSync(file, nodeBundle);
    const api = await import(pathToFileURL(file).href);
    const result = await measure(api, logo, RUNS, LONG_RUNS);
    await report(`node ${process.version}`, result);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const logo = makeLogoPng();
  const logoBytes = Buffer.from(logo.split(',')[1], 'base64').length;
  emit({ bench: 'pdf', case: 'logo', format: 'png', width: 600, height: 240, bytes: logoBytes });
  log(`bundling @atelier/documents (esbuild), logo ${logoBytes} B`);
  const [browserBundle, nodeBundle] = await Promise.all([bundle('browser'), bundle('node')]);
  emit({ bench: 'pdf', case: 'bundle', browserBytes: Buffer.byteLength(browserBundle) });
  if (!process.argv.includes('--node-only')) await inChromium(browserBundle, logo);
  if (!process.argv.includes('--chromium-only')) await inNode(nodeBundle, logo);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
