// Factur-X generation server-side (issue 28, budget ≤ 300 ms median): a 30-line invoice's CII XML built from
// EInvoice figures and attached to a ~200 KB visual PDF (PDF/A-3 metadata, output intent), as the facturx Edge
// Function does after its database reads. Node, in-process; prints one JSON line.
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';

import { buildCiiXml } from '../../shared/domain/src/einvoice/cii.ts';
import type { EInvoice, EInvoiceLine } from '../../shared/domain/src/einvoice/model.ts';
import { attachFacturX } from '../../shared/domain/src/einvoice/pdf/index.ts';
import { caseA } from '../../shared/domain/src/einvoice/testing/fixtures.ts';

const SMOKE = process.env.ATELIER_BENCH_SMOKE === '1';
const RUNS = SMOKE ? 1 : 30;
const BUDGET_MS = 300;

function thirtyLines(): EInvoice {
  const lines: EInvoiceLine[] = Array.from({ length: 30 }, (_, i) => ({
    id: String(i + 1),
    name: `Poste ${i + 1} — fourniture et pose`,
    description: 'Travaux de rénovation, main-d’œuvre comprise',
    quantity: 2.5,
    unitCode: 'MTK',
    netPriceCents: 4000 + i * 10,
    netAmountCents: (4000 + i * 10) * 2.5,
    vatCode: 'S',
    vatRate: 10,
  }));
  const base = lines.reduce((s, l) => s + l.netAmountCents, 0);
  const vat = Math.round(base / 10); // 10 %: base is a multiple of 5 cents here, so no rounding question.
  return {
    ...caseA,
    lines,
    vatBreakdown: [{ vatCode: 'S', rate: 10, baseCents: base, vatCents: vat }],
    totals: {
      lineTotalCents: base,
      taxBasisCents: base,
      vatCents: vat,
      grandTotalCents: base + vat,
      prepaidCents: 0,
      duePayableCents: base + vat,
    },
  };
}

async function visualPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 2; p++) {
    const page = doc.addPage();
    for (let y = 20; y < 800; y += 10)
      page.drawText(`Ligne ${y} — Pose de carrelage 2,5 m² × 40,00 € = 100,00 €`, { x: 20, y, size: 8, font });
  }
  // jsPDF's invoices are ~200 KB, mostly the embedded TrueType font: the same weight as one opaque stream.
  const fontLike = new Uint8Array(200_000).map((_, i) => (i * 2654435761) >>> 24);
  page0(doc).node.set(PDFName.of('FontLike'), doc.context.register(doc.context.stream(fontLike)));
  return doc.save();
}

const page0 = (doc: PDFDocument) => doc.getPage(0);

async function main() {
  const invoice = thirtyLines();
  const pdf = await visualPdf();
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < RUNS + (SMOKE ? 0 : 3); i++) {
    const started = performance.now();
    const xml = buildCiiXml(invoice);
    const out = await attachFacturX(pdf, xml, {
      title: 'Facture',
      author: 'Bench',
      date: new Date('2026-11-26T12:00:00Z'),
    });
    const ms = performance.now() - started;
    size = out.length;
    if (SMOKE || i >= 3) times.push(ms); // 3 warm-up runs
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  process.stdout.write(
    `${JSON.stringify({ name: 'facturx-30-lines', runs: times.length, medianMs: Math.round(median * 10) / 10, maxMs: Math.round(times.at(-1)! * 10) / 10, inputPdfBytes: pdf.length, outputPdfBytes: size, budgetMs: BUDGET_MS, withinBudget: SMOKE ? null : median <= BUDGET_MS })}\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
