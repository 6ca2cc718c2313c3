// Pure edits of a customisation draft (the form state of /customize).
import {
  PAYMENT_DEADLINE_RULES,
  parseNumberField,
  quoteCustomizationSchema,
  type FieldParseResult,
  type QuoteCustomization,
} from '@atelier/domain';

export type ColorKey = keyof QuoteCustomization['colors'];
export type InvoiceSettings = QuoteCustomization['invoice'];
export type LayoutSettings = QuoteCustomization['layout'];

const HEX = /^#[0-9a-f]{6}$/i;

export function isHexColour(value: string): boolean {
  return HEX.test(value);
}

export function withColour(draft: QuoteCustomization, key: ColorKey, value: string): QuoteCustomization {
  return { ...draft, colors: { ...draft.colors, [key]: value } };
}

export function withLayout<K extends keyof LayoutSettings>(
  draft: QuoteCustomization,
  key: K,
  value: LayoutSettings[K],
): QuoteCustomization {
  return { ...draft, layout: { ...draft.layout, [key]: value } };
}

export function withInvoice<K extends keyof InvoiceSettings>(
  draft: QuoteCustomization,
  key: K,
  value: InvoiceSettings[K],
): QuoteCustomization {
  return { ...draft, invoice: { ...draft.invoice, [key]: value } };
}

/** Payment deadline typed by the user (French number parser): whole days 0–365, or the French refusal. */
export function parsePaymentDeadline(input: string): FieldParseResult {
  return parseNumberField(input, PAYMENT_DEADLINE_RULES);
}

/** Problems that block saving; empty when the draft can be stored. */
export function draftProblems(draft: QuoteCustomization): string[] {
  const problems: string[] = [];
  for (const key of ['primary', 'secondary', 'accent'] as const) {
    if (!isHexColour(draft.colors[key])) problems.push(`colors.${key}`);
  }
  if (!quoteCustomizationSchema.safeParse(draft).success) problems.push('schema');
  return problems;
}
