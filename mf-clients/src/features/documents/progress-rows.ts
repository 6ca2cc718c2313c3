// Acomptes and situations made from a devis row (issue 28): the draft invoice rows, with their lines, totals and
// VAT breakdown from @atelier/domain's planDeposit / planSituation / computeDocumentTotals. The server's
// issue_invoice recomputes the same figures and refuses a draft that disagrees. Pure functions (progress-rows.test.ts).
import {
  centsToEuros,
  computeDocumentTotals,
  formatVatRate,
  lineNetCents,
  planDeposit,
  planSituation,
  retenueError,
  summaryVatRate,
  totalsColumns,
  type DepositRequest,
  type MoneyLine,
} from '@atelier/domain';
import { rowText as str } from '@atelier/storage';

import { CLIENTS_MESSAGES as M } from '../../messages';

import { rowMoneyLines, rowPricedLines, rowVatContext, today, type Row } from './rows';

export type Planned = { ok: true; row: Row } | { ok: false; message: string };

const issued = (row: Row) => row.status === 'issued';

/** The issued invoices of a devis of one kind, oldest first. */
export function quoteInvoices(invoices: readonly Row[], quoteId: string, kind: 'deposit' | 'situation'): Row[] {
  return invoices
    .filter((row) => row.quote_id === quoteId && (row.kind ?? 'invoice') === kind && issued(row))
    .sort((a, b) => Number(a.situation_number ?? 0) - Number(b.situation_number ?? 0));
}

/** TTC of the deposits already invoiced on a devis. */
export function depositedCents(invoices: readonly Row[], quoteId: string): number {
  return quoteInvoices(invoices, quoteId, 'deposit').reduce((sum, row) => sum + Number(row.total_ttc_cents ?? 0), 0);
}

/** The cumulative % of each devis line at the last issued situation (0 before the first). */
export function previousProgress(quote: Row, invoices: readonly Row[]): number[] {
  const count = rowPricedLines(quote).length;
  const last = quoteInvoices(invoices, quote.id, 'situation').at(-1);
  const progress = Array.isArray(last?.progress) ? (last.progress as Array<{ current?: unknown }>) : [];
  return Array.from({ length: count }, (_, i) => Number(progress[i]?.current ?? 0) || 0);
}

function base(quote: Row, id: string, now: Date): Row {
  return {
    id,
    status: 'draft',
    client_id: quote.client_id ?? null,
    project_title: quote.project_title ?? null,
    quote_id: quote.id,
    quote_number: str(quote.number) ?? null,
    snapshot: quote.snapshot ?? null,
    service_date: today(now),
    is_paid: false,
    payment_date: null,
    created_at: now.toISOString(),
  };
}

/** Total columns, plus the retenue and the net due shown before issuing (the server sets its own on issue). */
function totalsOf(totals: ReturnType<typeof computeDocumentTotals>) {
  return { ...totalsColumns(totals), retenue_cents: totals.retenueCents, net_due_cents: totals.netDueCents };
}

function storedLine(name: string, line: MoneyLine) {
  return {
    name,
    unit: 'forfait',
    price: centsToEuros(line.unitPriceCents),
    quantity: 1,
    vatRate: line.vatRate,
    vatCategory: line.vatCategory,
  };
}

/** « Facture d'acompte »: a share of each VAT base of the devis (planDeposit), refused beyond what remains. */
export function draftDepositFromQuote(
  quote: Row,
  id: string,
  request: DepositRequest,
  invoices: readonly Row[],
  now = new Date(),
): Planned {
  const context = rowVatContext(quote);
  const planned = planDeposit(rowMoneyLines(quote), request, depositedCents(invoices, quote.id));
  if (!planned.ok) return planned;
  const { lines, percent } = planned.plan;
  const number = str(quote.number) ?? '';
  const stored = lines.map((line) =>
    storedLine(M.depositLine(String(percent).replace('.', ','), number, formatVatRate(line.vatRate)), line),
  );
  return {
    ok: true,
    row: {
      ...base(quote, id, now),
      kind: 'deposit',
      deposit_percent: percent,
      lines: stored,
      vat_regime: context.regime,
      vat_rate: summaryVatRate(stored, context.documentRate),
      ...totalsColumns(computeDocumentTotals(lines)),
    },
  };
}

/**
 * « Facture de situation »: each devis line at its new cumulative % minus what the previous situations invoiced
 * (planSituation), with the devis' retenue de garantie.
 */
export function draftSituationFromQuote(
  quote: Row,
  id: string,
  next: readonly number[],
  invoices: readonly Row[],
  now = new Date(),
): Planned {
  const context = rowVatContext(quote);
  const names = rowPricedLines(quote).map((l) => l.name);
  const previous = previousProgress(quote, invoices);
  const planned = planSituation(rowMoneyLines(quote), names, previous, next);
  if (!planned.ok) return planned;
  const retenue = {
    ratePercent: Number(quote.retenue_percent ?? 0) || 0,
    caution: quote.retenue_caution === true,
  };
  const refused = retenueError(retenue);
  if (refused) return { ok: false, message: refused };
  const { lines, vatCents } = planned.plan;
  const quoteNets = rowMoneyLines(quote).map(lineNetCents);
  const stored = lines.map((line, i) => storedLine(names[i] ?? '', line));
  return {
    ok: true,
    row: {
      ...base(quote, id, now),
      kind: 'situation',
      progress: previous.map((before, i) => ({
        previous: before,
        current: next[i] ?? before,
        quote_net_cents: quoteNets[i] ?? 0,
        cumulative_cents: planned.plan.cumulativeNetCents[i] ?? 0,
        previous_cents: planned.plan.previousNetCents[i] ?? 0,
      })),
      retenue_percent: retenue.ratePercent,
      retenue_caution: retenue.caution,
      lines: stored,
      vat_regime: context.regime,
      vat_rate: summaryVatRate(stored, context.documentRate),
      ...totalsOf(computeDocumentTotals(lines, { vatCents, retenue })),
    },
  };
}
