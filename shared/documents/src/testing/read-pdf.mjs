// Reads a PDF from stdin and prints its text as a JSON array (one string per page).
// Runs as a child process: unpdf's pdf.js bundle is ESM-only and Jest runs tests as CommonJS.
import { extractText, getDocumentProxy } from 'unpdf';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
const { text } = await extractText(pdf, { mergePages: false });
process.stdout.write(JSON.stringify(text));
