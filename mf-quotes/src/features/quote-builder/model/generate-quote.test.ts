import { quoteDocumentInput } from '@atelier/documents';
import { DEFAULT_CUSTOMIZATION, INVOICING_MESSAGES, clientBookSchema, type Quote } from '@atelier/domain';

import { saveQuoteToClient } from './client-book';

import { buildQuote, generateQuote, validateForGeneration, type GenerationDeps } from './generate-quote';
import { EMPTY_DRAFT, addLine, mergeClient, setTitle, type DraftClient, type QuoteDraft } from './quote-draft';

const CATALOGUE = [{ name: 'Peinture', unit: 'm2', price: 12.5 }];
const ready: QuoteDraft = setTitle(
  addLine(mergeClient(EMPTY_DRAFT, { name: 'Jean Dupont', email: ' jean@dupont.fr ' }), CATALOGUE),
  'Rénovation salon',
);

function deps(overrides: Partial<GenerationDeps> = {}) {
  const saved: Array<{ client: DraftClient; quote: Quote }> = [];
  const stored = new Map<string, Uint8Array>();
  const d: GenerationDeps = {
    consumeQuoteCredit: jest.fn(async () => ({
      allowed: true,
      number: 'DE0007',
      plan: 'free' as const,
      quotesUsed: 1,
      remaining: 2,
    })),
    renderQuotePdf: jest.fn(async ({ quote }) => ({
      bytes: new Uint8Array([37, 80, 68, 70]),
      fileName: `devis-${quote.number}.pdf`,
      warnings: [],
    })),
    storeDocument: jest.fn(async (id, bytes) => void stored.set(id, bytes)),
    saveQuote: jest.fn((client, quote) => {
      saved.push({ client, quote });
      return { ok: true } as const;
    }),
    company: () => ({
      name: 'Atelier Martin',
      address: '',
      phone: '',
      email: '',
      website: '',
      siret: '',
      tva: '',
      rib: { bank: '', iban: '', bic: '' },
      logo: '',
      footer: '',
    }),
    customization: () => DEFAULT_CUSTOMIZATION,
    now: () => new Date('2026-11-21T10:00:00.000Z'),
    ...overrides,
  };
  return { d, saved, stored };
}

describe('validateForGeneration: the money model and the devis options (issue 28)', () => {
  const company = { name: 'Atelier' };
  it('refuses a line with VAT for a franchise company, a rate outside the list, a retenue over 5 %', () => {
    const withRate = { ...ready, lines: ready.lines.map((l) => ({ ...l, vatRate: 10 })) };
    expect(validateForGeneration(withRate, { ...company, vatRegime: 'franchise' })).toBe(
      INVOICING_MESSAGES.franchiseWithVat,
    );
    // Lines without a rate of their own have none under the franchise: accepted.
    expect(validateForGeneration(ready, { ...company, vatRegime: 'franchise' })).toBeNull();
    expect(validateForGeneration({ ...ready, vatRate: 8.5 }, company)).toMatch(/Taux de TVA non autorisé/);
    expect(validateForGeneration({ ...ready, options: { progressBilling: true, retenuePercent: 6 } }, company)).toBe(
      INVOICING_MESSAGES.retenueTooHigh,
    );
    expect(validateForGeneration({ ...ready, options: { depositPercent: 120 } }, company)).toMatch(/acompte/);
  });
  it('stores the options with the devis and autoliquidation lines as AE', () => {
    const quote = buildQuote(
      { ...ready, options: { depositPercent: 30, progressBilling: true, retenuePercent: 5, autoliquidation: true } },
      { id: 'q', number: 'DE0001', date: new Date('2026-11-26T10:00:00Z') },
    );
    expect(quote).toMatchObject({ depositPercent: 30, progressBilling: true, retenuePercent: 5, tva: 0 });
    expect(quote.tasks[0]).toMatchObject({ vatRate: 0, vatCategory: 'autoliquidation' });
  });
});

describe('validateForGeneration', () => {
  it('checks tasks, then email, then name, then the company name, with the spec messages', () => {
    const withLine = { ...EMPTY_DRAFT, lines: ready.lines };
    expect(validateForGeneration(EMPTY_DRAFT)).toBe('Au moins une tâche est requise pour générer un devis.');
    expect(validateForGeneration(mergeClient(EMPTY_DRAFT, { email: 'a@b.fr', name: 'A' }))).toBe(
      'Au moins une tâche est requise pour générer un devis.',
    );
    expect(validateForGeneration(mergeClient(withLine, { email: '   ' }))).toBe(
      "L'email du client est requis pour générer un devis.",
    );
    expect(validateForGeneration(mergeClient(withLine, { email: 'a@b.fr' }))).toBe(
      'Le nom du client est requis pour générer un devis.',
    );
    expect(validateForGeneration(ready)).toBeNull();
    expect(validateForGeneration(ready, { name: ' ' })).toMatch(/nom de votre entreprise.*Entreprise/);
    expect(validateForGeneration(ready, { name: 'Atelier Martin' })).toBeNull();
  });
});

describe('generateQuote', () => {
  it('refuses an invalid draft without consuming a credit', async () => {
    const { d } = deps();
    expect(await generateQuote(EMPTY_DRAFT, d)).toEqual({
      ok: false,
      message: 'Au moins une tâche est requise pour générer un devis.',
    });
    expect(d.consumeQuoteCredit).not.toHaveBeenCalled();
  });

  it('numbers the quote from the credit, renders it, keeps the bytes and saves it into the client list', async () => {
    const { d, saved, stored } = deps();
    const result = await generateQuote(ready, d);
    if (!result.ok) throw new Error(result.message);
    expect(result.quote).toEqual({
      id: `quote-${Date.parse('2026-11-21T10:00:00.000Z')}`,
      number: 'DE0007',
      date: '2026-11-21T10:00:00.000Z',
      // Issue 28: each line stored with its rate and category, the devis with the company's regime.
      tasks: [{ name: 'Peinture', unit: 'm2', price: 12.5, quantity: 1, vatRate: 20, vatCategory: 'standard' }],
      vatRegime: 'assujetti',
      totalHT: 12.5,
      tva: 2.5,
      total: 15,
      tvaRate: 20,
      pdfData: '',
      projectTitle: 'Rénovation salon',
      snapshot: {
        company: expect.objectContaining({ name: 'Atelier Martin' }),
        customization: DEFAULT_CUSTOMIZATION,
        client: { name: 'Jean Dupont', email: 'jean@dupont.fr', phone: '', address: '' },
      },
    });
    expect(result.fileName).toBe('devis-DE0007.pdf');
    expect(result.totalCents).toBe(1500);
    expect(stored.get(result.quote.id)).toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(saved[0]?.client.email).toBe('jean@dupont.fr');
    expect(saved[0]?.quote.id).toBe(result.quote.id);
    expect(d.renderQuotePdf).toHaveBeenCalledWith(
      expect.objectContaining({ client: expect.objectContaining({ name: 'Jean Dupont' }) }),
    );
  });

  it('stores the snapshot it printed from, so the stored quote regenerates the same PDF input', async () => {
    const company = {
      name: 'Atelier Martin',
      address: '3 rue Neuve',
      phone: '',
      email: '',
      website: '',
      siret: '55208131700046',
      tva: '',
      rib: { bank: '', iban: '', bic: '' },
      logo: 'data:image/png;base64,AAAA',
      footer: '',
    };
    const customization = { ...DEFAULT_CUSTOMIZATION, tableStyle: 'striped' as const, additionalText: 'Acompte 30 %' };
    const { d, saved } = deps({ company: () => company, customization: () => customization });
    const result = await generateQuote(ready, d);
    if (!result.ok) throw new Error(result.message);
    // Later edits of the company or settings do not change the issued quote.
    company.name = 'Renamed';
    customization.additionalText = 'changed';
    // The stored quote goes through the client book's schema (what a reload reads back).
    const [client] = clientBookSchema.parse(
      JSON.parse(JSON.stringify(saveQuoteToClient([], saved[0]!.client, saved[0]!.quote))),
    );
    const stored = client!.quotes[0]!;
    expect(stored.snapshot?.company.name).toBe('Atelier Martin');
    expect(stored.snapshot?.customization.additionalText).toBe('Acompte 30 %');
    const rendered = (d.renderQuotePdf as jest.Mock).mock.calls[0][0];
    const again = quoteDocumentInput(stored);
    expect(again).toEqual({
      quote: {
        number: 'DE0007',
        date: rendered.quote.date,
        tasks: rendered.quote.tasks,
        tvaRate: 20,
        projectTitle: 'Rénovation salon',
        vatRegime: 'assujetti',
      },
      client: rendered.client,
      company: rendered.company,
      customization: rendered.customization,
    });
  });

  it('the snapshot logo is kept aside once (IndexedDB) and the stored quote only references it', async () => {
    const logo = 'data:image/png;base64,AAAA';
    const company = {
      name: 'Atelier Martin',
      address: '',
      phone: '',
      email: '',
      website: '',
      siret: '',
      tva: '',
      rib: { bank: '', iban: '', bic: '' },
      logo,
      footer: '',
    };
    const keepLogo = jest.fn(async () => 'logo-abc');
    const { d, saved } = deps({ company: () => company, keepLogo });
    const result = await generateQuote(ready, d);
    if (!result.ok) throw new Error(result.message);
    // Printed with the logo…
    expect((d.renderQuotePdf as jest.Mock).mock.calls[0][0].company.logo).toBe(logo);
    // …stored without repeating it.
    expect(keepLogo).toHaveBeenCalledWith(logo);
    expect(saved[0]?.quote.snapshot).toMatchObject({
      logoId: 'logo-abc',
      company: { name: 'Atelier Martin', logo: '' },
    });
    expect(JSON.stringify(saved[0]?.quote)).not.toContain(logo);
  });

  it('a full client book: the quote is saved again without the snapshot logo', async () => {
    const company = {
      name: 'Atelier Martin',
      address: '',
      phone: '',
      email: '',
      website: '',
      siret: '',
      tva: '',
      rib: { bank: '', iban: '', bic: '' },
      logo: 'data:image/png;base64,AAAA',
      footer: '',
    };
    const attempts: Quote[] = [];
    const { d } = deps({
      company: () => company,
      saveQuote: jest.fn((_client, quote: Quote) => {
        attempts.push(quote);
        return quote.snapshot?.company.logo ? { ok: false as const, message: 'plein' } : { ok: true as const };
      }),
    });
    const result = await generateQuote(ready, d);
    if (!result.ok) throw new Error(result.message);
    expect(result.warnings).toEqual([]);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]?.snapshot?.company).toEqual({ ...company, logo: '' });
    expect(attempts[1]?.snapshot?.client.name).toBe('Jean Dupont');
  });

  it('a refused credit gives the quota message and renders nothing', async () => {
    const { d } = deps({
      consumeQuoteCredit: jest.fn(async () => ({
        allowed: false,
        number: null,
        plan: 'free' as const,
        quotesUsed: 3,
        remaining: 0,
      })),
    });
    expect(await generateQuote(ready, d)).toEqual({
      ok: false,
      message:
        'Vous avez atteint votre limite de devis mensuelle. Passez à un plan supérieur pour créer des devis illimités.',
    });
    expect(d.renderQuotePdf).not.toHaveBeenCalled();
  });

  it('any failure gives the generic message', async () => {
    const { d } = deps({
      renderQuotePdf: jest.fn(async () => {
        throw new Error('boom');
      }),
    });
    expect(await generateQuote(ready, d)).toEqual({
      ok: false,
      message: 'Une erreur est survenue lors de la génération du devis',
    });
    const { d: d2 } = deps({
      consumeQuoteCredit: jest.fn(async () => {
        throw new Error('offline');
      }),
    });
    expect(await generateQuote(ready, d2)).toEqual({
      ok: false,
      message: 'Une erreur est survenue lors de la génération du devis',
    });
  });

  it('offline without a number left, it says the network is needed (the draft is untouched)', async () => {
    const { d } = deps({
      consumeQuoteCredit: jest.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const result = await generateQuote(ready, d);
      expect(result).toEqual({ ok: false, message: expect.stringMatching(/^Hors ligne : .*au retour du réseau\.$/) });
      expect(d.renderQuotePdf).not.toHaveBeenCalled();
    } finally {
      onLine.mockRestore();
    }
  });

  it('bytes that cannot be kept or a full client book are warnings, the PDF is still offered', async () => {
    const { d } = deps({
      storeDocument: jest.fn(async () => {
        throw new Error('no idb');
      }),
      saveQuote: jest.fn(() => ({
        ok: false as const,
        message: "Espace de stockage du navigateur plein : la modification n'a pas été enregistrée.",
      })),
    });
    const result = await generateQuote(ready, d);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.warnings).toHaveLength(2);
  });
});
