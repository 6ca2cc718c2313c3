// « Envoyer par email » of the export panel (issue 26): sends the devis just generated from the server, PDF
// attached, to its client (see hooks/use-send-devis.ts), with French feedback: sent to whom, queued offline, or
// the server's refusal. Enabled once a PDF exists and the client has a valid email (SPEC.md §4).
import { Banner, Button } from '../../../components/primitives';
import { useSendDevis, type SendDevisDeps } from '../hooks/use-send-devis';

import { SEND_DEVIS_MESSAGES as M } from './send-devis-messages';

export function SendDevis({ ready, deps }: { ready: boolean; deps?: SendDevisDeps }) {
  const { devis, send, sending, waiting, notice } = useSendDevis(deps);
  return (
    <>
      <Button
        $variant="secondary"
        onClick={() => void send()}
        disabled={!ready || sending || waiting}
        aria-busy={sending || undefined}
        title={devis ? M.recipient(devis.clientEmail) : undefined}
      >
        {sending ? M.sending : waiting ? M.waiting : M.send}
      </Button>
      {notice ? (
        <div role="status" data-testid="send-devis-notice" style={{ flexBasis: '100%' }}>
          <Banner tone={notice.tone}>{notice.text}</Banner>
        </div>
      ) : null}
    </>
  );
}
