// Issue 27: the SQL money rules (migration 0067) are the domain's on a devis with sections, comments, an ouvrage,
// line remises, a remise globale and options; the devis becomes an invoice with every amount kept (sections,
// remises, accepted option), acomptes and situations are shares of the discounted devis; the new `discount`
// column and the richer line JSON refuse bad input at write with a French message, nothing stored.
import {
  computeDocumentTotals,
  devisTotals,
  foldDocumentDiscount,
  invoiceLinesFromDevis,
  planDeposit,
  planSituation,
  toMoneyLines,
  type Discount,
  type MoneyLine,
  type StoredLine,
} from '@atelier/domain/src/invoicing';

import type { RunningBackend } from '../src/server.ts';
import { signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

let backend: RunningBackend;
let alice: SignedInUser;
let clientId = '';

beforeAll(async () => {
  backend = await startTestBackend();
  alice = await signUpUser(backend, 'artisan');
  const { data, error } = await alice.client
    .from('clients')
    .insert({ name: 'SCI Les Tilleuls', email: `sci.${Date.now()}@example.fr`, user_id: alice.id })
    .select()
    .single();
  if (error) throw new Error(error.message);
  clientId = data.id;
});
afterAll(async () => {
  await backend?.close();
});

const ASSUJETTI = { regime: 'assujetti' as const, documentRate: 20 };
const SNAPSHOT = {
  company: { name: 'Martin Rénovation', vatRegime: 'assujetti', tva: 'FR44732829320' },
  client: { name: 'SCI Les Tilleuls', email: 'sci@example.fr' },
  customization: {},
};
const blank = { unit: '', price: 0, quantity: 0 };

// The devis of the domain's unit test (devis-lines.test.ts): 1 446,69 HT before the remise globale.
const DEVIS: StoredLine[] = [
  { kind: 'section', name: 'Salle de bain', ...blank },
  { name: 'Carrelage', unit: 'm2', quantity: 12.5, price: 42, vatRate: 10, discount: { kind: 'percent', value: 10 } },
  { kind: 'text', name: 'Pose droite, joints gris', ...blank },
  {
    name: 'Chauffe-eau',
    unit: 'u',
    quantity: 1,
    price: 849.39,
    vatRate: 10,
    description: 'Atlantic 200 L\nGroupe de sécurité',
    components: [
      { kind: 'fourniture', name: 'Chauffe-eau 200 L', unit: 'u', quantity: 1, price: 612.4 },
      { kind: 'fourniture', name: 'Raccord', unit: 'u', quantity: 3, price: 4.15 },
      { kind: 'main_oeuvre', name: 'Pose', unit: 'h', quantity: 2.5, price: 45.5 },
    ],
    coefficient: 1.15,
    detailed: true,
    discount: { kind: 'amount', value: 39.39 },
  },
  { kind: 'section', name: 'Cuisine', ...blank },
  { name: 'Peinture', unit: 'm2', quantity: 3, price: 33.33, vatRate: 20 },
  { name: 'Robinet thermostatique', unit: 'u', quantity: 1, price: 250, vatRate: 20, option: true },
  {
    name: 'Isolation',
    unit: 'm2',
    quantity: 7.5,
    price: 10.07,
    vatRate: 5.5,
    discount: { kind: 'percent', value: 15 },
  },
  { kind: 'section', name: 'Terrasse', option: true, ...blank },
  { name: 'Dalles', unit: 'm2', quantity: 2, price: 100, vatRate: 20 },
];
const FIVE_PERCENT: Discount = { kind: 'percent', value: 5 };

async function sqlMoney(lines: unknown, discount: unknown = null) {
  const { data, error } = await alice.client.rpc('document_money', {
    p_lines: lines,
    p_regime: 'assujetti',
    p_doc_rate: 20,
    p_discount: discount,
  });
  return { data: data as Record<string, unknown> | null, error };
}

function domainColumns(lines: StoredLine[], discount: Discount | null) {
  const t = computeDocumentTotals(toMoneyLines(lines, ASSUJETTI), { documentDiscount: discount });
  return {
    lines: t.lineNetCents,
    line_total_cents: t.lineTotalCents,
    discount_cents: t.documentDiscountCents,
    total_ht_cents: t.totalHTCents,
    tva_cents: t.totalVatCents,
    total_ttc_cents: t.totalTTCCents,
    breakdown: t.breakdown.map((r) => ({
      category: r.category,
      code: r.code,
      rate: r.rate,
      base_cents: r.baseCents,
      vat_cents: r.vatCents,
      ...(r.discountCents !== undefined ? { discount_cents: r.discountCents } : {}),
    })),
  };
}

describe('document_money (0067) = the domain on sections, ouvrage, remises and options', () => {
  it.each([
    ['no remise globale', null],
    ['5 % remise globale', FIVE_PERCENT],
    ['100 € remise globale', { kind: 'amount', value: 100 } as Discount],
    ['a remise globale of the whole total', { kind: 'amount', value: 1446.69 } as Discount],
  ])('%s', async (_label, discount) => {
    const { data, error } = await sqlMoney(DEVIS, discount);
    expect(error).toBeNull();
    expect(data).toMatchObject(domainColumns(DEVIS, discount));
  });

  it('gives the hand-computed figures of the unit test (5 %: HT 1 374,36, TVA 144,19, TTC 1 518,55)', async () => {
    const { data } = await sqlMoney(DEVIS, FIVE_PERCENT);
    expect(data).toMatchObject({ line_total_cents: 144669, discount_cents: 7233, total_ht_cents: 137436 });
    expect(data).toMatchObject({ tva_cents: 14419, total_ttc_cents: 151855 });
    const domain = devisTotals(DEVIS, FIVE_PERCENT, ASSUJETTI);
    expect(domain.ttcCents).toBe(151855);
  });

  it('counts accepted options (an item, a whole section) like the domain', async () => {
    const accepted = DEVIS.map((l) =>
      l.name === 'Robinet thermostatique' || l.name === 'Terrasse' ? { ...l, accepted: true } : l,
    );
    const { data } = await sqlMoney(accepted, FIVE_PERCENT);
    expect(data).toMatchObject(domainColumns(accepted, FIVE_PERCENT));
    expect(data!.line_total_cents).toBe(144669 + 25000 + 20000);
  });

  it('random devis with remises agree to the cent', async () => {
    let seed = 27;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const rates = [20, 10, 5.5, 2.1] as const;
    for (let run = 0; run < 12; run += 1) {
      const lines: StoredLine[] = [];
      for (let i = 0; i < 6; i += 1) {
        if (rand() < 0.2) lines.push({ kind: 'section', name: `S${i}`, ...blank, option: rand() < 0.3 });
        const price = Math.round(rand() * 100000) / 100;
        const quantity = Math.round(rand() * 2000) / 100;
        const gross = Math.round(price * 100 * quantity) / 100;
        const kind = rand();
        lines.push({
          name: `L${i}`,
          unit: 'u',
          price,
          quantity,
          vatRate: rates[Math.floor(rand() * 4)]!,
          ...(kind < 0.3 ? { discount: { kind: 'percent', value: Math.round(rand() * 10000) / 100 } } : {}),
          ...(kind > 0.7 ? { discount: { kind: 'amount', value: Math.floor(gross * rand() * 100) / 100 } } : {}),
          ...(rand() < 0.15 ? { option: true, accepted: rand() < 0.5 } : {}),
        });
      }
      const discount: Discount =
        rand() < 0.5 ? { kind: 'percent', value: Math.round(rand() * 3000) / 100 } : { kind: 'amount', value: 12.34 };
      const { data, error } = await sqlMoney(lines, discount);
      expect(error).toBeNull();
      expect(data).toMatchObject(domainColumns(lines, discount));
    }
  });
});

async function newQuote(lines: StoredLine[], discount: Discount | null, extra: Record<string, unknown> = {}) {
  const t = computeDocumentTotals(toMoneyLines(lines, ASSUJETTI), { documentDiscount: discount });
  return alice.client
    .from('quotes')
    .insert({
      user_id: alice.id,
      client_id: clientId,
      number: `DE-L${Math.random().toString(36).slice(2, 8)}`,
      lines,
      discount,
      vat_rate: 20,
      vat_regime: 'assujetti',
      total_ht_cents: t.totalHTCents,
      tva_cents: t.totalVatCents,
      total_ttc_cents: t.totalTTCCents,
      snapshot: SNAPSHOT,
      ...extra,
    })
    .select()
    .single();
}

function draft(quoteId: string, lines: StoredLine[], discount: Discount | null, extra: Record<string, unknown> = {}) {
  const t = computeDocumentTotals(toMoneyLines(lines, ASSUJETTI), {
    documentDiscount: discount,
    vatCents: extra.vatCents as Record<string, number> | undefined,
  });
  const { vatCents: _v, ...rest } = extra;
  return {
    user_id: alice.id,
    client_id: clientId,
    quote_id: quoteId,
    lines,
    discount,
    vat_rate: 20,
    vat_regime: 'assujetti',
    total_ht_cents: t.totalHTCents,
    tva_cents: t.totalVatCents,
    total_ttc_cents: t.totalTTCCents,
    snapshot: SNAPSHOT,
    ...rest,
  };
}

async function issue(row: Record<string, unknown>) {
  const inserted = await alice.client.from('invoices').insert(row).select().single();
  if (inserted.error) return { data: null, error: inserted.error };
  const issued = await alice.client.rpc('issue_invoice', { p_id: inserted.data.id });
  return { data: issued.data as Record<string, unknown> | null, error: issued.error, id: inserted.data.id as string };
}

const asStored = (lines: MoneyLine[], label: string): StoredLine[] =>
  lines.map((l, i) => ({
    name: `${label} ${i + 1}`,
    unit: 'forfait',
    price: l.unitPriceCents / 100,
    quantity: 1,
    vatRate: l.vatRate,
    vatCategory: l.vatCategory,
  }));

describe('devis → invoice keeps every amount (issue_invoice with the remise globale)', () => {
  it('the invoice from the devis (accepted option kept, others dropped) issues with the devis figures', async () => {
    const signed = DEVIS.map((l) => (l.name === 'Robinet thermostatique' ? { ...l, accepted: true } : l));
    const quote = await newQuote(signed, FIVE_PERCENT);
    expect(quote.error).toBeNull();
    const lines = invoiceLinesFromDevis(signed);
    expect(lines.some((l) => l.option || l.name === 'Dalles' || l.name === 'Terrasse')).toBe(false);
    const { data, error } = await issue(draft(quote.data.id, lines, FIVE_PERCENT));
    expect(error).toBeNull();
    const expected = devisTotals(signed, FIVE_PERCENT, ASSUJETTI);
    expect(data).toMatchObject({
      status: 'issued',
      total_ht_cents: expected.netHtCents,
      tva_cents: expected.vatCents,
      total_ttc_cents: expected.ttcCents,
      discount: FIVE_PERCENT,
    });
    expect(quote.data.total_ttc_cents).toBe(expected.ttcCents);
    const breakdown = data!.vat_breakdown as { discount_cents: number }[];
    expect(breakdown.map((r) => r.discount_cents)).toEqual(expected.vat.map((r) => r.discountCents));
  });

  it('refuses an invoice whose totals ignore its remise globale', async () => {
    const quote = await newQuote(DEVIS, FIVE_PERCENT);
    const row = { ...draft(quote.data.id, invoiceLinesFromDevis(DEVIS), null), discount: FIVE_PERCENT };
    const { error } = await issue(row);
    expect(error?.message).toMatch(/^Les montants de la facture ne correspondent pas à ses lignes \(HT 1374.36/);
  });

  it('a 30 % acompte and situations are shares of the discounted devis, adding up to it', async () => {
    const quote = await newQuote(DEVIS, FIVE_PERCENT);
    const folded = foldDocumentDiscount(toMoneyLines(DEVIS, ASSUJETTI), FIVE_PERCENT);
    const deposit = planDeposit(folded, { percent: 30 });
    if (!deposit.ok) throw new Error(deposit.message);
    const dep = await issue(draft(quote.data.id, asStored(deposit.plan.lines, 'Acompte'), null, { kind: 'deposit' }));
    expect(dep.error).toBeNull();
    const withRemise = await issue(
      draft(quote.data.id, asStored(deposit.plan.lines, 'Acompte'), FIVE_PERCENT, { kind: 'deposit' }),
    );
    expect(withRemise.error?.message).toMatch(/^Une facture d'acompte ou de situation ne porte pas de remise globale/);
    const tooMuch = planDeposit(folded, { percent: 75 });
    if (!tooMuch.ok) throw new Error(tooMuch.message);
    const over = await issue(draft(quote.data.id, asStored(tooMuch.plan.lines, 'Acompte'), null, { kind: 'deposit' }));
    expect(over.error?.message).toBe("L'acompte dépasse le montant restant du devis.");

    const names = folded.map((_, i) => `Ligne ${i + 1}`);
    let previous = folded.map(() => 0);
    let ttc = 0;
    for (const next of [folded.map(() => 40), folded.map(() => 100)]) {
      const plan = planSituation(folded, names, previous, next);
      if (!plan.ok) throw new Error(plan.message);
      const progress = next.map((current, i) => ({ previous: previous[i], current }));
      const { data, error } = await issue(
        draft(quote.data.id, asStored(plan.plan.lines, 'Situation'), null, {
          kind: 'situation',
          progress,
          vatCents: plan.plan.vatCents,
        }),
      );
      expect(error).toBeNull();
      ttc += Number(data!.total_ttc_cents);
      previous = next;
    }
    expect(ttc).toBe(devisTotals(DEVIS, FIVE_PERCENT, ASSUJETTI).ttcCents);
  });
});

describe('attacker: the discount column and the line JSON are checked at write', () => {
  const refused = async (row: Promise<{ error: { message: string } | null }>, message: RegExp) => {
    const before = await alice.client.from('quotes').select('id', { count: 'exact', head: true });
    const { error } = await row;
    expect(error?.message).toMatch(message);
    const after = await alice.client.from('quotes').select('id', { count: 'exact', head: true });
    expect(after.count).toBe(before.count);
  };

  it('refuses a negative remise, 150 %, an unreadable remise globale', async () => {
    await refused(newQuote(DEVIS, { kind: 'amount', value: -10 }), /^Une remise ne peut pas être négative\.$/);
    await refused(
      newQuote(DEVIS, { kind: 'percent', value: 150 }),
      /^Une remise en pourcentage ne peut pas dépasser 100 %\.$/,
    );
    await refused(newQuote(DEVIS, { kind: 'gift', value: 1 } as unknown as Discount), /^Remise illisible/);
    const line150 = [{ ...DEVIS[1]!, discount: { kind: 'percent', value: 150 } }] as StoredLine[];
    await refused(newQuote(line150, null), /^Carrelage : Une remise en pourcentage ne peut pas dépasser 100 %\.$/);
    const negative = [{ ...DEVIS[1]!, discount: { kind: 'percent', value: -5 } }] as StoredLine[];
    await refused(newQuote(negative, null), /^Carrelage : Une remise ne peut pas être négative\.$/);
  });

  it('refuses deeply nested line JSON and a huge description', async () => {
    let nested: unknown = 'x';
    for (let i = 0; i < 20; i += 1) nested = { a: nested };
    const deep = [{ ...DEVIS[1]!, extra: nested }] as unknown as StoredLine[];
    await refused(newQuote(deep, null), /^Ligne 1 illisible : champ « extra » inattendu\.$/);
    let deeper: unknown = 'x';
    for (let i = 0; i < 5000; i += 1) deeper = { a: deeper };
    // The HTTP layer already refuses a body this deep (PostgREST and the local backend alike): nothing stored.
    await refused(newQuote([{ ...DEVIS[1]!, extra: deeper }] as unknown as StoredLine[], null), /./);
    const deepComponent = [
      { ...DEVIS[3]!, components: [{ kind: 'fourniture', name: 'x', unit: 'u', quantity: 1, price: 1, n: nested }] },
    ] as unknown as StoredLine[];
    await refused(newQuote(deepComponent, null), /^Ligne 1 illisible : composants de l'ouvrage illisibles\.$/);
    const huge = [{ ...DEVIS[1]!, description: 'é'.repeat(2001) }];
    await refused(newQuote(huge, null), /^Carrelage : La description ne peut pas dépasser 2000 caractères\.$/);
    const ok = await newQuote([{ ...DEVIS[1]!, description: 'é'.repeat(2000) }], null);
    expect(ok.error).toBeNull();
    const textPrice = [{ ...DEVIS[1]!, price: '12' }] as unknown as StoredLine[];
    await refused(newQuote(textPrice, null), /^Ligne 1 illisible : le prix et la quantité doivent être des nombres\.$/);
    const negative = [{ ...DEVIS[1]!, price: -12 }] as StoredLine[];
    await refused(newQuote(negative, null), /^Carrelage : Le prix unitaire ne peut pas être négatif\.$/);
  });

  it('an update with bad content is refused and the stored row is unchanged', async () => {
    const quote = await newQuote(DEVIS, FIVE_PERCENT);
    const { error } = await alice.client
      .from('quotes')
      .update({ discount: { kind: 'percent', value: 101 } })
      .eq('id', quote.data.id);
    expect(error?.message).toBe('Une remise en pourcentage ne peut pas dépasser 100 %.');
    const { data } = await alice.client.from('quotes').select('discount').eq('id', quote.data.id).single();
    expect(data).toEqual({ discount: FIVE_PERCENT });
  });
});
