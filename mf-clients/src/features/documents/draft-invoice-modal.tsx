// A draft invoice opened for editing (« Corriger » gives one pre-filled from the cancelled invoice): project
// title, each line's quantity, unit price (French numbers) and VAT rate (the list of the money model; none under
// the franchise), then save or issue. Totals and the VAT per rate come from @atelier/domain.
import {
  UNIT_PRICE_RULES,
  VAT_RATES,
  computeDocumentTotals,
  formatFrenchNumber,
  formatVatRate,
  isItemLine,
  parseNumberField,
  quantityRules,
  toMoneyLine,
  toMoneyLines,
  validateDevisLines,
  type QuoteLine,
} from '@atelier/domain';
import { rowLines } from '@atelier/storage';
import { Button, Field, Input, formatEuros } from '@atelier/ui';
import { Modal } from '@atelier/ui';
import { useEffect, useId, useMemo, useState } from 'react';

import { CLIENTS_MESSAGES as M } from '../../messages';

import { moneyColumns, rowDiscount, rowVatContext, type Row } from './rows';

/** An item line being edited; `index` is its place among the stored lines (sections and comments kept as they are). */
interface LineDraft {
  index: number;
  name: string;
  unit: string;
  quantity: string;
  price: string;
  vatRate: number;
}

export interface DraftInvoiceModalProps {
  draft: Row | null;
  running: boolean;
  onClose: () => void;
  /** The edited columns (lines, VAT, totals, title); `issue` asks to issue it right after saving. */
  onSave: (changes: Record<string, unknown>, issue: boolean) => void;
}

const num = (value: number, decimals: number) =>
  formatFrenchNumber(value, { maxDecimals: decimals, plainSpaces: true });

export function DraftInvoiceModal({ draft, running, onClose, onSave }: DraftInvoiceModalProps) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [lines, setLines] = useState<LineDraft[]>([]);
  const [stored, setStored] = useState<QuoteLine[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!draft) return;
    setTitle(String(draft.project_title ?? ''));
    const context = rowVatContext(draft);
    const all = rowLines(draft.lines);
    setStored(all);
    setLines(
      all.flatMap((l, index) =>
        isItemLine(l)
          ? [
              {
                index,
                name: l.name,
                unit: l.unit,
                quantity: num(l.quantity, 2),
                price: num(l.price, 2),
                vatRate: toMoneyLine(l, context).vatRate,
              },
            ]
          : [],
      ),
    );
    setError(null);
  }, [draft]);

  const context = useMemo(() => (draft ? rowVatContext(draft) : null), [draft]);
  const discount = useMemo(() => (draft ? rowDiscount(draft) : null), [draft]);

  const parsed = useMemo(() => {
    if (!context) return { error: null };
    const out: QuoteLine[] = [...stored];
    for (const line of lines) {
      const quantity = parseNumberField(line.quantity, quantityRules(line.unit));
      if (!quantity.ok) return { error: `${line.name} : ${quantity.message}` };
      const price = parseNumberField(line.price, UNIT_PRICE_RULES);
      if (!price.ok) return { error: `${line.name} : ${price.message}` };
      out[line.index] = { ...stored[line.index]!, quantity: quantity.value, price: price.value, vatRate: line.vatRate };
    }
    const invalid = validateDevisLines(out, discount, context);
    if (invalid) return { error: invalid };
    return { lines: out, totals: computeDocumentTotals(toMoneyLines(out, context), { documentDiscount: discount }) };
  }, [lines, stored, context, discount]);

  const submit = (issue: boolean) => {
    if (!('lines' in parsed) || !parsed.lines || !context) {
      setError(('error' in parsed && parsed.error) || null);
      return;
    }
    const { lines: saved, ...money } = moneyColumns(parsed.lines, context, 0, discount);
    onSave({ project_title: title.trim() || null, ...money, lines: saved }, issue);
  };

  const setLine = (index: number, patch: Partial<LineDraft>) =>
    setLines((prev) => prev.map((line, i) => (i === index ? { ...line, ...patch } : line)));

  return (
    <Modal
      open={draft !== null}
      title={M.editDraftTitle}
      onClose={() => !running && onClose()}
      actions={
        <>
          <Button $variant="secondary" onClick={onClose} disabled={running}>
            {M.cancel}
          </Button>
          <Button $variant="secondary" onClick={() => submit(false)} disabled={running}>
            {M.save}
          </Button>
          <Button onClick={() => submit(true)} disabled={running} aria-busy={running || undefined}>
            {running ? M.generating : M.issueDraft}
          </Button>
        </>
      }
    >
      <Field label={M.projectTitle} htmlFor={`${id}-title`}>
        <Input id={`${id}-title`} value={title} onChange={(event) => setTitle(event.target.value)} />
      </Field>
      {lines.map((line, index) => (
        <fieldset key={index} style={{ border: 0, padding: 0, display: 'flex', gap: 8, alignItems: 'end' }}>
          <legend style={{ fontWeight: 600 }}>
            {line.name} ({line.unit})
          </legend>
          <Field label={M.lineQuantity} htmlFor={`${id}-q${index}`}>
            <Input
              id={`${id}-q${index}`}
              inputMode="decimal"
              value={line.quantity}
              onChange={(event) => setLine(index, { quantity: event.target.value })}
            />
          </Field>
          <Field label={M.linePrice} htmlFor={`${id}-p${index}`}>
            <Input
              id={`${id}-p${index}`}
              inputMode="decimal"
              value={line.price}
              onChange={(event) => setLine(index, { price: event.target.value })}
            />
          </Field>
          <Field label={M.vatRate} htmlFor={`${id}-v${index}`}>
            <select
              id={`${id}-v${index}`}
              value={String(line.vatRate)}
              disabled={context?.regime === 'franchise'}
              onChange={(event) => setLine(index, { vatRate: Number(event.target.value) })}
            >
              {(context?.regime === 'franchise' ? [0] : VAT_RATES).map((rate) => (
                <option key={rate} value={String(rate)}>
                  {formatVatRate(rate)}
                </option>
              ))}
            </select>
          </Field>
        </fieldset>
      ))}
      {'totals' in parsed && parsed.totals ? (
        <p>
          {M.totalHT} : {formatEuros(parsed.totals.totalHTCents)}
          {parsed.totals.breakdown
            .filter((row) => row.vatCents !== 0 || row.rate !== 0)
            .map((row) => ` — ${M.vatOf(formatVatRate(row.rate))} : ${formatEuros(row.vatCents)}`)
            .join('')}{' '}
          — {M.totalTTC} : {formatEuros(parsed.totals.totalTTCCents)}
        </p>
      ) : null}
      {error ? (
        <p role="alert" style={{ color: '#c53030', fontWeight: 600 }}>
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
