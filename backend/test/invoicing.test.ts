// Issue 28: the server checks the money. The SQL rules (migration 0060) give the same figures as @atelier/domain's
// money model on the same cases (hand-made and random), and issue_invoice refuses what the domain refuses: totals
// that disagree with the lines, rates outside the list, VAT under the franchise, a regime changed since the devis,
// deposits over the devis, situations going down, autoliquidation without the buyer's VAT number. Deposits,
// situations with a retenue and the final invoice are issued end to end through supabase-js.
import {
  computeDocumentTotals,
  planDeposit,
  planSituation,
  toMoneyLines,
  type MoneyLine,
  type StoredLine,
} from '@atelier/domain/src/invoicing';

import type { RunningBackend } from '../src/server.ts';
import { signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

let backend: RunningBackend;
let alice: SignedInUser;

beforeAll(async () => {
  backend = await startTestBackend();
  alice = await signUpUser(backend, 'artisan');
});
afterAll(async () => {
  await backend?.close();
});

const THREE_RATES: StoredLine[] = [
  { name: 'Carrelage sol', unit: 'm2', price: 30, quantity: 65, vatRate: 5.5, vatCategory: 'reduced_renovation' },
  { name: 'Plomberie', unit: 'forfait', price: 828.5, quantity: 1, vatRate: 10, vatCategory: 'reduced_renovation' },
  { name: 'Fourniture meuble', unit: 'unité', price: 319.5, quantity: 1, vatRate: 20, vatCategory: 'standard' },
];
const ASSUJETTI = { regime: 'assujetti' as const, documentRate: 20 };

function snakeBreakdown(lines: MoneyLine[], vatCents?: Record<string, number>) {
  return computeDocumentTotals(lines, { vatCents }).breakdown.map((r) => ({
    category: r.category,
    code: r.code,
    rate: r.rate,
    base_cents: r.baseCents,
    vat_cents: r.vatCents,
  }));
}

async function sqlMoney(lines: unknown, regime = 'assujetti', rate = 20) {
  const { data, error } = await alice.client.rpc('document_money', {
    p_lines: lines,
    p_regime: regime,
    p_doc_rate: rate,
  });
  return { data: data as Record<string, unknown> | null, error };
}

describe("the SQL money rules are the domain's", () => {
  it('gives the reference invoice (HT 3 098,00, TVA 254,00) like computeDocumentTotals', async () => {
    const { data, error } = await sqlMoney(THREE_RATES);
    expect(error).toBeNull();
    const domain = computeDocumentTotals(toMoneyLines(THREE_RATES, ASSUJETTI));
    expect(data).toMatchObject({
      total_ht_cents: 309800,
      tva_cents: 25400,
      total_ttc_cents: 335200,
      lines: domain.lineNetCents,
      breakdown: snakeBreakdown(toMoneyLines(THREE_RATES, ASSUJETTI)),
    });
  });

  it('agrees with the domain on 150 random documents (quantities with decimals, every rate and category)', async () => {
    let seed = 2026;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const rates = [20, 10, 5.5, 2.1] as const;
    for (let doc = 0; doc < 150; doc++) {
      const auto = doc % 17 === 0;
      const lines: StoredLine[] = Array.from({ length: 1 + Math.floor(random() * 8) }, (_, i) => {
        const rate = auto ? 0 : rates[Math.floor(random() * rates.length)]!;
        return {
          name: `L${i}`,
          unit: 'm2',
          price: Math.round(random() * 500000) / 100,
          quantity: Math.round(random() * 10000) / 100,
          vatRate: rate,
          vatCategory: auto ? 'autoliquidation' : rate === 10 || rate === 5.5 ? 'reduced_renovation' : 'standard',
        };
      });
      const domain = computeDocumentTotals(toMoneyLines(lines, ASSUJETTI));
      const { data, error } = await sqlMoney(lines);
      expect(error).toBeNull();
      expect([data!.total_ht_cents, data!.tva_cents, data!.lines]).toEqual([
        domain.totalHTCents,
        domain.totalVatCents,
        domain.lineNetCents,
      ]);
    }
  });

  it('situations: SQL and planSituation give the same lines and VAT', async () => {
    const money = toMoneyLines(THREE_RATES, ASSUJETTI);
    const names = THREE_RATES.map((l) => l.name);
    const steps = [
      [0, 0, 0],
      [30, 30, 30],
      [70, 45.5, 70],
      [100, 100, 100],
    ];
    for (let k = 1; k < steps.length; k++) {
      const planned = planSituation(money, names, steps[k - 1]!, steps[k]!);
      if (!planned.ok) throw new Error(planned.message);
      const progress = steps[k]!.map((current, i) => ({ previous: steps[k - 1]![i], current }));
      const { data, error } = await alice.client.rpc('situation_money', {
        p_quote_lines: THREE_RATES,
        p_regime: 'assujetti',
        p_doc_rate: 20,
        p_progress: progress,
      });
      expect(error).toBeNull();
      expect(data).toEqual({
        lines: planned.plan.lines.map((l) => l.unitPriceCents),
        breakdown: snakeBreakdown(planned.plan.lines, planned.plan.vatCents),
        final: planned.plan.final,
      });
    }
  });

  it('refuses a rate outside the list, VAT under the franchise and mixed autoliquidation, in French', async () => {
    const bad = await sqlMoney([{ name: 'Pose', unit: 'm2', price: 10, quantity: 1, vatRate: 8.5 }]);
    expect(bad.error?.message).toBe('Pose : Taux de TVA non autorisé : choisissez 20 %, 10 %, 5,5 %, 2,1 % ou 0 %.');
    const franchise = await sqlMoney([{ name: 'Pose', unit: 'm2', price: 10, quantity: 1, vatRate: 20 }], 'franchise');
    expect(franchise.error?.message).toMatch(/^Votre entreprise est en franchise en base de TVA/);
    const mixed = await sqlMoney([
      { name: 'A', unit: 'm2', price: 10, quantity: 1, vatRate: 0, vatCategory: 'autoliquidation' },
      { name: 'B', unit: 'm2', price: 10, quantity: 1, vatRate: 20 },
    ]);
    expect(mixed.error?.message).toMatch(/^L'autoliquidation s'applique à tout le document/);
  });
});

// ---------------------------------------------------------------------------------------------------------------
let clientId: string;
const SNAPSHOT = {
  company: { name: 'Martin Rénovation', vatRegime: 'assujetti', tva: 'FR44732829320' },
  client: { name: 'SCI Les Tilleuls', email: 'sci@example.fr' },
  customization: { invoice: { paymentDeadline: 90 } },
};

async function newQuote(lines: StoredLine[], extra: Record<string, unknown> = {}) {
  if (!clientId) {
    const { data, error } = await alice.client
      .from('clients')
      .insert({ name: 'SCI Les Tilleuls', email: `sci.${Date.now()}@example.fr`, user_id: alice.id })
      .select()
      .single();
    if (error) throw new Error(error.message);
    clientId = data.id;
  }
  const totals = computeDocumentTotals(toMoneyLines(lines, ASSUJETTI));
  const { data, error } = await alice.client
    .from('quotes')
    .insert({
      user_id: alice.id,
      client_id: clientId,
      number: `DE-T${Math.random().toString(36).slice(2, 8)}`,
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
  return data as { id: string; number: string };
}

function draftRow(
  quote: { id: string },
  lines: StoredLine[],
  extra: Record<string, unknown> = {},
  vatCents?: Record<string, number>,
) {
  const totals = computeDocumentTotals(toMoneyLines(lines, ASSUJETTI), { vatCents });
  return {
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
  };
}

async function issue(row: Record<string, unknown>) {
  const inserted = await alice.client.from('invoices').insert(row).select().single();
  if (inserted.error) return { data: null, error: inserted.error };
  const issued = await alice.client.rpc('issue_invoice', { p_id: inserted.data.id });
  return { data: issued.data as Record<string, unknown> | null, error: issued.error, id: inserted.data.id as string };
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

describe('issue_invoice checks the money', () => {
  it('issues a devis at 5,5 / 10 / 20 % as an invoice with its breakdown, due date capped at 60 days', async () => {
    const quote = await newQuote(THREE_RATES);
    const { data, error } = await issue(draftRow(quote, THREE_RATES));
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'issued', total_ttc_cents: 335200, prepaid_cents: 0, net_due_cents: 335200 });
    expect((data!.vat_breakdown as unknown[]).length).toBe(3);
    const days = (Date.parse(String(data!.due_date)) - Date.parse(String(data!.issue_date))) / 86400000;
    expect(days).toBe(60);
  });

  it('refuses a draft whose totals disagree with its lines, and keeps it as a draft', async () => {
    const quote = await newQuote(THREE_RATES);
    const row = { ...draftRow(quote, THREE_RATES), tva_cents: 25300, total_ttc_cents: 335100 };
    const { error, id } = await issue(row);
    expect(error?.message).toMatch(
      /^Les montants de la facture ne correspondent pas à ses lignes \(HT 3098.00, TVA 254.00/,
    );
    const { data } = await alice.client.from('invoices').select('status, number').eq('id', id!).single();
    expect(data).toEqual({ status: 'draft', number: null });
  });

  it('refuses an invoice under another regime than its devis', async () => {
    const quote = await newQuote([{ name: 'Pose', unit: 'm2', price: 100, quantity: 1, vatRate: 10 }]);
    const lines: StoredLine[] = [
      { name: 'Pose', unit: 'm2', price: 100, quantity: 1, vatRate: 0, vatCategory: 'franchise' },
    ];
    const { error } = await issue({
      ...draftRow(quote, lines),
      vat_regime: 'franchise',
      total_ht_cents: 10000,
      tva_cents: 0,
      total_ttc_cents: 10000,
    });
    expect(error?.message).toMatch(/^Le régime de TVA de votre entreprise a changé depuis le devis/);
  });

  it('needs the buyer VAT number for autoliquidation', async () => {
    const lines: StoredLine[] = [
      {
        name: 'Sous-traitance plomberie',
        unit: 'forfait',
        price: 2000,
        quantity: 1,
        vatRate: 0,
        vatCategory: 'autoliquidation',
      },
    ];
    const quote = await newQuote(lines);
    const refused = await issue(draftRow(quote, lines));
    expect(refused.error?.message).toMatch(/^Le numéro de TVA intracommunautaire du client est obligatoire/);
    const withVat = await issue(
      draftRow(quote, lines, { snapshot: { ...SNAPSHOT, client: { ...SNAPSHOT.client, vatNumber: 'FR44732829320' } } }),
    );
    expect(withVat.error).toBeNull();
    expect(withVat.data).toMatchObject({ total_ht_cents: 200000, tva_cents: 0, total_ttc_cents: 200000 });
  });

  it('a 30 % acompte, then the final invoice deducting it (BT-113)', async () => {
    const quote = await newQuote(THREE_RATES);
    const planned = planDeposit(toMoneyLines(THREE_RATES, ASSUJETTI), { percent: 30 });
    if (!planned.ok) throw new Error(planned.message);
    const depositLines = asStored(planned.plan.lines, (i) => `Acompte de 30 % — ligne ${i + 1}`);
    const deposit = await issue(draftRow(quote, depositLines, { kind: 'deposit', deposit_percent: 30 }));
    expect(deposit.error).toBeNull();
    expect(deposit.data).toMatchObject({ kind: 'deposit', total_ttc_cents: 100561, net_due_cents: 100561 });

    // A second deposit of 80 % would exceed the devis.
    const tooMuch = planDeposit(toMoneyLines(THREE_RATES, ASSUJETTI), { percent: 80 });
    if (!tooMuch.ok) throw new Error(tooMuch.message);
    const refused = await issue(
      draftRow(
        quote,
        asStored(tooMuch.plan.lines, (i) => `Acompte ${i}`),
        { kind: 'deposit' },
      ),
    );
    expect(refused.error?.message).toBe("L'acompte dépasse le montant restant du devis.");

    const final = await issue(draftRow(quote, THREE_RATES));
    expect(final.error).toBeNull();
    expect(final.data).toMatchObject({
      total_ttc_cents: 335200,
      prepaid_cents: 100561,
      net_due_cents: 335200 - 100561,
    });
    expect(final.data!.deductions).toEqual([
      expect.objectContaining({ number: deposit.data!.number, total_ttc_cents: 100561 }),
    ]);
  });

  it('situations 30 / 70 / 100 % with a 5 % retenue: each due to the cent, together the devis', async () => {
    const quote = await newQuote(THREE_RATES, { progress_billing: true, retenue_percent: 5 });
    const money = toMoneyLines(THREE_RATES, ASSUJETTI);
    const names = THREE_RATES.map((l) => l.name);
    const steps = [
      [0, 0, 0],
      [30, 30, 30],
      [70, 70, 70],
      [100, 100, 100],
    ];
    const issued: Record<string, unknown>[] = [];
    for (let k = 1; k < steps.length; k++) {
      const planned = planSituation(money, names, steps[k - 1]!, steps[k]!);
      if (!planned.ok) throw new Error(planned.message);
      const lines = asStored(planned.plan.lines, (i) => `${names[i]} — avancement ${steps[k]![i]} %`);
      const progress = steps[k]!.map((current, i) => ({ previous: steps[k - 1]![i], current }));
      const { data, error } = await issue(
        draftRow(quote, lines, { kind: 'situation', progress, retenue_percent: 5 }, planned.plan.vatCents),
      );
      expect(error).toBeNull();
      issued.push(data!);
    }
    expect(issued.map((s) => [s.situation_number, s.total_ttc_cents, s.retenue_cents, s.net_due_cents])).toEqual([
      [1, 100561, 5028, 95533],
      [2, 134080, 6704, 127376],
      [3, 100559, 5028, 95531],
    ]);
    const sum = (f: string) => issued.reduce((n, s) => n + Number(s[f]), 0);
    expect([sum('total_ht_cents'), sum('tva_cents'), sum('total_ttc_cents')]).toEqual([309800, 25400, 335200]);

    // Going down after 100 % is refused, in French, before anything is numbered.
    const down = await issue(
      draftRow(
        quote,
        asStored(money, (i) => names[i]!),
        {
          kind: 'situation',
          progress: steps[3]!.map((p) => ({ previous: p, current: 90 })),
        },
      ),
    );
    expect(down.error?.message).toMatch(/ne peut pas baisser/);
  });

  it('refuses a retenue over 5 % at the door (CHECK)', async () => {
    const quote = await newQuote(THREE_RATES);
    const { error } = await alice.client.from('invoices').insert(draftRow(quote, THREE_RATES, { retenue_percent: 6 }));
    expect(error?.code).toBe('23514');
  });

  it('an avoir keeps the invoice kind and its breakdown, negated', async () => {
    const quote = await newQuote(THREE_RATES);
    const invoice = await issue(draftRow(quote, THREE_RATES));
    const { data, error } = await alice.client.rpc('issue_credit_note', {
      p_invoice_id: invoice.id,
      p_reason: 'cancel',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ invoice_kind: 'invoice', vat_regime: 'assujetti', total_ttc_cents: -335200 });
    expect((data as { vat_breakdown: { vat_cents: number }[] }).vat_breakdown.map((b) => b.vat_cents)).toEqual([
      -6390, -8285, -10725,
    ]);
  });
});
