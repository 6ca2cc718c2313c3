// « Envoyer » on a devis, facture, acompte, situation or avoir of a client card (issue 26), with what happened to
// it: the sends (date, address, result), the reminders, and for a devis its status (brouillon, envoyé, vu,
// accepté, refusé, expiré), the signer and date, the signed PDF. Offline, the send waits in the user's queue
// (@atelier/storage) and leaves once the network is back. Mounted with one line by quote-item / invoice-item.
import {
  onQueuedSendSent,
  sendDocument,
  SEND_RETRY_MS,
  startSendQueueFlushing,
  type FlushSupabase,
} from '@atelier/documents';
import { getSupabase, useAuth } from '@atelier/platform';
import { newSendKey, sendQueueFor } from '@atelier/storage';
import { formatDate } from '@atelier/ui';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

import { AcceptedQuoteActions } from './accepted-quote-actions';
import { saveFile } from './actions';
import type { Row } from './rows';
import { QUOTE_STATUS_LABELS, SEND_MESSAGES as M } from './send-messages';
import {
  createSendInfoLoader,
  hasLiveLink,
  quoteStatusOf,
  type SendInfo,
  type SendSupabase,
  type SendTable,
} from './send-model';

const supabase = () => getSupabase() as unknown as SendSupabase;
const flushSupabase = () => getSupabase() as unknown as FlushSupabase;
// Asked 150 ms after the cards mount (never inside the frame of the keystroke that mounted them) and kept 30 s
// for a card shown again; after a send or a revocation the card asks afresh.
const loadInfo = createSendInfoLoader(supabase, { delayMs: 150, keepMs: 30_000 });
const refreshers = new Map<string, () => void>();
onQueuedSendSent((entry) => refreshers.get(entry.id)?.());

export function SendDocument({ table, row }: { table: SendTable; row: Row }) {
  const userId = useAuth().user?.id ?? '';
  const queue = userId ? sendQueueFor(userId) : null;
  const queued = useSyncExternalStore(
    useCallback((listener: () => void) => queue?.subscribe(listener) ?? (() => undefined), [queue]),
    () => queue?.list().find((e) => e.id === row.id)?.queuedAt ?? null,
  );
  const queuedError = queue?.list().find((e) => e.id === row.id)?.error ?? null;
  const [info, setInfo] = useState<SendInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const refresh = useCallback(
    (fresh = true) => {
      void loadInfo(row.id, fresh).then(setInfo);
    },
    [row.id],
  );
  useEffect(() => {
    refresh(false);
    refreshers.set(row.id, refresh);
    return () => {
      refreshers.delete(row.id);
    };
  }, [refresh, row.id]);
  useEffect(() => {
    if (userId) startSendQueueFlushing(userId, flushSupabase);
  }, [userId]);
  useEffect(() => {
    if (!queued) setNotice((text) => (text === M.queued ? null : text));
  }, [queued]);

  const send = async () => {
    setBusy(true);
    setNotice(null);
    queue?.remove(row.id);
    // One key for this click: if the answer is lost, the queued retry carries it and the server mails once.
    const key = newSendKey();
    const result = await sendDocument(supabase(), table, row, undefined, undefined, key);
    setBusy(false);
    if (result === 'retry') {
      queue?.add({ table, id: row.id, key });
      setNotice(M.queued);
      if (userId) setTimeout(startSendQueueFlushing(userId, flushSupabase), SEND_RETRY_MS);
    } else if (result === 'sent') {
      setNotice(null);
      refresh();
    } else setNotice(result.error);
  };

  const revoke = async () => {
    await getSupabase().rpc('revoke_document_links', { p_id: row.id });
    setNotice(M.revoked);
    refresh();
  };

  const downloadSigned = async (path: string) => {
    const { data } = await getSupabase().storage.from('documents').download(path);
    if (data)
      saveFile({ bytes: new Uint8Array(await data.arrayBuffer()), fileName: path.split('/').pop() ?? 'devis.pdf' });
  };

  const status = table === 'quotes' && info ? quoteStatusOf(row, info) : null;
  const decision = info?.decision;
  return (
    <div className="doc-actions doc-send" data-testid="document-send">
      <button
        type="button"
        onClick={() => void send()}
        disabled={busy || (!!queued && !queuedError)}
        aria-busy={busy || undefined}
      >
        {busy ? M.sending : queued && !queuedError ? M.queuedShort : M.send}
      </button>
      {status ? (
        <span data-testid="quote-sign-status">
          {M.status}{' '}
          <strong className="status">
            {status === 'accepté' && decision?.signer_name
              ? M.acceptedBy(decision.signer_name, formatDate(decision.decided_at)) +
                (decision.accepted_options?.length
                  ? M.acceptedOptions(decision.accepted_options.map((o) => o.name))
                  : '')
              : status === 'refusé' && decision
                ? M.refusedOn(formatDate(decision.decided_at), decision.refusal_reason)
                : QUOTE_STATUS_LABELS[status]}
          </strong>
        </span>
      ) : null}
      {status === 'accepté' ? <AcceptedQuoteActions quote={row} /> : null}
      {decision?.signed_pdf_path ? (
        <button type="button" onClick={() => void downloadSigned(decision.signed_pdf_path!)}>
          {M.signedPdf}
        </button>
      ) : null}
      {table === 'quotes' && info && !decision && hasLiveLink(info) ? (
        <button type="button" onClick={() => void revoke()}>
          {M.revoke}
        </button>
      ) : null}
      {info?.sends.length ? (
        <ul aria-label="Envois" data-testid="document-sends">
          {info.sends.slice(0, 5).map((s) => (
            <li key={s.created_at + s.to_email}>
              <small>
                {s.status === 'failed'
                  ? M.failedOn(formatDate(s.created_at))
                  : s.kind === 'reminder'
                    ? M.reminderOn(s.reminder_step ?? 1, formatDate(s.created_at))
                    : M.sentOn(formatDate(s.created_at), s.to_email)}
              </small>
            </li>
          ))}
        </ul>
      ) : null}
      {notice || queuedError ? (
        <small role="status" data-testid="document-send-notice">
          {notice ?? queuedError}
        </small>
      ) : null}
    </div>
  );
}
