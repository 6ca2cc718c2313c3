// Shapes of everything the browser keeps under the spec's localStorage keys (SPEC.md §3).
// They keep the original product's JSON shapes so existing data can be imported as is.
// zod/mini: tree-shaken to the few validators used here (~10 KB gzip instead of the whole classic API, issue 14).
import * as z from 'zod/mini';

import { OPERATION_NATURES } from './invoicing/mentions';
import { VAT_CATEGORIES, VAT_REGIMES } from './invoicing/vat';
import { lazySchema } from './lazy-schema';

export const INVOICE_KINDS = ['invoice', 'deposit', 'situation'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const PREDEFINED_UNITS = ['m2', 'kg', 'ml', 'h', 'jour', 'unité', 'forfait'] as const;
export const DEFAULT_UNIT = 'm2';

/** One supply or labour component of a catalogue ouvrage (the shape a devis line copies: OuvrageComponent). */
export const ouvrageComponentSchema = lazySchema(() =>
  z.object({
    kind: z.enum(['fourniture', 'main_oeuvre']),
    name: z.string().check(z.minLength(1)),
    unit: z.string().check(z.minLength(1)),
    quantity: z.number().check(z.gte(0)),
    price: z.number().check(z.gte(0)),
  }),
);

/**
 * A catalogue task (key `tasks`). Price in euros excluding tax, as the original product stored it. Issue 27 adds
 * optional fields only, so every stored catalogue reads unchanged: `id` (stable, copied to a devis line as
 * `catalogueId`; absent on tasks made before), `category`, `description` (multi-line), `vatRate` (default rate of
 * the lines made from it), and for an ouvrage `components` (supplies and labour) + `coefficient` (margin, default
 * 1) — its `price` is then ouvrageUnitPrice(components, coefficient), kept up to date by the catalogue page.
 */
export const taskSchema = lazySchema(() =>
  z.object({
    name: z.string().check(z.minLength(1)),
    unit: z.string().check(z.minLength(1)),
    price: z.number().check(z.gte(0)),
    id: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    category: z.optional(z.string()),
    description: z.optional(z.string()),
    vatRate: z.optional(z.number()),
    components: z.optional(z.array(ouvrageComponentSchema)),
    coefficient: z.optional(z.number().check(z.positive())),
  }),
);
export type Task = z.infer<typeof taskSchema>;
export const taskCatalogueSchema = lazySchema(() => z.array(taskSchema));

/** A remise before VAT (issue 27): a percentage 0–100 or an amount in euros HT (@atelier/domain's Discount). */
export const discountSchema = lazySchema(() =>
  z.union([
    z.object({ kind: z.literal('percent'), value: z.number().check(z.gte(0), z.lte(100)) }),
    z.object({ kind: z.literal('amount'), value: z.number().check(z.gte(0)) }),
  ]),
);

/**
 * A line on a quote or an invoice (@atelier/domain's StoredLine): a catalogue task with a quantity, or a free
 * line; issue 27's optional fields (kind, description, remise, option, ouvrage snapshot) read unchanged on older
 * lines. A text or section line may have an empty unit.
 */
export const quoteLineSchema = lazySchema(() =>
  z.extend(taskSchema, {
    unit: z.string(),
    quantity: z.number().check(z.gte(0)),
    /** Per-line VAT (issue 28): absent on lines made before it, which take the document's `tvaRate`. */
    vatRate: z.optional(z.number()),
    vatCategory: z.optional(z.enum(VAT_CATEGORIES)),
    kind: z.optional(z.enum(['item', 'text', 'section'])),
    discount: z.optional(discountSchema),
    option: z.optional(z.boolean()),
    accepted: z.optional(z.boolean()),
    detailed: z.optional(z.boolean()),
    catalogueId: z.optional(z.string()),
  }),
);
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const companyInfoSchema = lazySchema(() =>
  z.object({
    name: z._default(z.string(), ''),
    address: z._default(z.string(), ''),
    phone: z._default(z.string(), ''),
    email: z._default(z.string(), ''),
    website: z._default(z.string(), ''),
    siret: z._default(z.string(), ''),
    tva: z._default(z.optional(z.string()), ''),
    rib: z._default(
      z.object({
        bank: z._default(z.string(), ''),
        iban: z._default(z.string(), ''),
        bic: z._default(z.string(), ''),
      }),
      { bank: '', iban: '', bic: '' },
    ),
    logo: z._default(z.string(), ''),
    footer: z._default(z.string(), ''),
    /**
     * VAT regime, set explicitly on /company (assujetti, or franchise en base art. 293 B): never inferred from an
     * empty VAT number. Absent on data saved before the setting existed (@atelier/domain's companyVatRegime).
     */
    vatRegime: z.optional(z.enum(VAT_REGIMES)),
    /** « Option pour le paiement de la taxe d'après les débits ». */
    vatOnDebits: z.optional(z.boolean()),
    /** Legal form and share capital (« SARL au capital de 10 000 € »), RCS / RM registration (« RCS Lyon 123… »). */
    legalForm: z.optional(z.string()),
    capital: z.optional(z.string()),
    registration: z.optional(z.string()),
    /** What the firm's documents usually are (décret 2022-1299); « services » when absent. */
    operationNature: z.optional(z.enum(OPERATION_NATURES)),
    /**
     * Professional insurance (loi 96-603 art. 22-2: décennale…), printed on invoices when the insurer is set:
     * the insurance, the insurer's name and address, the geographic coverage.
     */
    insurance: z.optional(
      z.object({
        name: z._default(z.string(), ''),
        insurer: z._default(z.string(), ''),
        address: z._default(z.string(), ''),
        coverage: z._default(z.string(), ''),
      }),
    ),
  }),
);
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

export const TABLE_STYLES = ['simple', 'striped', 'bordered'] as const;
export const LOGO_SIZES = ['small', 'medium', 'large'] as const;
export const SIDES = ['left', 'right'] as const;

export const quoteCustomizationSchema = lazySchema(() =>
  z.object({
    colors: z.object({ primary: z.string(), secondary: z.string(), accent: z.string() }),
    fonts: z.object({ title: z.string(), body: z.string() }),
    tableStyle: z.enum(TABLE_STYLES),
    showHeader: z.boolean(),
    showFooter: z.boolean(),
    additionalText: z.string(),
    layout: z.object({
      logoSize: z.enum(LOGO_SIZES),
      companyInfoPosition: z.enum(SIDES),
      clientInfoPosition: z.enum(SIDES),
      spacing: z.optional(z.number()),
      fontSize: z.object({ title: z.number(), subtitle: z.number(), body: z.number() }),
      margins: z.optional(z.object({ top: z.number(), right: z.number(), bottom: z.number(), left: z.number() })),
      positions: z.optional(z.record(z.string(), z.unknown())),
    }),
    invoice: z.object({
      paymentText: z.string(),
      latePaymentText: z.string(),
      paymentDeadline: z.number().check(z.gte(0)),
      showQuoteReference: z.boolean(),
      showPaymentStatus: z.boolean(),
      showPaymentDate: z.boolean(),
      customHeader: z.string(),
      customFooter: z.string(),
    }),
  }),
);
export type QuoteCustomization = z.infer<typeof quoteCustomizationSchema>;

/**
 * What a quote or an invoice was issued with (DESIGN.md §4): the company details, the customisation and the
 * client as they were, so the PDF can be regenerated identically when its bytes are missing from IndexedDB.
 */
export const documentSnapshotSchema = lazySchema(() =>
  z.object({
    company: companyInfoSchema,
    customization: quoteCustomizationSchema,
    client: z.object({
      name: z.string(),
      email: z.string(),
      phone: z._default(z.string(), ''),
      address: z._default(z.string(), ''),
      /** A business client's SIREN and VAT number (décret 2022-1299; autoliquidation needs the VAT number). */
      siren: z.optional(z.string()),
      vatNumber: z.optional(z.string()),
      /** Site / delivery address when it differs from the billing address. */
      siteAddress: z.optional(z.string()),
    }),
    /**
     * When set, `company.logo` is empty and the logo data URL is kept once in IndexedDB under this id
     * (@atelier/storage's snapshotLogos), instead of being repeated in every document in localStorage.
     */
    logoId: z.optional(z.string()),
  }),
);
export type DocumentSnapshot = z.infer<typeof documentSnapshotSchema>;

export const quoteSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** Sequential per user: DE0001 (DESIGN.md §8). Older data may lack it. */
    number: z.optional(z.string()),
    date: z.string(),
    tasks: z.array(quoteLineSchema),
    total: z.number(),
    totalHT: z.number(),
    tva: z.number(),
    tvaRate: z.number(),
    /** Legacy data URL; new documents keep their bytes in IndexedDB under the document id. */
    pdfData: z._default(z.optional(z.string()), ''),
    projectTitle: z.optional(z.string()),
    /** VAT regime the devis was made under (issue 28); absent on older ones (storedDocumentRegime decides). */
    vatRegime: z.optional(z.enum(VAT_REGIMES)),
    /** Devis options (issue 28): requested deposit (% of TTC), progress billing with its retenue de garantie. */
    depositPercent: z.optional(z.number()),
    progressBilling: z.optional(z.boolean()),
    retenuePercent: z.optional(z.number()),
    retenueCaution: z.optional(z.boolean()),
    /** Autoliquidation (sous-traitance BTP): every line is AE at 0 %. */
    autoliquidation: z.optional(z.boolean()),
    /** Remise globale before VAT (issue 27, `quotes.discount`); absent = none. */
    discount: z.optional(discountSchema),
    /**
     * Absent on documents issued before snapshots existed (they still parse). A damaged snapshot is dropped
     * rather than making the whole client book unreadable: the document itself stays.
     */
    snapshot: z.catch(z.optional(documentSnapshotSchema), undefined),
  }),
);
export type Quote = z.infer<typeof quoteSchema>;

export const invoiceSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    number: z.optional(z.string()),
    quoteId: z.string(),
    date: z.string(),
    total: z.number(),
    totalHT: z.number(),
    tva: z.number(),
    tvaRate: z.number(),
    pdfData: z._default(z.optional(z.string()), ''),
    tasks: z.array(quoteLineSchema),
    /** Remise globale before VAT carried from the devis (issue 27, `invoices.discount`); absent = none. */
    discount: z.optional(discountSchema),
    isPaid: z._default(z.boolean(), false),
    paymentDate: z.optional(z.string()),
    projectTitle: z.optional(z.string()),
    /** Date of the work (`invoices.service_date`); the issue date when absent. */
    serviceDate: z.optional(z.string()),
    /** Due date set by the server when issued (`invoices.due_date`). */
    dueDate: z.optional(z.string()),
    vatRegime: z.optional(z.enum(VAT_REGIMES)),
    /** Issue 28: 'invoice' (final), 'deposit' (acompte), 'situation'; absent = 'invoice'. */
    kind: z.optional(z.enum(INVOICE_KINDS)),
    /** Deposits deducted (BT-113) and the deposit invoices they come from. */
    prepaidCents: z.optional(z.number()),
    deductions: z.optional(
      z.array(z.object({ number: z.string(), issue_date: z.optional(z.string()), total_ttc_cents: z.number() })),
    ),
    retenuePercent: z.optional(z.number()),
    retenueCaution: z.optional(z.boolean()),
    situationNumber: z.optional(z.number()),
    /** Cumulative progress per devis line ([{previous, current}] in %), for a situation. */
    progress: z.optional(
      z.array(
        z.object({
          previous: z.number(),
          current: z.number(),
          /** The devis line's HT, its cumulative HT now and at the previous situation (for the PDF's columns). */
          quote_net_cents: z.optional(z.number()),
          cumulative_cents: z.optional(z.number()),
          previous_cents: z.optional(z.number()),
        }),
      ),
    ),
    depositPercent: z.optional(z.number()),
    /** VAT per rate as issued (`vat_breakdown`): a situation's is the cumulative VAT minus the previous ones. */
    vatBreakdown: z.optional(
      z.array(z.object({ category: z.enum(VAT_CATEGORIES), rate: z.number(), vat_cents: z.number() })),
    ),
    snapshot: z.catch(z.optional(documentSnapshotSchema), undefined),
  }),
);
export type Invoice = z.infer<typeof invoiceSchema>;

export const clientSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    email: z.string(),
    phone: z._default(z.string(), ''),
    address: z._default(z.string(), ''),
    quotes: z._default(z.array(quoteSchema), []),
    invoices: z._default(z.array(invoiceSchema), []),
  }),
);
export type Client = z.infer<typeof clientSchema>;
export const clientBookSchema = lazySchema(() => z.array(clientSchema));

export const DEFAULT_PAYMENT_TEXT = 'Paiement à réception de facture';
export const DEFAULT_LATE_PAYMENT_TEXT =
  "En cas de retard de paiement, des pénalités égales à trois fois le taux d'intérêt légal seront exigibles, ainsi qu'une indemnité forfaitaire pour frais de recouvrement de 40 €.";

export const DEFAULT_CUSTOMIZATION: QuoteCustomization = {
  colors: { primary: '#1a365d', secondary: '#2d3748', accent: '#4299e1' },
  fonts: { title: 'Helvetica', body: 'Arial' },
  tableStyle: 'simple',
  showHeader: true,
  showFooter: true,
  additionalText: '',
  layout: {
    logoSize: 'medium',
    companyInfoPosition: 'left',
    clientInfoPosition: 'right',
    spacing: 10,
    fontSize: { title: 14, subtitle: 12, body: 10 },
    margins: { top: 15, right: 15, bottom: 15, left: 15 },
    positions: {},
  },
  invoice: {
    paymentText: DEFAULT_PAYMENT_TEXT,
    latePaymentText: DEFAULT_LATE_PAYMENT_TEXT,
    paymentDeadline: 30,
    showQuoteReference: true,
    showPaymentStatus: true,
    showPaymentDate: true,
    customHeader: '',
    customFooter: '',
  },
};

/** AI / embedded extraction result (SPEC.md §3). */
export const extractedClientSchema = lazySchema(() =>
  z.object({
    name: z.optional(z.string()),
    phone: z.optional(z.string()),
    email: z.optional(z.string()),
    address: z.optional(z.string()),
    /** The client's firm (« société Ornano Bâtiment »), filled into the devis client's company. */
    company: z.optional(z.string()),
  }),
);
export type ExtractedClient = z.infer<typeof extractedClientSchema>;

export const extractionResultSchema = lazySchema(() =>
  z.object({
    projectTitle: z.string(),
    // Measured units keep up to 2 decimals (14,5 m²); counted units (unité, u, forfait) are whole numbers ≥ 1.
    tasks: z.array(z.object({ name: z.string(), quantity: z.number().check(z.positive()), unit: z.string() })),
    client: z.optional(extractedClientSchema),
  }),
);
export type ExtractionResult = z.infer<typeof extractionResultSchema>;

export const voiceRecognitionStateSchema = lazySchema(() =>
  z.object({
    transcript: z._default(z.string(), ''),
    isMuted: z._default(z.boolean(), false),
    lastUpdated: z.optional(z.string()),
  }),
);
export type VoiceRecognitionState = z.infer<typeof voiceRecognitionStateSchema>;

export const CHECKPOINT_VERSION = '1.0.0';
export const MAX_CHECKPOINTS = 3;
export const checkpointSchema = lazySchema(() =>
  z.object({
    version: z.literal(CHECKPOINT_VERSION),
    date: z.string(),
    voiceRecognition: z.nullable(voiceRecognitionStateSchema),
    customization: z.nullable(quoteCustomizationSchema),
    clients: clientBookSchema,
    tasks: taskCatalogueSchema,
    companyInfo: z.nullable(companyInfoSchema),
  }),
);
export type Checkpoint = z.infer<typeof checkpointSchema>;
