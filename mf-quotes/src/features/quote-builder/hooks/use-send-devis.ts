// « Envoyer par email » on the home page (issue 26): the devis just generated (saved in the client book, its PDF
// kept in IndexedDB) is mailed by the send-document function with that exact PDF, to its client's address — the
// same path as « Envoyer » on /clients (@atelier/documents sendDocument). Offline, or while the devis still waits
// in the sync outbox, the send joins the user's send queue and leaves once, when the network is back.
import { bus } from '@atelier/bus';
import { getSupabase, useAuth } from '@atelier/platform';
import {
  documentFiles as defaultFiles,
  documentRowId,
  newSendKey,
  sendQueueFor,
  type DocumentFiles,
} from '@atelier/storage';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

import { SEND_DEVIS_MESSAGES as M } from '../components/send-devis-messages';

/** The devis generated on this page (the 'quote/generated' event). */
export interface GeneratedDevis {
  quoteId: string;
  number: string;
  clientEmail: string;
}

export type SendDevisNotice = { tone: 'success' | 'info' | 'error'; text: string } | null;

type Documents = typeof import('@atelier/documents');
const documents = (): Promise<Documents> => import('@atelier/documents');
const supabase = () => getSupabase() as unknown as import('@atelier/documents').FlushSupabase;

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export interface SendDevisDeps {
  loadDocuments?: () => Promise<Pick<Documents, 'sendDocument' | 'startSendQueueFlushing'>>;
  files?: Pick<DocumentFiles, 'get'>;
}

export function useSendDevis(deps: SendDevisDeps = {}) {
  const load = deps.loadDocuments ?? documents;
  const files = deps.files ?? defaultFiles;
  const userId = useAuth().user?.id ?? null;
  const queue = userId ? sendQueueFor(userId) : null;
  const [devis, setDevis] = useState<GeneratedDevis | null>(null);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<SendDevisNotice>(null);
  const waitingFor = useRef<GeneratedDevis | null>(null);

  useEffect(() => {
    const subscription = bus.on('quote/generated').subscribe(({ payload }) => {
      setDevis(payload);
      setNotice(null);
    });
    return () => subscription.unsubscribe();
  }, []);

  // What the queue holds for this devis: pending (its time) or refused for good (its French message).
  const entry = useSyncExternalStore(
    useCallback((listener: () => void) => queue?.subscribe(listener) ?? (() => undefined), [queue]),
    () => {
      const e = devis && userId && queue?.list().find((q) => q.id === documentRowId(userId, devis.quoteId));
      return e ? (e.error ?? `pending:${e.queuedAt}`) : null;
    },
  );
  const waiting = !!entry && entry.startsWith('pending:');

  useEffect(() => {
    const queued = waitingFor.current;
    if (!queued) return;
    if (entry === null) {
      waitingFor.current = null;
      setNotice({ tone: 'success', text: M.sent(queued.number, queued.clientEmail) });
    } else if (!entry.startsWith('pending:')) {
      waitingFor.current = null;
      setNotice({ tone: 'error', text: entry });
    }
  }, [entry]);

  // A send queued before this page opened (offline reload) still leaves once the network is back.
  useEffect(() => {
    if (!userId || !queue?.list().some((e) => !e.error)) return;
    void load().then((d) => d.startSendQueueFlushing(userId, supabase));
  }, [userId, queue, load]);

  const enqueue = async (target: GeneratedDevis, key?: string) => {
    if (!queue || !userId) return;
    queue.add({ table: 'quotes', id: documentRowId(userId, target.quoteId), ...(key ? { key } : {}) });
    waitingFor.current = target;
    setNotice({ tone: 'info', text: M.queued(target.number) });
    (await load()).startSendQueueFlushing(userId, supabase)();
  };

  const send = async () => {
    if (!devis) {
      setNotice({ tone: 'error', text: M.pdfFirst });
      return;
    }
    if (!userId || !queue) {
      setNotice({ tone: 'error', text: M.signedOut });
      return;
    }
    const target = devis;
    setSending(true);
    setNotice(null);
    try {
      // The server's row id (a devis made before accounts keeps its old id locally, with its PDF bytes).
      const rowId = documentRowId(userId, target.quoteId);
      queue.remove(rowId);
      const bytes = await files.get(target.quoteId).catch(() => undefined);
      // No bytes on this device, or no network: the queue sends the devis from its stored row later.
      if (!bytes || !online()) return await enqueue(target);
      // One key for this click: a retry of it from the queue (lost answer) is mailed once by the server.
      const key = newSendKey();
      const result = await (await load()).sendDocument(supabase(), 'quotes', { id: rowId }, online, bytes, key);
      if (result === 'sent') setNotice({ tone: 'success', text: M.sent(target.number, target.clientEmail) });
      // 404: the devis is still in the sync outbox (pushed when the network allows): the queue waits for it.
      else if (result === 'retry' || result.status === 404) await enqueue(target, key);
      else setNotice({ tone: 'error', text: result.error });
    } finally {
      setSending(false);
    }
  };

  return { devis, send, sending, waiting, notice };
}
