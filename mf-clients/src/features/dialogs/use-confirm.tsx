// The app's confirmation dialog (issue 29.10: never the browser's native confirm()): an accessible Modal
// (role=dialog, focus inside and trapped, Escape cancels, focus back on the opener) with the question, a
// confirm button naming the action and « Annuler ». `confirm(...)` resolves true only on the confirm button.
import { Button, Modal } from '@atelier/ui';
import { useCallback, useRef, useState, type ReactNode } from 'react';

import { DIALOG_MESSAGES as M } from './messages';

export interface ConfirmRequest {
  title: string;
  message: string;
  /** The confirm button's text (« Supprimer le devis DE0001 »). */
  confirmLabel: string;
  danger?: boolean;
}

export function useConfirm(): { confirm: (request: ConfirmRequest) => Promise<boolean>; dialog: ReactNode } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const settle = useCallback((answer: boolean) => {
    resolver.current?.(answer);
    resolver.current = null;
    setRequest(null);
  }, []);

  const confirm = useCallback((next: ConfirmRequest) => {
    resolver.current?.(false);
    setRequest(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const cancel = useCallback(() => settle(false), [settle]);

  const dialog = (
    <Modal
      open={request !== null}
      title={request?.title ?? ''}
      onClose={cancel}
      actions={
        <>
          <Button $variant="secondary" onClick={cancel}>
            {M.cancel}
          </Button>
          <Button $variant={request?.danger ? 'danger' : 'primary'} onClick={() => settle(true)}>
            {request?.confirmLabel}
          </Button>
        </>
      }
    >
      <p>{request?.message}</p>
    </Modal>
  );
  return { confirm, dialog };
}
