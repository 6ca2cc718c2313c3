// « Fusionner… » on a client card: an app dialog (never the browser's prompt/confirm) asks for the other client's
// e-mail and says what happens to its documents; then merge_clients on the server (online only: documents move
// there) and a sync.
import { getSupabase } from '@atelier/platform';
import type { SyncEngine } from '@atelier/storage';
import { Button, Field, Input, Modal } from '@atelier/ui';
import { useId, useState } from 'react';

import { MERGE_MESSAGES as M } from './messages';

export interface MergeButtonProps {
  engine: SyncEngine | null;
  client: { id: string; name: string };
}

export function MergeButton({ engine, client }: MergeButtonProps) {
  const [notice, setNotice] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const inputId = useId();
  const onNotice = (tone: 'error' | 'info', text: string) => setNotice({ tone, text });
  const wanted = email.trim().toLowerCase();
  const other = wanted
    ? engine
        ?.rows('clients')
        .find(
          (c) =>
            c.id !== client.id &&
            !c.archived_at &&
            String(c.email ?? '')
              .trim()
              .toLowerCase() === wanted,
        )
    : undefined;
  const otherName = String(other?.name ?? '');

  const run = async () => {
    if (!engine || !other) return;
    setOpen(false);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return onNotice('error', M.needsNetwork);
    await engine.sync(); // their pending changes first
    try {
      const { error } = await getSupabase().rpc('merge_clients', { p_keep: client.id, p_merged: other.id });
      if (error) return onNotice('error', error.message || M.failed);
    } catch {
      return onNotice('error', M.needsNetwork);
    }
    await engine.sync();
    onNotice('info', M.done(client.name, otherName));
  };
  return (
    <>
      <Button
        $variant="secondary"
        aria-label={M.mergeLabel(client.name)}
        onClick={() => {
          setEmail('');
          setOpen(true);
        }}
      >
        {M.merge}
      </Button>
      {notice ? (
        <span role={notice.tone === 'error' ? 'alert' : 'status'} style={{ alignSelf: 'center' }}>
          {notice.text}
        </span>
      ) : null}
      <Modal
        open={open}
        title={M.title(client.name)}
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button $variant="secondary" onClick={() => setOpen(false)}>
              {M.cancel}
            </Button>
            <Button onClick={() => void run()} disabled={!other}>
              {M.confirmButton}
            </Button>
          </>
        }
      >
        <Field label={M.askEmail(client.name)} htmlFor={inputId}>
          <Input id={inputId} type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </Field>
        {wanted && !other ? <p role="alert">{M.notFound(wanted)}</p> : null}
        {other ? <p>{M.confirm(client.name, otherName)}</p> : null}
      </Modal>
    </>
  );
}
