// The acceptance cases of issue 28 as EInvoice inputs (golden files in ../golden). The figures are written by hand
// (checked in the comments) and equal what the money model (../../invoicing) gives for the same lines.
import type { EInvoice, EInvoiceLine, EInvoiceVatRow } from '../model.ts';

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

const PAYMENT: EInvoice['payment'] = {
  meansCode: '58',
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  bic: 'AGRIFRPP',
  accountName: 'Durand Rénovation',
};

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** Totals from the breakdown given (sums only: the VAT per rate is the money model's, written in the case). */
function totals(lines: EInvoiceLine[], rows: EInvoiceVatRow[], prepaidCents = 0): EInvoice['totals'] {
  const lineTotalCents = sum(lines.map((l) => l.netAmountCents));
  const vatCents = sum(rows.map((r) => r.vatCents));
  return {
    lineTotalCents,
    taxBasisCents: lineTotalCents,
    vatCents,
    grandTotalCents: lineTotalCents + vatCents,
    prepaidCents,
    duePayableCents: lineTotalCents + vatCents - prepaidCents,
  };
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
const aLines: EInvoiceLine[] = [
  {
    id: '1',
    name: 'Pose de carrelage',
    description: 'Salle de bains, grès cérame 60×60',
    quantity: 65,
    unitCode: 'MTK',
    netPriceCents: 2200,
    netAmountCents: 143000,
    vatCode: 'S',
    vatRate: 5.5,
  },
  {
    id: '2',
    name: 'Plomberie salle de bains',
    quantity: 1,
    unitCode: 'C62',
    netPriceCents: 158250,
    netAmountCents: 158250,
    vatCode: 'S',
    vatRate: 10,
  },
  {
    id: '3',
    name: 'Robinet thermostatique (fourniture seule)',
    quantity: 1,
    unitCode: 'H87',
    netPriceCents: 8550,
    netAmountCents: 8550,
    vatCode: 'S',
    vatRate: 20,
  },
];
const aRows: EInvoiceVatRow[] = [
  { vatCode: 'S', rate: 20, baseCents: 8550, vatCents: 1710 },
  { vatCode: 'S', rate: 10, baseCents: 158250, vatCents: 15825 },
  { vatCode: 'S', rate: 5.5, baseCents: 143000, vatCents: 7865 },
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
  lines: aLines,
  vatBreakdown: aRows,
  totals: totals(aLines, aRows, 100000),
});

// (b) A 30 % deposit (386) on a 10 000,00 € HT devis at 10 %, then the final invoice (380) deducting it.
const depositLines: EInvoiceLine[] = [
  {
    id: '1',
    name: 'Acompte de 30 % sur le devis DE0050',
    quantity: 1,
    unitCode: 'C62',
    netPriceCents: 300000,
    netAmountCents: 300000,
    vatCode: 'S',
    vatRate: 10,
  },
];
const depositRows: EInvoiceVatRow[] = [{ vatCode: 'S', rate: 10, baseCents: 300000, vatCents: 30000 }];
export const caseBDeposit = base({
  number: 'FA0050',
  typeCode: '386',
  issueDate: '2026-10-01',
  dueDate: '2026-10-01',
  buyerReference: 'DE0050',
  paymentTerms: 'Acompte payable à réception.',
  lines: depositLines,
  vatBreakdown: depositRows,
  totals: totals(depositLines, depositRows),
});
const finalLines: EInvoiceLine[] = [
  {
    id: '1',
    name: 'Rénovation cuisine',
    quantity: 1,
    unitCode: 'C62',
    netPriceCents: 1000000,
    netAmountCents: 1000000,
    vatCode: 'S',
    vatRate: 10,
  },
];
const finalRows: EInvoiceVatRow[] = [{ vatCode: 'S', rate: 10, baseCents: 1000000, vatCents: 100000 }];
export const caseBFinal = base({
  number: 'FA0057',
  buyerReference: 'DE0050',
  precedingInvoices: [{ number: 'FA0050', issueDate: '2026-10-01' }],
  notes: [
    ...LATE_PAYMENT_NOTES,
    { subjectCode: 'AAI', text: 'Déjà réglé : acompte FA0050 du 01/10/2026, 3 300,00 € TTC.' },
  ],
  lines: finalLines,
  vatBreakdown: finalRows,
  totals: totals(finalLines, finalRows, 330000),
});

// (c) Situations at 30 %, 70 %, 100 % of a devis (4 567,89 € at 10 % + 1 234,56 € at 20 %), 5 % retenue.
// Cumulative nets rounded per line: 30 % → 1 370,37 / 370,37; 70 % → 3 197,52 / 864,19; 100 % → 4 567,89 / 1 234,56.
// VAT of a situation = VAT(cumulative) − VAT(previous): 10 %: 137,04 → 319,75 → 456,79; 20 %: 74,07 → 172,84 → 246,91.
function situation(
  k: number,
  pct: number,
  n10: number,
  n20: number,
  v10: number,
  v20: number,
  retenue: string,
): EInvoice {
  const lines: EInvoiceLine[] = [
    {
      id: '1',
      name: 'Rénovation salle de bains',
      description: `Situation n° ${k} : avancement cumulé ${pct} %`,
      quantity: 1,
      unitCode: 'C62',
      netPriceCents: n10,
      netAmountCents: n10,
      vatCode: 'S',
      vatRate: 10,
    },
    {
      id: '2',
      name: 'Mobilier sanitaire (fourniture)',
      description: `Situation n° ${k} : avancement cumulé ${pct} %`,
      quantity: 1,
      unitCode: 'C62',
      netPriceCents: n20,
      netAmountCents: n20,
      vatCode: 'S',
      vatRate: 20,
    },
  ];
  const rows: EInvoiceVatRow[] = [
    { vatCode: 'S', rate: 20, baseCents: n20, vatCents: v20 },
    { vatCode: 'S', rate: 10, baseCents: n10, vatCents: v10 },
  ];
  return base({
    number: `FA006${k}`,
    buyerReference: 'DE0060',
    precedingInvoices: k > 1 ? [{ number: `FA006${k - 1}` }] : [],
    paymentTerms: `Paiement à 30 jours par virement. ${retenue}`,
    buyer: PRIVATE_BUYER,
    lines,
    vatBreakdown: rows,
    totals: totals(lines, rows),
  });
}
export const caseCSituations = [
  // TTC 1 370,37 + 370,37 + 137,04 + 74,07 = 1 951,85; retenue 5 % = 97,59; net à payer 1 854,26.
  situation(
    1,
    30,
    137037,
    37037,
    13704,
    7407,
    'Retenue de garantie de 5 % (loi 71-584) : 97,59 € retenus, libérés un an après la réception ; net à payer 1 854,26 €.',
  ),
  // 1 827,15 + 493,82 + 182,71 + 98,77 = 2 602,45; retenue 130,12; net 2 472,33.
  situation(
    2,
    70,
    182715,
    49382,
    18271,
    9877,
    'Retenue de garantie de 5 % (loi 71-584) : 130,12 € retenus, libérés un an après la réception ; net à payer 2 472,33 €.',
  ),
  // 1 370,37 + 370,37 + 137,04 + 74,07 = 1 951,85; retenue 97,59; net 1 854,26.
  situation(
    3,
    100,
    137037,
    37037,
    13704,
    7407,
    'Retenue de garantie de 5 % (loi 71-584) : 97,59 € retenus, libérés un an après la réception ; net à payer 1 854,26 €.',
  ),
];

// (d) Autoliquidation: subcontracted work for a VAT-registered main contractor (CGI art. 283-2 nonies).
const dLines: EInvoiceLine[] = [
  {
    id: '1',
    name: 'Électricité — lot 3, sous-traitance',
    quantity: 38.5,
    unitCode: 'HUR',
    netPriceCents: 4500,
    netAmountCents: 173250,
    vatCode: 'AE',
    vatRate: 0,
  },
];
const dRows: EInvoiceVatRow[] = [
  {
    vatCode: 'AE',
    rate: 0,
    baseCents: 173250,
    vatCents: 0,
    exemptionReason: 'Autoliquidation',
    exemptionReasonCode: 'VATEX-EU-AE',
  },
];
export const caseDAutoliquidation = base({
  number: 'FA0070',
  notes: [
    ...LATE_PAYMENT_NOTES,
    { subjectCode: 'REG', text: 'Autoliquidation : TVA due par le preneur, art. 283-2 nonies du CGI.' },
  ],
  lines: dLines,
  vatBreakdown: dRows,
  totals: totals(dLines, dRows),
});

// (e) Franchise en base: no VAT number (BT-32 carries the SIREN-based tax registration), category E.
const eLines: EInvoiceLine[] = [
  {
    id: '1',
    name: 'Peinture chambre',
    quantity: 24.5,
    unitCode: 'MTK',
    netPriceCents: 1800,
    netAmountCents: 44100,
    vatCode: 'E',
    vatRate: 0,
  },
  {
    id: '2',
    name: 'Déplacement',
    quantity: 1,
    unitCode: 'C62',
    netPriceCents: 4500,
    netAmountCents: 4500,
    vatCode: 'E',
    vatRate: 0,
  },
];
const eRows: EInvoiceVatRow[] = [
  {
    vatCode: 'E',
    rate: 0,
    baseCents: 48600,
    vatCents: 0,
    exemptionReason: 'TVA non applicable, art. 293 B du CGI',
    exemptionReasonCode: 'VATEX-FR-FRANCHISE',
  },
];
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
  lines: eLines,
  vatBreakdown: eRows,
  totals: totals(eLines, eRows),
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
