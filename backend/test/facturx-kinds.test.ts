// Factur-X of every kind issue_invoice makes (issue 28 acceptance (b)–(d)), through the facturx Edge Function on
// rows issued by the SQL money rules: a 30 % acompte (386) then the final invoice deducting it (BT-113, BG-3),
// situations 30 / 70 / 100 % with a 5 % retenue (BT-20), autoliquidation (AE with the buyer's VAT number), franchise
// en base (E, art. 293 B). Every
// archived PDF's factur-x.xml passes the Factur-X XSD and the EN 16931 schematron with 0 fatal.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PDFDocument } from 'pdf-lib';

import { parseEInvoiceXml } from '@atelier/domain/src/einvoice/parse.ts';
import { extractFacturX } from '@atelier/domain/src/einvoice/pdf/index.ts';
import {
  computeDocumentTotals,
  planDeposit,
  planSituation,
  toMoneyLines,
  type MoneyLine,
  type StoredLine,
} from '@atelier/domain/src/invoicing';
import { validateEInvoices } from '../../scripts/lib/validate-einvoice.cjs';
import type { RunningBackend } from '../src/server.ts';
import { raw, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

jest.setTimeout(240_000);

let backend: RunningBackend;
let alice: SignedInUser;
let clientId: string;
let pdf: string;

const THREE_RATES: StoredLine[] = [
  { name: 'Carrelage sol', unit: 'm2', price: 30, quantity: 65, vatRate: 5.5, vatCategory: 'reduced_renovation' },
  { name: 'Plomberie', unit: 'forfait', price: 828.5, quantity: 1, vatRate: 10, vatCategory: 'reduced_renovation' },
  { name: 'Fourniture meuble', unit: 'unité', price: 319.5, quantity: 1, vatRate: 20, vatCategory: 'standard' },
];
const ASSUJETTI = { regime: 'assujetti' as const, documentRate: 20 };
const SNAPSHOT = {
  company: {
    name: 'Durand Rénovation',
    vatRegime: 'assujetti',
    tva: 'FR44732829320',
    siret: '73282932000074',
    address: '12 rue des Artisans\n69003 Lyon',
    rib: { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' },
  },
  client: { name: 'SCI Les Tilleuls', email: 'sci@example.fr', vatNumber: 'FR96552100554' },
};

beforeAll(async () => {
  backend = await startTestBackend();
  alice = await signUpUser(backend, 'facturx-kinds');
  const client = await alice.client
    .from('clients')
    .insert({
      name: 'SCI Les Tilleuls',
      email: 'sci.kinds@example.fr',
      address: '4 place Bellecour, 69002 Lyon',
      user_id: alice.id,
    })
    .select()
    .single();
  if (client.error) throw new Error(client.error.message);
  clientId = client.data.id;
  const doc = await PDFDocument.create();
  doc.addPage();
  pdf = Buffer.from(await doc.save()).toString('base64');
});
afterAll(async () => {
  await backend?.close();
});

async function newQuote(lines: StoredLine[], extra: Record<string, unknown> = {}) {
  const totals = computeDocumentTotals(toMoneyLines(lines, ASSUJETTI));
  const { data, error } = await alice.client
    .from('quotes')
    .insert({
      user_id: alice.id,
      client_id: clientId,
      number: `DE-K${Math.random().toString(36).slice(2, 8)}`,
      lines,
      vat_rate: 20,
      vat_regime: 'assujetti',
      total_ht_cents: totals.totalHTCents,
      tva_cents: totals.totalVatCents,
      total_ttc_cents: totals.totalTTCCents,
      snapshot: SNAPSHOT,
      ...extra,
    })
    .select()
    .single();
  if (error) throw new Error(error.message);
  return data as { id: string };
}

const asStored = (lines: MoneyLine[], label: (i: number) => string): StoredLine[] =>
  lines.map((l, i) => ({
    name: label(i),
    unit: 'forfait',
    price: l.unitPriceCents / 100,
    quantity: 1,
    vatRate: l.vatRate,
    vatCategory: l.vatCategory,
  }));

/** Issues a draft, archives its Factur-X through the function, and returns the XML read back from the archive. */
async function issueAndArchive(
  quote: { id: string },
  lines: StoredLine[],
  extra: Record<string, unknown> = {},
  vatCents?: Record<string, number>,
): Promise<{ row: Record<string, unknown>; xml: string }> {
  const totals = computeDocumentTotals(toMoneyLines(lines, ASSUJETTI), { vatCents });
  const inserted = await alice.client
    .from('invoices')
    .insert({
      user_id: alice.id,
      client_id: clientId,
      quote_id: quote.id,
      lines,
      vat_rate: 20,
      vat_regime: 'assujetti',
      total_ht_cents: totals.totalHTCents,
      tva_cents: totals.totalVatCents,
      total_ttc_cents: totals.totalTTCCents,
      snapshot: SNAPSHOT,
      ...extra,
    })
    .select()
    .single();
  if (inserted.error) throw new Error(inserted.error.message);
  const issued = await alice.client.rpc('issue_invoice', { p_id: inserted.data.id });
  if (issued.error) throw new Error(issued.error.message);
  const row = issued.data as Record<string, unknown>;
  const res = await raw(backend, '/functions/v1/facturx', {
    method: 'POST',
    token: alice.accessToken,
    body: JSON.stringify({ documentId: row.id, table: 'invoices', pdf }),
  });
  if (res.status !== 200) throw new Error(`facturx ${res.status}: ${res.text}`);
  const file = await alice.client.storage.from('documents').download((res.json as { path: string }).path);
  const xml = await extractFacturX(new Uint8Array(await file.data!.arrayBuffer()));
  return { row, xml: xml! };
}

it('acompte, final invoice, situations with retenue, autoliquidation and franchise: valid Factur-X with the server’s figures', async () => {
  const xmls: Record<string, string> = {};

  // (b) 30 % acompte (386), then the final invoice deducting it.
  const quote = await newQuote(THREE_RATES);
  const planned = planDeposit(toMoneyLines(THREE_RATES, ASSUJETTI), { percent: 30 });
  if (!planned.ok) throw new Error(planned.message);
  const deposit = await issueAndArchive(
    quote,
    asStored(planned.plan.lines, (i) => `Acompte de 30 % — ligne ${i + 1}`),
    { kind: 'deposit', deposit_percent: 30 },
  );
  xmls.deposit = deposit.xml;
  expect(parseEInvoiceXml(deposit.xml)).toMatchObject({ typeCode: '386', totals: { ttcCents: 100561 } });
  const final = await issueAndArchive(quote, THREE_RATES);
  xmls.final = final.xml;
  expect(parseEInvoiceXml(final.xml)).toMatchObject({
    typeCode: '380',
    totals: { htCents: 309800, vatCents: 25400, ttcCents: 335200, prepaidCents: 100561, dueCents: 335200 - 100561 },
  });
  expect(final.xml).toContain(`<ram:IssuerAssignedID>${deposit.row.number}</ram:IssuerAssignedID>`);

  // (c) situations 30 / 70 / 100 % with a 5 % retenue.
  const job = await newQuote(THREE_RATES, { progress_billing: true, retenue_percent: 5 });
  const money = toMoneyLines(THREE_RATES, ASSUJETTI);
  const names = THREE_RATES.map((l) => l.name);
  const steps = [
    [0, 0, 0],
    [30, 30, 30],
    [70, 70, 70],
    [100, 100, 100],
  ];
  const situations: number[] = [];
  for (let k = 1; k < steps.length; k++) {
    const plan = planSituation(money, names, steps[k - 1]!, steps[k]!);
    if (!plan.ok) throw new Error(plan.message);
    const progress = steps[k]!.map((current, i) => ({ previous: steps[k - 1]![i], current }));
    const { xml } = await issueAndArchive(
      job,
      asStored(plan.plan.lines, (i) => `${names[i]} — avancement ${steps[k]![i]} %`),
      { kind: 'situation', progress, retenue_percent: 5 },
      plan.plan.vatCents,
    );
    xmls[`situation-${k}`] = xml;
    situations.push(parseEInvoiceXml(xml).totals.ttcCents);
  }
  expect(situations).toEqual([100561, 134080, 100559]);
  expect(xmls['situation-1']).toMatch(
    /Retenue de garantie de 5 % \(loi 71-584\) : 50,28 € retenus.*net à payer 955,33 €/,
  );

  // (d) autoliquidation: AE, rate 0, the buyer's VAT number.
  const sub: StoredLine[] = [
    {
      name: 'Sous-traitance plomberie',
      unit: 'forfait',
      price: 2000,
      quantity: 1,
      vatRate: 0,
      vatCategory: 'autoliquidation',
    },
  ];
  const auto = await issueAndArchive(await newQuote(sub), sub);
  xmls.autoliquidation = auto.xml;
  expect(auto.xml).toContain('<ram:CategoryCode>AE</ram:CategoryCode>');
  expect(auto.xml).toContain('<ram:ExemptionReason>Autoliquidation</ram:ExemptionReason>');
  expect(auto.xml).toContain('<ram:ID schemeID="VA">FR96552100554</ram:ID>');

  // (e) franchise en base: no VAT number, category E with the 293 B mention, the SIREN as tax registration.
  const franchiseLines: StoredLine[] = [
    { name: 'Peinture chambre', unit: 'm2', price: 18, quantity: 24.5, vatRate: 0, vatCategory: 'franchise' },
  ];
  const franchiseSnapshot = {
    ...SNAPSHOT,
    company: { ...SNAPSHOT.company, vatRegime: 'franchise', tva: '', siret: '44306184100047' },
  };
  const franchise = await issueAndArchive(
    await newQuote(franchiseLines, { vat_regime: 'franchise', snapshot: franchiseSnapshot }),
    franchiseLines,
    { vat_regime: 'franchise', snapshot: franchiseSnapshot },
  );
  xmls.franchise = franchise.xml;
  expect(franchise.xml).toContain('<ram:ExemptionReason>TVA non applicable, art. 293 B du CGI</ram:ExemptionReason>');
  expect(franchise.xml).toContain('<ram:ID schemeID="FC">443061841</ram:ID>');
  expect(parseEInvoiceXml(franchise.xml).totals).toMatchObject({ htCents: 44100, vatCents: 0, ttcCents: 44100 });

  const dir = mkdtempSync(path.join(os.tmpdir(), 'facturx-kinds-'));
  try {
    const files = Object.entries(xmls).map(([name, xml]) => {
      const file = path.join(dir, `${name}.xml`);
      writeFileSync(file, xml);
      return file;
    });
    const results = validateEInvoices(files);
    expect(results.map((r) => ({ file: path.basename(r.file), errors: r.errors }))).toEqual(
      files.map((f) => ({ file: path.basename(f), errors: [] })),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
