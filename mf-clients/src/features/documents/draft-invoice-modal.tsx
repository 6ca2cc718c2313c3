// A draft invoice opened for editing (« Corriger » gives one pre-filled from the cancelled invoice): project
// title, VAT rate (0–100, empty → 20), lines' quantity and unit price (French numbers), then save or issue.
import {
  UNIT_PRICE_RULES,
  VAT_RATE_RULES,
  computeTotals,
  formatFrenchNumber,
  parseNumberField,
  quantityRules,
  type QuoteLine,
} from '@atelier/domain';
import { rowLines } from '@atelier/storage';
import { Button, Field, Input, formatEuros } from '@atelier/ui';
import { Modal } from '@atelier/ui';
import { useEffect, useId, useMemo, useState } from 'react';

import { CLIENTS_MESSAGES as M } from '../../messages';

import type { Row } from './rows';

interface LineDraft {
  name: string;
  unit: string;
  quantity: string;
  price: string;
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
  const [vat, setVat] = useState('20');
  const [lines, setLines] = useState<LineDraft[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!draft) return;
    setTitle(String(draft.project_title ?? ''));
    setVat(num(Number(draft.vat_rate ?? 20), 1));
    setLines(
      rowLines(draft.lines).map((l) => ({
        name: l.name,
        unit: l.unit,
        quantity: num(l.quantity, 2),
        price: num(l.price, 2),
      })),
    );
    setError(null);
  }, [draft]);

  const parsed = useMemo(() => {
    const rate = parseNumberField(vat, VAT_RATE_RULES);
    if (!rate.ok) return { error: rate.message };
    const out: QuoteLine[] = [];
    for (const line of lines) {
      const quantity = parseNumberField(line.quantity, quantityRules(line.unit));
      if (!quantity.ok) return { error: `${line.name} : ${quantity.message}` };
      const price = parseNumberField(line.price, UNIT_PRICE_RULES);
      if (!price.ok) return { error: `${line.name} : ${price.message}` };
      out.push({ name: line.name, unit: line.unit, quantity: quantity.value, price: price.value });
    }
    return { rate: rate.value, lines: out, totals: computeTotals(out, rate.value) };
  }, [vat, lines]);

  const submit = (issue: boolean) => {
    if ('error' in parsed) {
      setError(parsed.error ?? null);
      return;
    }
    onSave(
      {
        project_title: title.trim() || null,
        vat_rate: parsed.rate,
        lines: parsed.lines,
        total_ht_cents: parsed.totals.totalHTCents,
        tva_cents: parsed.totals.tvaCents,
        total_ttc_cents: parsed.totals.totalTTCCents,
      },
      issue,
    );
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
      <Field label={M.vatRate} htmlFor={`${id}-vat`}>
        <Input id={`${id}-vat`} inputMode="decimal" value={vat} onChange={(event) => setVat(event.target.value)} />
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
        </fieldset>
      ))}
      {'totals' in parsed && parsed.totals ? (
        <p>
          {M.totalHT} : {formatEuros(parsed.totals.totalHTCents)} — {M.totalTTC} :{' '}
          {formatEuros(parsed.totals.totalTTCCents)}
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
