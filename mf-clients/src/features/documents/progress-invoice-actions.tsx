// « Facture d'acompte » on a devis and, for a devis billed on progress, « Facture de situation » (issue 28): a modal
// that plans the invoice with the domain (planDeposit / planSituation through progress-rows.ts), shows its HT, VAT
// and TTC before anything is written, then creates the draft through the sync engine and issues it
// (issue_invoice recomputes and refuses a disagreeing draft: its French message is shown).
import { eurosToCents, type DepositRequest } from '@atelier/domain';
import { Banner, Button, Field, Input, Modal, formatEuros } from '@atelier/ui';
import { useId, useMemo, useState } from 'react';

import { CLIENTS_MESSAGES as M } from '../../messages';
import { useEngine } from '../client-book/use-client-book';

import { DocumentError, generateFromQuote, saveFile } from './actions';
import { draftDepositFromQuote, draftSituationFromQuote, previousProgress, type Planned } from './progress-rows';
import { rowPricedLines, type Row } from './rows';
import { useDocumentServices } from './use-document-services';

type Mode = 'deposit' | 'situation' | null;
const NO_NAMES: string[] = [];
const NO_ROWS: Row[] = [];
const NO_PROGRESS: number[] = [];
/** A French number as typed (« 37,5 », « 1 500,00 »): null when empty, NaN when not a number with ≤ 2 decimals. */
export function parsed(text: string): number | null {
  const t = text.replace(/[\s\u00A0\u202F]/g, '').replace(',', '.');
  if (!t) return null;
  return /^\d+(\.\d{1,2})?$/.test(t) ? Number(t) : NaN;
}

/** The figures of a planned draft, as shown before issuing. */
function Figures({ planned }: { planned: Planned | null }) {
  if (!planned) return null;
  if (!planned.ok) return <Banner tone="error">{planned.message}</Banner>;
  const row = planned.row;
  const breakdown = (row.vat_breakdown ?? []) as Array<{ rate: number; vat_cents: number; code: string }>;
  const retenue = Number(row.retenue_percent ?? 0);
  return (
    <dl
      data-testid="planned-figures"
      style={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: '0.25rem 1rem' }}
    >
      <dt>{M.totalHT}</dt>
      <dd data-testid="planned-ht">{formatEuros(Number(row.total_ht_cents))}</dd>
      {breakdown
        .filter((b) => b.code === 'S')
        .map((b) => (
          <span key={b.rate} style={{ display: 'contents' }}>
            <dt>{M.vatOf(`${String(b.rate).replace('.', ',')} %`)}</dt>
            <dd>{formatEuros(b.vat_cents)}</dd>
          </span>
        ))}
      <dt>{M.totalTTC}</dt>
      <dd data-testid="planned-ttc">{formatEuros(Number(row.total_ttc_cents))}</dd>
      {retenue > 0 && row.retenue_caution !== true && (
        <>
          <dt>{M.retenue(String(retenue).replace('.', ','))}</dt>
          <dd data-testid="planned-retenue">{formatEuros(Number(row.retenue_cents ?? 0))}</dd>
        </>
      )}
    </dl>
  );
}

/** `depositOnly`: just « Facture d'acompte » (offered again beside an accepted devis' status). */
export function ProgressInvoiceActions({ quote, depositOnly = false }: { quote: Row; depositOnly?: boolean }) {
  const engine = useEngine();
  const id = useId();
  const [mode, setMode] = useState<Mode>(null);
  const [percent, setPercent] = useState('');
  const [amount, setAmount] = useState('');
  const [lines, setLines] = useState<string[]>([]);
  const [running, setRunning] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  // Only while the modal is open: closed, a devis of the list reads nothing (every devis on screen mounts one of
  // these, and the user's invoices are a copy of the whole table walked per devis).
  const names = useMemo(
    () => (mode === 'situation' ? rowPricedLines(quote).map((l) => l.name) : NO_NAMES),
    [quote, mode],
  );
  const invoices = mode ? ((engine?.rows('invoices') ?? []) as Row[]) : NO_ROWS;
  const previous = mode === 'situation' ? previousProgress(quote, invoices) : NO_PROGRESS;

  const services = useDocumentServices(engine);

  const plan = (draftId: string, rows: readonly Row[]): Planned | null => {
    if (mode === 'deposit') {
      const p = parsed(percent);
      const a = parsed(amount);
      if (p === null && a === null) return null;
      if (Number.isNaN(p) || Number.isNaN(a)) return { ok: false, message: M.depositInvalid };
      const request: DepositRequest = p !== null ? { percent: p } : { amountCents: eurosToCents(a!) };
      return draftDepositFromQuote(quote, draftId, request, rows);
    }
    if (mode === 'situation') {
      const next = names.map((_, i) => parsed(lines[i] ?? ''));
      if (next.every((n) => n === null)) return null;
      if (next.some((n) => Number.isNaN(n))) return { ok: false, message: M.situationInvalid };
      return draftSituationFromQuote(
        quote,
        draftId,
        next.map((n, i) => n ?? previous[i] ?? 0),
        rows,
      );
    }
    return null;
  };
  const preview = plan('preview', invoices);

  const open = (next: Mode) => {
    setPercent(next === 'deposit' && quote.deposit_percent ? String(quote.deposit_percent).replace('.', ',') : '');
    setAmount('');
    setLines(next === 'situation' ? rowPricedLines(quote).map(() => '') : []);
    setNotice(null);
    setMode(next);
  };

  const confirm = async () => {
    if (!services || !preview?.ok) return;
    setRunning(true);
    try {
      const result = await generateFromQuote(services, quote, (draftId, rows) => plan(draftId, rows)!);
      saveFile(result.file);
      setNotice(
        result.warning
          ? { tone: 'error', text: result.warning }
          : { tone: 'success', text: M.invoiceIssued(String(result.row.number)) },
      );
      setMode(null);
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof DocumentError ? error.message : M.invoiceGenerationError });
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <button type="button" onClick={() => open('deposit')}>
        {M.deposit}
      </button>
      {quote.progress_billing === true && !depositOnly && (
        <button type="button" onClick={() => open('situation')}>
          {M.situation}
        </button>
      )}
      {notice && (
        <p role={notice.tone === 'error' ? 'alert' : 'status'} data-testid="progress-invoice-notice">
          {notice.text}
        </p>
      )}
      <Modal
        open={mode !== null}
        title={`${mode === 'situation' ? M.situation : M.deposit} — ${String(quote.number ?? '')}`}
        onClose={() => !running && setMode(null)}
        actions={
          <>
            <Button $variant="secondary" onClick={() => setMode(null)} disabled={running}>
              {M.cancel}
            </Button>
            <Button onClick={() => void confirm()} disabled={running || !preview?.ok} aria-busy={running || undefined}>
              {running ? M.generating : M.createDraft}
            </Button>
          </>
        }
      >
        {mode === 'deposit' && (
          <>
            <Field label={M.depositPercent} htmlFor={`${id}-percent`}>
              <Input
                id={`${id}-percent`}
                inputMode="decimal"
                value={percent}
                onChange={(e) => setPercent(e.target.value)}
              />
            </Field>
            <Field label={M.depositAmount} htmlFor={`${id}-amount`}>
              <Input
                id={`${id}-amount`}
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </Field>
          </>
        )}
        {mode === 'situation' && (
          <>
            <Field label={M.situationWhole} htmlFor={`${id}-whole`}>
              <Input
                id={`${id}-whole`}
                inputMode="decimal"
                onChange={(e) => setLines(names.map(() => e.target.value))}
              />
            </Field>
            {names.map((name, i) => (
              <Field
                key={i}
                label={M.situationLine(name, String(previous[i] ?? 0).replace('.', ','))}
                htmlFor={`${id}-l${i}`}
              >
                <Input
                  id={`${id}-l${i}`}
                  inputMode="decimal"
                  value={lines[i] ?? ''}
                  onChange={(e) => setLines((prev) => prev.map((v, j) => (j === i ? e.target.value : v)))}
                />
              </Field>
            ))}
          </>
        )}
        <Figures planned={preview} />
      </Modal>
    </>
  );
}
