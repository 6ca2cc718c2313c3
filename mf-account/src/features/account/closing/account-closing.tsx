// /account: « Mes données » — the full export, and « Supprimer mon compte » in a dialog that offers the export
// first, says what goes and that issued invoices must be kept 10 years, and wants the account's e-mail typed.
import { Banner, Button, Card, Field, Input, Modal } from '@atelier/ui';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';

import { ClosingError, deleteMyAccount, downloadAllData } from './closing-api';
import { CLOSING_MESSAGES as M } from './messages';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
`;

type Notice = { tone: 'success' | 'error'; text: string } | null;
const messageOf = (error: unknown, fallback: string) => (error instanceof ClosingError ? error.message : fallback);

function useDownload() {
  const [running, setRunning] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const run = async () => {
    if (running) return;
    setRunning(true);
    setNotice(null);
    try {
      setNotice({ tone: 'success', text: M.downloaded(await downloadAllData()) });
    } catch (error) {
      setNotice({ tone: 'error', text: messageOf(error, M.downloadFailed) });
    } finally {
      setRunning(false);
    }
  };
  return { running, notice, run };
}

export interface AccountClosingProps {
  email: string;
  /** Called once the account is gone and this device signed out. */
  onDeleted: () => void;
}

export function AccountClosing({ email, onDeleted }: AccountClosingProps) {
  const pageDownload = useDownload();
  const dialogDownload = useDownload();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === email.trim().toLowerCase() && email !== '';

  const close = () => {
    if (deleting) return;
    setOpen(false);
    setTyped('');
    setError(null);
  };
  const onDelete = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!matches) {
      setError(M.mismatch);
      return;
    }
    setDeleting(true);
    setError(null);
    try {
      await deleteMyAccount(typed.trim());
      onDeleted();
    } catch (failure) {
      setError(messageOf(failure, M.failed));
      setDeleting(false);
    }
  };

  return (
    <Card aria-labelledby="account-data">
      <h2 id="account-data">{M.dataTitle}</h2>
      <p>{M.dataIntro}</p>
      {pageDownload.notice ? <Banner tone={pageDownload.notice.tone}>{pageDownload.notice.text}</Banner> : null}
      <Actions>
        <Button $variant="secondary" disabled={pageDownload.running} onClick={() => void pageDownload.run()}>
          {M.download}
        </Button>
        {pageDownload.running ? <span aria-live="polite">{M.downloading}</span> : null}
      </Actions>
      <p>{M.deleteIntro}</p>
      <Button $variant="danger" onClick={() => setOpen(true)}>
        {M.open}
      </Button>

      <Modal
        open={open}
        title={M.dialogTitle}
        onClose={close}
        actions={
          <>
            <Button $variant="secondary" disabled={deleting} onClick={close}>
              {M.cancel}
            </Button>
            <Button $variant="danger" disabled={deleting || !matches} onClick={() => void onDelete()}>
              {deleting ? M.deleting : M.confirm}
            </Button>
          </>
        }
      >
        <p>{M.exportFirst}</p>
        {dialogDownload.notice ? <Banner tone={dialogDownload.notice.tone}>{dialogDownload.notice.text}</Banner> : null}
        <Actions>
          <Button disabled={dialogDownload.running} onClick={() => void dialogDownload.run()}>
            {M.download}
          </Button>
          {dialogDownload.running ? <span aria-live="polite">{M.downloading}</span> : null}
        </Actions>
        <p>{M.whatIsDeleted}</p>
        <Banner tone="warning">{M.retention}</Banner>
        <form onSubmit={(event) => void onDelete(event)} noValidate>
          <Field label={M.confirmLabel} htmlFor="account-delete-email">
            <Input
              id="account-delete-email"
              type="email"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-invalid={error === M.mismatch}
            />
          </Field>
        </form>
        {error ? <Banner tone="error">{error}</Banner> : null}
      </Modal>
    </Card>
  );
}
