// Test helper: reads a generated PDF back as text, one string per page, with pdf.js (through unpdf).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { inflateSync } from 'node:zlib';

const SCRIPT = path.join(__dirname, 'read-pdf.mjs');

export function readPdfPages(bytes: Uint8Array): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [SCRIPT], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`PDF text extraction failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as string[]);
    });
    child.stdin?.end(Buffer.from(bytes));
  });
}

/** The PDF's streams, inflated when Flate-compressed (to look at drawing operators). */
export function pdfContentStreams(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes);
  const out: string[] = [];
  let from = 0;
  for (;;) {
    const start = buffer.indexOf('stream', from, 'latin1');
    if (start < 0) break;
    const dataStart = start + (buffer[start + 6] === 0x0d ? 8 : 7);
    const end = buffer.indexOf('endstream', dataStart, 'latin1');
    if (end < 0) break;
    const data = buffer.subarray(dataStart, end);
    try {
      out.push(inflateSync(data).toString('latin1'));
    } catch {
      out.push(data.toString('latin1'));
    }
    from = end + 9;
  }
  return out;
}
