// The acceptance cases of issue 28 as EInvoice inputs (golden files in ../golden). The figures come from the money
// model (../../invoicing computeDocumentTotals, planDeposit, planSituation); the comments give them worked by hand.
import {
  computeDocumentTotals,
  planDeposit,
  planSituation,
  type MoneyLine,
  type TotalsOptions,
  type VatCategory,
  type VatRate,
} from '../../invoicing';
import { formatEuros } from '../../money';
import { EN_VAT_CODE, eInvoiceMoney } from '../from-totals.ts';
import type { EInvoice, EInvoiceLine, EInvoicePayment } from '../model.ts';
import { frenchUnitCode } from '../units.ts';

export const SELLER: EInvoice['seller'] = {
  name: 'Durand Rénovation',
  siren: '732829320',
  siret: '73282932000074',
  vatId: 'FR44732829320',
  legalInfo: 'SARL au capital de 10 000 € — RCS Lyon 732 829 320',
  address: { line1: '12 rue des Artisans', postcode: '69003', city: 'Lyon', countryCode: 'FR' },
  email: 'contact@durand-renovation.fr',
};

export const BUSINESS_BUYER: EInvoice['buyer'] = {
  name: 'SCI Les Tilleuls & Fils',
  siren: '552100554',
  vatId: 'FR96552100554',
  address: { line1: '4 place Bellecour', postcode: '69002', city: 'Lyon', countryCode: 'FR' },
  email: 'gestion@sci-tilleuls.fr',
};

export const PRIVATE_BUYER: EInvoice['buyer'] = {
  name: 'Mme Claire Martin',
  address: { line1: '8 chemin des Vignes', postcode: '69130', city: 'Écully', countryCode: 'FR' },
  email: 'claire.martin@example.fr',
};

const LATE_PAYMENT_NOTES: EInvoice['notes'] = [
  { subjectCode: 'PMD', text: 'Pénalités de retard : trois fois le taux d’intérêt légal.' },
  { subjectCode: 'PMT', text: 'Indemnité forfaitaire pour frais de recouvrement : 40 €.' },
  { subjectCode: 'AAB', text: 'Pas d’escompte pour paiement anticipé.' },
  {
    subjectCode: 'REG',
    text: 'Assurance décennale : MAAF Assurances, contrat 123456, couverture France métropolitaine.',
  },
];

const PAYMENT: EInvoicePayment = {
  meansCode: '58',
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  bic: 'AGRIFRPP',
  accountName: 'Durand Rénovation',
};

interface FixtureLine {
  name: string;
  description?: string;
  unit: string;
  quantity: number;
  priceCents: number;
  rate: VatRate;
  category: VatCategory;
}

const money = (lines: readonly FixtureLine[]): MoneyLine[] =>
  lines.map((l) => ({ quantity: l.quantity, unitPriceCents: l.priceCents, vatRate: l.rate, vatCategory: l.category }));

/** Lines, BG-23 and BG-22 of an EInvoice from the money model. */
function figures(
  lines: readonly FixtureLine[],
  options: TotalsOptions = {},
): Pick<EInvoice, 'lines' | 'vatBreakdown' | 'totals'> {
  const m = eInvoiceMoney(computeDocumentTotals(money(lines), options));
  const eLines: EInvoiceLine[] = lines.map((l, i) => {
    const vatCode = EN_VAT_CODE[l.category]!;
    return {
      id: String(i + 1),
      name: l.name,
      ...(l.description ? { description: l.description } : {}),
      quantity: l.quantity,
      unitCode: frenchUnitCode(l.unit),
      netPriceCents: l.priceCents,
      netAmountCents: m.lineNetCents[i]!,
      vatCode,
      vatRate: vatCode === 'S' ? l.rate : 0,
    };
  });
  return { lines: eLines, vatBreakdown: m.vatBreakdown, totals: m.totals };
}

function ok<T>(result: { ok: true; plan: T } | { ok: false; message: string }): T {
  if (!result.ok) throw new Error(result.message);
  return result.plan;
}

function base(over: Partial<EInvoice> & Pick<EInvoice, 'number' | 'lines' | 'vatBreakdown' | 'totals'>): EInvoice {
  return {
    issueDate: '2026-11-26',
    typeCode: '380',
    currency: 'EUR',
    dueDate: '2026-12-26',
    precedingInvoices: [],
    notes: LATE_PAYMENT_NOTES,
    seller: SELLER,
    buyer: BUSINESS_BUYER,
    payment: { ...PAYMENT, remittance: over.number },
    paymentTerms: 'Paiement à 30 jours par virement.',
    ...over,
  };
}

// (a) F2026-0042: 65 m² at 5,5 %, one line at 10 %, one at 20 %; 1 000,00 € deposit deducted.
// 65 × 22,00 = 1 430,00 → VAT 78,65; 1 582,50 → 158,25; 85,50 → 17,10; HT 3 098,00, VAT 254,00, TTC 3 352,00.
export const CASE_A_LINES: FixtureLine[] = [
  {
    name: 'Pose de carrelage',
    description: 'Salle de bains, grès cérame 60×60',
    unit: 'm2',
    quantity: 65,
    priceCents: 2200,
    rate: 5.5,
    category: 'reduced_renovation',
  },
  {
    name: 'Plomberie salle de bains',
    unit: 'forfait',
    quantity: 1,
    priceCents: 158250,
    rate: 10,
    category: 'reduced_renovation',
  },
  {
    name: 'Robinet thermostatique (fourniture seule)',
    unit: 'pièce',
    quantity: 1,
    priceCents: 8550,
    rate: 20,
    category: 'standard',
  },
];
export const caseA = base({
  number: 'F2026-0042',
  buyerReference: 'DE0042',
  precedingInvoices: [{ number: 'F2026-0030', issueDate: '2026-10-02' }],
  delivery: {
    address: { line1: '27 avenue Jean Jaurès', postcode: '69007', city: 'Lyon', countryCode: 'FR' },
    date: '2026-11-20',
  },
  vatDueDateCode: '72',
  ...figures(CASE_A_LINES, { prepaidCents: 100000 }),
});

// (b) A 30 % deposit (386) on a 10 000,00 € HT devis at 10 %, then the final invoice (380) deducting it.
const B_QUOTE: FixtureLine[] = [
  {
    name: 'Rénovation cuisine',
    unit: 'forfait',
    quantity: 1,
    priceCents: 1000000,
    rate: 10,
    category: 'reduced_renovation',
  },
];
const depositPlan = ok(planDeposit(money(B_QUOTE), { percent: 30 }));
const depositLines: FixtureLine[] = depositPlan.lines.map((l) => ({
  name: `Acompte de ${depositPlan.percent} % sur le devis DE0050`,
  unit: 'forfait',
  quantity: l.quantity,
  priceCents: l.unitPriceCents,
  rate: l.vatRate,
  category: l.vatCategory,
}));
export const caseBDeposit = base({
  number: 'FA0050',
  typeCode: '386',
  issueDate: '2026-10-01',
  dueDate: '2026-10-01',
  buyerReference: 'DE0050',
  paymentTerms: 'Acompte payable à réception.',
  ...figures(depositLines),
});
export const caseBFinal = base({
  number: 'FA0057',
  buyerReference: 'DE0050',
  precedingInvoices: [{ number: 'FA0050', issueDate: '2026-10-01' }],
  notes: [
    ...LATE_PAYMENT_NOTES,
    { subjectCode: 'AAI', text: 'Déjà réglé : acompte FA0050 du 01/10/2026, 3 300,00 € TTC.' },
  ],
  ...figures(B_QUOTE, { prepaidCents: caseBDeposit.totals.grandTotalCents }),
});

// (c) Situations at 30 %, 70 %, 100 % of a devis (4 567,89 € at 10 % + 1 234,56 € at 20 %), 5 % retenue.
// Cumulative nets rounded per line: 30 % → 1 370,37 / 370,37; 70 % → 3 197,52 / 864,19; 100 % → 4 567,89 / 1 234,56.
// VAT of a situation = VAT(cumulative) − VAT(previous): 10 %: 137,04 → 319,75 → 456,79; 20 %: 74,07 → 172,84 → 246,91.
// TTC 1 951,85 / 2 602,45 / 1 951,85 (sum 6 506,15 = the devis); retenue 97,59 / 130,12 / 97,59.
export const C_QUOTE: FixtureLine[] = [
  {
    name: 'Rénovation salle de bains',
    unit: 'forfait',
    quantity: 1,
    priceCents: 456789,
    rate: 10,
    category: 'reduced_renovation',
  },
  {
    name: 'Mobilier sanitaire (fourniture)',
    unit: 'forfait',
    quantity: 1,
    priceCents: 123456,
    rate: 20,
    category: 'standard',
  },
];
const RETENUE = { ratePercent: 5, caution: false };
function situation(k: number, previous: number, pct: number): EInvoice {
  const plan = ok(
    planSituation(
      money(C_QUOTE),
      C_QUOTE.map((l) => l.name),
      [previous, previous],
      [pct, pct],
    ),
  );
  const lines: FixtureLine[] = C_QUOTE.map((l, i) => ({
    ...l,
    description: `Situation n° ${k} : avancement cumulé ${pct} %`,
    quantity: 1,
    priceCents: plan.lines[i]!.unitPriceCents,
  }));
  const totals = computeDocumentTotals(money(lines), { vatCents: plan.vatCents, retenue: RETENUE });
  return base({
    number: `FA006${k}`,
    buyerReference: 'DE0060',
    precedingInvoices: k > 1 ? [{ number: `FA006${k - 1}` }] : [],
    paymentTerms:
      `Paiement à 30 jours par virement. Retenue de garantie de 5 % (loi 71-584) : ${formatEuros(totals.retenueCents)} ` +
      `retenus, libérés un an après la réception ; net à payer ${formatEuros(totals.netDueCents)}.`,
    buyer: PRIVATE_BUYER,
    ...figures(lines, { vatCents: plan.vatCents }),
  });
}
export const caseCSituations = [situation(1, 0, 30), situation(2, 30, 70), situation(3, 70, 100)];

// (d) Autoliquidation: subcontracted work for a VAT-registered main contractor (CGI art. 283-2 nonies).
// 38,5 h × 45,00 = 1 732,50 HT, no VAT.
export const caseDAutoliquidation = base({
  number: 'FA0070',
  notes: [
    ...LATE_PAYMENT_NOTES,
    { subjectCode: 'REG', text: 'Autoliquidation : TVA due par le preneur, art. 283-2 nonies du CGI.' },
  ],
  ...figures([
    {
      name: 'Électricité — lot 3, sous-traitance',
      unit: 'h',
      quantity: 38.5,
      priceCents: 4500,
      rate: 0,
      category: 'autoliquidation',
    },
  ]),
});

// (e) Franchise en base: no VAT number (BT-32 carries the SIREN as tax registration), category E.
// 24,5 m² × 18,00 = 441,00 + 45,00 = 486,00, no VAT.
export const caseEFranchise = base({
  number: 'FA0001',
  seller: {
    name: 'Paul Lefèvre Peinture',
    siren: '443061841',
    siret: '44306184100047',
    taxRegistrationId: '443061841',
    legalInfo: 'Entrepreneur individuel — RM 443 061 841',
    address: { line1: '3 impasse des Lilas', postcode: '38000', city: 'Grenoble', countryCode: 'FR' },
  },
  buyer: PRIVATE_BUYER,
  payment: { meansCode: '58', iban: 'FR7630004000031234567890143', remittance: 'FA0001' },
  notes: [...LATE_PAYMENT_NOTES, { subjectCode: 'REG', text: 'TVA non applicable, art. 293 B du CGI.' }],
  ...figures([
    { name: 'Peinture chambre', unit: 'm2', quantity: 24.5, priceCents: 1800, rate: 0, category: 'franchise' },
    { name: 'Déplacement', unit: 'forfait', quantity: 1, priceCents: 4500, rate: 0, category: 'franchise' },
  ]),
});

// (f) An avoir (381) cancelling invoice (a): same lines and VAT, amounts positive as CII credit notes want them.
export const caseFCreditNote: EInvoice = {
  ...caseA,
  number: 'AV0003',
  typeCode: '381',
  issueDate: '2026-11-28',
  dueDate: undefined,
  precedingInvoices: [{ number: 'F2026-0042', issueDate: '2026-11-26' }],
  paymentTerms: 'Avoir à déduire de la facture F2026-0042.',
  payment: { ...PAYMENT, remittance: 'AV0003' },
  totals: { ...caseA.totals, prepaidCents: 0, duePayableCents: caseA.totals.grandTotalCents },
};

export const GOLDEN_CASES: Record<string, EInvoice> = {
  'a-three-rates-deposit-deducted': caseA,
  'b1-deposit-386': caseBDeposit,
  'b2-final-deducting-deposit': caseBFinal,
  'c1-situation-30': caseCSituations[0]!,
  'c2-situation-70': caseCSituations[1]!,
  'c3-situation-100': caseCSituations[2]!,
  'd-autoliquidation': caseDAutoliquidation,
  'e-franchise-293b': caseEFranchise,
  'f-credit-note-381': caseFCreditNote,
};
