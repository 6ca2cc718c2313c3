import { Button, Modal } from '@atelier/ui';
import { useState } from 'react';

import { QUOTE_MESSAGES as M } from '../messages';
import type { QuoteSession } from '../model/quote-session';

/** « Nouveau devis »: clears the draft (and its saved copy) once the user confirms. */
export function NewQuoteButton({ session, empty }: { session: QuoteSession; empty: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button $variant="secondary" onClick={() => setOpen(true)} disabled={empty}>
        {M.newQuote}
      </Button>
      <Modal
        open={open}
        title={M.newQuoteConfirmTitle}
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button $variant="secondary" onClick={() => setOpen(false)}>
              {M.cancel}
            </Button>
            <Button
              onClick={() => {
                session.reset();
                setOpen(false);
              }}
            >
              {M.newQuoteConfirm}
            </Button>
          </>
        }
      >
        <p>{M.newQuoteConfirmText}</p>
      </Modal>
    </>
  );
}
