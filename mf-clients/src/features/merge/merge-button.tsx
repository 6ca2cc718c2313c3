// « Fusionner… » on a client card: asks for the other client's e-mail, confirms what happens to its documents,
// then merge_clients on the server (online only: documents move there) and a sync.
import { getSupabase } from '@atelier/platform';
import type { SyncEngine } from '@atelier/storage';
import { Button } from '@atelier/ui';
import { useState } from 'react';

import { MERGE_MESSAGES as M } from './messages';

export interface MergeButtonProps {
  engine: SyncEngine | null;
  client: { id: string; name: string };
}

export function MergeButton({ engine, client }: MergeButtonProps) {
  const [notice, setNotice] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const onNotice = (tone: 'error' | 'info', text: string) => setNotice({ tone, text });
  const run = async () => {
    if (!engine) return;
    const email = window.prompt(M.askEmail(client.name))?.trim().toLowerCase();
    if (!email) return;
    const other = engine.rows('clients').find(
      (c) =>
        c.id !== client.id &&
        !c.archived_at &&
        String(c.email ?? '')
          .trim()
          .toLowerCase() === email,
    );
    if (!other) return onNotice('error', M.notFound(email));
    const otherName = String(other.name ?? '');
    if (!window.confirm(M.confirm(client.name, otherName))) return;
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
      <Button $variant="secondary" aria-label={M.mergeLabel(client.name)} onClick={() => void run()}>
        {M.merge}
      </Button>
      {notice ? (
        <span role={notice.tone === 'error' ? 'alert' : 'status'} style={{ alignSelf: 'center' }}>
          {notice.text}
        </span>
      ) : null}
    </>
  );
}
