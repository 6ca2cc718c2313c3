import { DEFAULT_CUSTOMIZATION, quoteSchema, type Invoice, type Quote } from '@atelier/domain';

import { readPdfPages } from './testing/pdf-text';
import { SAMPLE_CLIENT, SAMPLE_COMPANY, SAMPLE_LOGO_PNG, customization, sampleLines } from './testing/fixtures';
import {
  attachSnapshotLogo,
  detachSnapshotLogo,
  invoiceDocumentInput,
  quoteDocumentInput,
  regenerateInvoicePdf,
  regenerateQuotePdf,
  takeSnapshot,
  type SnapshotFallback,
} from './snapshot';

jest.setTimeout(30_000);

const flat = (text: string) => text.replace(/\s+/g, ' ');

const issuedWith: SnapshotFallback = {
  client: SAMPLE_CLIENT,
  company: { ...SAMPLE_COMPANY, logo: '' },
  customization: customization({ tableStyle: 'bordered', additionalText: 'Acompte de 30 % à la commande.' }),
};

const storedQuote: Quote = {
  id: 'quote-1763719200000',
  number: 'DE0012',
  date: '2026-11-21T10:00:00.000Z',
  tasks: sampleLines(2),
  totalHT: 60.5,
  tva: 12.1,
  total: 72.6,
  tvaRate: 20,
  pdfData: '',
  projectTitle: 'Rénovation salle de bain',
  snapshot: takeSnapshot(issuedWith),
};

/** What the user has today: another company name, other settings, the client renamed. */
const today: SnapshotFallback = {
  client: { ...SAMPLE_CLIENT, name: 'Autre Client' },
  company: { ...SAMPLE_COMPANY, name: 'Nouvelle Raison Sociale', logo: '' },
  customization: DEFAULT_CUSTOMIZATION,
};

describe('takeSnapshot', () => {
  it('copies the inputs and keeps only the client contact fields', () => {
    const company = { ...SAMPLE_COMPANY };
    const snapshot = takeSnapshot({
      client: { ...SAMPLE_CLIENT, quotes: [] } as never,
      company,
      customization: DEFAULT_CUSTOMIZATION,
    });
    company.name = 'changed later';
    expect(snapshot.company.name).toBe(SAMPLE_COMPANY.name);
    expect(Object.keys(snapshot.client).sort()).toEqual(['address', 'email', 'name', 'phone']);
    // It survives the storage round trip (the client book schema).
    expect(quoteSchema.parse({ ...storedQuote, snapshot }).snapshot).toEqual(snapshot);
  });
});

describe('quoteDocumentInput / invoiceDocumentInput', () => {
  it('the snapshot wins over today’s data', () => {
    const input = quoteDocumentInput(storedQuote, today);
    expect(input?.company.name).toBe(SAMPLE_COMPANY.name);
    expect(input?.client.name).toBe(SAMPLE_CLIENT.name);
    expect(input?.customization.tableStyle).toBe('bordered');
    expect(input?.quote).toEqual({
      number: 'DE0012',
      date: storedQuote.date,
      tasks: storedQuote.tasks,
      tvaRate: 20,
      projectTitle: 'Rénovation salle de bain',
    });
  });

  it('a legacy quote (no snapshot, no number) uses the fallback and its id, or gives null', () => {
    const legacy: Quote = { ...storedQuote, number: undefined, snapshot: undefined };
    expect(quoteDocumentInput(legacy)).toBeNull();
    const input = quoteDocumentInput(legacy, today);
    expect(input?.company.name).toBe('Nouvelle Raison Sociale');
    expect(input?.quote.number).toBe('quote-1763719200000');
  });

  it('an invoice keeps its payment fields and the quote reference', () => {
    const invoice: Invoice = {
      id: 'invoice-1',
      number: 'FA0003',
      quoteId: storedQuote.id,
      date: storedQuote.date,
      tasks: storedQuote.tasks,
      total: 72.6,
      totalHT: 60.5,
      tva: 12.1,
      tvaRate: 20,
      pdfData: '',
      isPaid: true,
      paymentDate: '2026-11-25T00:00:00.000Z',
      snapshot: takeSnapshot(issuedWith),
    };
    const input = invoiceDocumentInput(invoice, { quoteNumber: 'DE0012', fallback: today });
    expect(input?.invoice).toMatchObject({ number: 'FA0003', isPaid: true, paymentDate: '2026-11-25T00:00:00.000Z' });
    expect(input?.quoteNumber).toBe('DE0012');
    expect(input?.company.name).toBe(SAMPLE_COMPANY.name);
    expect(invoiceDocumentInput({ ...invoice, snapshot: undefined })).toBeNull();
  });
});

describe('snapshot logos kept aside', () => {
  const withLogo = takeSnapshot({ ...issuedWith, company: { ...issuedWith.company, logo: SAMPLE_LOGO_PNG } });

  it('detaching stores the logo once and leaves its id; attaching puts it back', async () => {
    const kept = new Map<string, string>();
    const keep = jest.fn(async (dataUrl: string) => {
      kept.set('logo-1', dataUrl);
      return 'logo-1';
    });
    const detached = await detachSnapshotLogo(withLogo, keep);
    expect(detached.company.logo).toBe('');
    expect(detached.logoId).toBe('logo-1');
    expect(detached.company.name).toBe(SAMPLE_COMPANY.name);
    expect(keep).toHaveBeenCalledWith(SAMPLE_LOGO_PNG);
    // What localStorage keeps no longer carries the image.
    expect(JSON.stringify(detached)).not.toContain(SAMPLE_LOGO_PNG);

    const attached = await attachSnapshotLogo(detached, async (id) => kept.get(id));
    expect(attached.company.logo).toBe(SAMPLE_LOGO_PNG);
  });

  it('no logo, or the logo store failing, leaves the snapshot as it is', async () => {
    const noLogo = takeSnapshot(issuedWith);
    const keep = jest.fn(async () => 'logo-x');
    expect(await detachSnapshotLogo(noLogo, keep)).toBe(noLogo);
    expect(keep).not.toHaveBeenCalled();
    expect(await detachSnapshotLogo(withLogo, async () => Promise.reject(new Error('no idb')))).toBe(withLogo);
    expect(await detachSnapshotLogo(withLogo, undefined)).toBe(withLogo);
  });

  it('a logo that is gone: the document is printed without it', async () => {
    const detached = { ...withLogo, company: { ...withLogo.company, logo: '' }, logoId: 'logo-gone' };
    expect((await attachSnapshotLogo(detached, async () => undefined)).company.logo).toBe('');
    expect((await attachSnapshotLogo(detached, async () => Promise.reject(new Error('idb')))).company.logo).toBe('');
  });

  it('regenerating loads the logo kept aside and embeds it', async () => {
    const detached = { ...withLogo, company: { ...withLogo.company, logo: '' }, logoId: 'logo-1' };
    const quote = { ...storedQuote, snapshot: detached };
    const raw = (r: { bytes: Uint8Array } | null) => Buffer.from(r!.bytes).toString('latin1');
    expect(raw(await regenerateQuotePdf(quote, { loadLogo: async () => SAMPLE_LOGO_PNG }))).toContain(
      '/Subtype /Image',
    );
    expect(raw(await regenerateQuotePdf(quote, { loadLogo: async () => undefined }))).not.toContain('/Subtype /Image');
  });
});

describe('regenerateQuotePdf / regenerateInvoicePdf', () => {
  it('prints the quote as it was issued, whatever the company and settings are today', async () => {
    const result = await regenerateQuotePdf(storedQuote, { fallback: today });
    if (!result) throw new Error('no PDF');
    expect(result.fileName).toBe('devis-DE0012.pdf');
    expect(Buffer.from(result.bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const text = flat((await readPdfPages(result.bytes)).join(' '));
    expect(text).toContain('N° : DE0012');
    expect(text).toContain('Rénovations Lefèvre & Fils');
    expect(text).not.toContain('Nouvelle Raison Sociale');
    expect(text).toContain('Hélène Dubœuf');
    expect(text).not.toContain('Autre Client');
    expect(text).toContain('Acompte de 30 % à la commande.');
    expect(text).toContain('Peinture murs et plafonds (2 couches)');
  });

  it('nothing to print from without a snapshot or a fallback', async () => {
    expect(await regenerateQuotePdf({ ...storedQuote, snapshot: undefined })).toBeNull();
  });

  it('regenerates an invoice from its snapshot', async () => {
    const invoice: Invoice = {
      id: 'invoice-2',
      number: 'FA0004',
      quoteId: storedQuote.id,
      date: storedQuote.date,
      tasks: storedQuote.tasks,
      total: 72.6,
      totalHT: 60.5,
      tva: 12.1,
      tvaRate: 20,
      pdfData: '',
      isPaid: false,
      snapshot: takeSnapshot(issuedWith),
    };
    const result = await regenerateInvoicePdf(invoice, { quoteNumber: 'DE0012', fallback: today });
    if (!result) throw new Error('no PDF');
    expect(result.fileName).toBe('facture-FA0004.pdf');
    const text = flat((await readPdfPages(result.bytes)).join(' '));
    expect(text).toContain('FA0004');
    expect(text).toContain('DE0012');
    expect(text).toContain('Rénovations Lefèvre & Fils');
    expect(text).not.toContain('Nouvelle Raison Sociale');
  });
});
