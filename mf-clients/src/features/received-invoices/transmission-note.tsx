// On an issued invoice or avoir of /clients (one line in documents/invoice-item.tsx): « Transmise à la plateforme
// le … » once handed to the plateforme agréée, else « Transmettre à la plateforme » when its Factur-X is archived.
import { getSupabase, useAuth } from '@atelier/platform';
import { Button, formatDateTime } from '@atelier/ui';
import { useEffect, useState, useSyncExternalStore } from 'react';

import { RECEIVED_MESSAGES as M } from './messages';
import { loadTransmissions, snapshot, subscribe, transmit, type TransmissionSupabase } from './transmissions';

const supabase = () => getSupabase() as unknown as TransmissionSupabase;

export function TransmissionNote({
  table,
  row,
}: {
  table: 'invoices' | 'credit_notes';
  row: { id: string; pdf_path?: unknown };
}) {
  const userId = useAuth().user?.id;
  const sent = useSyncExternalStore(subscribe, snapshot).get(row.id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (userId) void loadTransmissions(supabase(), userId);
  }, [userId]);

  if (sent) return <p data-testid="transmission-note">{M.transmitted(formatDateTime(sent))}</p>;
  if (!row.pdf_path) return null;
  return (
    <div>
      <Button
        $variant="secondary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          void transmit(supabase(), table, row.id).then((reason) => {
            setError(reason);
            setBusy(false);
          });
        }}
      >
        {busy ? M.transmitting : M.transmit}
      </Button>
      {error ? <p role="alert">{error}</p> : null}
    </div>
  );
}
