// Transmissions to the plateforme agréée (einvoice_transmissions, migration 0066), read once per user and shared by
// every invoice of /clients; « Transmettre à la plateforme » calls POST /functions/v1/facturx/send.
import { RECEIVED_MESSAGES as M } from './messages';

type Answer<T> = { data: T | null; error: { message: string; context?: unknown } | null };
export interface TransmissionSupabase {
  functions: { invoke(name: string, options: { body: unknown }): PromiseLike<Answer<unknown>> };
  from(table: 'einvoice_transmissions'): {
    select(columns: string): PromiseLike<Answer<{ document_id: string; sent_at: string }[]>>;
  };
}

/** document id → time it was handed to the PA. */
let sentAt = new Map<string, string>();
let loadedFor: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const snapshot = () => sentAt;

export async function loadTransmissions(supabase: TransmissionSupabase, userId: string): Promise<void> {
  if (loadedFor === userId) return;
  loadedFor = userId;
  const { data, error } = await supabase.from('einvoice_transmissions').select('document_id, sent_at');
  if (error || !data) {
    loadedFor = null; // read again next time
    return;
  }
  sentAt = new Map(data.map((t) => [t.document_id, t.sent_at]));
  emit();
}

/** Sends an archived invoice / avoir; resolves to null when done, else the French reason. */
export async function transmit(
  supabase: TransmissionSupabase,
  table: 'invoices' | 'credit_notes',
  documentId: string,
  online = typeof navigator === 'undefined' || navigator.onLine !== false,
): Promise<string | null> {
  if (!online) return M.transmitNeedsNetwork;
  try {
    const { data, error } = await supabase.functions.invoke('facturx/send', { body: { documentId, table } });
    if (error) {
      const context = error.context as { json?: () => Promise<{ error?: string }> } | undefined;
      const body = context?.json ? await context.json().catch(() => ({}) as { error?: string }) : {};
      return body.error ?? M.transmitFailed;
    }
    const at = (data as { sentAt?: string | null } | null)?.sentAt ?? new Date().toISOString();
    sentAt = new Map(sentAt).set(documentId, at);
    emit();
    return null;
  } catch {
    return M.transmitFailed;
  }
}

/** Tests only. */
export function resetTransmissions(): void {
  sentAt = new Map();
  loadedFor = null;
}
