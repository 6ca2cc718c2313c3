// Generating an invoice from a quote (spec §2: 'Génération en cours...' while running, isPaid unchecked by
// default, checking it reveals the payment date) and marking an invoice paid use the same payment fields.
import { Button, Field, Input, Modal } from '@atelier/ui';
import { useEffect, useId, useState } from 'react';

import { CLIENTS_MESSAGES as M } from '../../messages';

import { today, type PaymentChoice } from './rows';

export interface PaymentModalProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  /** Initial choice (generation: unpaid; marking paid: paid today). */
  initial: PaymentChoice;
  running: boolean;
  onClose: () => void;
  onConfirm: (choice: PaymentChoice) => void;
}

export function PaymentModal({ open, title, confirmLabel, initial, running, onClose, onConfirm }: PaymentModalProps) {
  const id = useId();
  const [isPaid, setIsPaid] = useState(initial.isPaid);
  const [paymentDate, setPaymentDate] = useState(initial.paymentDate ?? today());
  useEffect(() => {
    if (!open) return;
    setIsPaid(initial.isPaid);
    setPaymentDate(initial.paymentDate ?? today());
  }, [open, initial]);

  return (
    <Modal
      open={open}
      title={title}
      onClose={() => !running && onClose()}
      actions={
        <>
          <Button $variant="secondary" onClick={onClose} disabled={running}>
            {M.cancel}
          </Button>
          <Button
            onClick={() => onConfirm({ isPaid, paymentDate: isPaid ? paymentDate || today() : null })}
            disabled={running}
            aria-busy={running || undefined}
          >
            {running ? M.generating : confirmLabel}
          </Button>
        </>
      }
    >
      <label style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 16 }}>
        <input type="checkbox" checked={isPaid} onChange={(event) => setIsPaid(event.target.checked)} />
        {M.isPaid}
      </label>
      {isPaid ? (
        <Field label={M.paymentDate} htmlFor={`${id}-date`}>
          <Input
            id={`${id}-date`}
            type="date"
            value={paymentDate}
            onChange={(event) => setPaymentDate(event.target.value)}
          />
        </Field>
      ) : null}
    </Modal>
  );
}
