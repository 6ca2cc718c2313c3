// The server side of the sync engine over supabase-js (typed structurally: @atelier/storage does not depend on
// @atelier/platform).
import {
  PermanentSyncError,
  SYNC_TABLES,
  type PullResult,
  type SyncConflict,
  type SyncRemote,
  type SyncRow,
  type SyncTable,
} from './sync-engine';

interface PostgrestErrorLike {
  message: string;
  code?: string;
  hint?: string | null;
}
interface PostgrestResultLike<T> {
  data: T | null;
  error: PostgrestErrorLike | null;
  status?: number;
}
/** The part of a SupabaseClient the sync uses. */
export interface SupabaseLike {
  rpc(fn: string, args?: Record<string, unknown>): PromiseLike<PostgrestResultLike<unknown>>;
  from(table: string): {
    upsert(
      row: Record<string, unknown>,
      options?: { onConflict?: string },
    ): { select(): { single(): PromiseLike<PostgrestResultLike<Record<string, unknown>>> } };
    delete(): { eq(column: string, value: string): PromiseLike<PostgrestResultLike<unknown>> };
  };
}

/** Refusals that a retry cannot fix (RLS, checks, plan limits, immutable documents): dropped from the outbox. */
function failure(error: PostgrestErrorLike, status?: number): Error {
  const permanent =
    (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) ||
    /^(22|23|42|P0)/.test(error.code ?? '');
  return permanent ? new PermanentSyncError(error.message, error.hint ?? undefined) : new Error(error.message);
}

/**
 * Fields the server owns, never sent by a merge (sync_merge ignores them too, and every column a table has that is
 * not listed here is merged: a column added by a later migration needs no change here).
 */
const NOT_MERGED: Record<SyncTable, readonly string[] | null> = {
  clients: [],
  quotes: [],
  invoices: ['status', 'number', 'issue_date', 'due_date'],
  credit_notes: null, // only pdf_path
  user_settings: ['key'],
};

function mergeable(table: SyncTable, fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const skip = NOT_MERGED[table];
  for (const [key, value] of Object.entries(fields)) {
    if (skip === null ? key !== 'pdf_path' : skip.includes(key)) continue;
    out[key] = value;
  }
  return out;
}

/** Server columns each table accepts from the browser (generated and server-owned columns are left out). */
const WRITABLE: Record<SyncTable, readonly string[]> = {
  clients: ['id', 'name', 'email', 'phone', 'address', 'archived_at', 'siren', 'vat_number', 'site_address'],
  quotes: [
    'id',
    'client_id',
    'legacy_id',
    'number',
    'date',
    'project_title',
    'lines',
    'vat_rate',
    'total_ht_cents',
    'tva_cents',
    'total_ttc_cents',
    'snapshot',
    'pdf_path',
    // Issue 28 (migration 0060): the regime, VAT per rate and the devis' options.
    'vat_regime',
    'vat_breakdown',
    'progress_billing',
    'retenue_percent',
    'retenue_caution',
    'deposit_percent',
    'site_address',
    'operation_nature',
    // Issue 27 (migration 0067): the remise globale.
    'discount',
  ],
  invoices: [
    'id',
    'client_id',
    'quote_id',
    'quote_number',
    'legacy_id',
    'service_date',
    'project_title',
    'lines',
    'vat_rate',
    'total_ht_cents',
    'tva_cents',
    'total_ttc_cents',
    'is_paid',
    'payment_date',
    'snapshot',
    'pdf_path',
    // Issue 28 (migration 0060): what the draft is and its money as the domain computed it (issue_invoice
    // recomputes it and sets the deductions, situation number, retenue amount and net due itself).
    'kind',
    'vat_regime',
    'vat_breakdown',
    'retenue_percent',
    'retenue_caution',
    'progress',
    'deposit_percent',
    'site_address',
    'operation_nature',
    // Issue 27 (migration 0067): the remise globale.
    'discount',
  ],
  credit_notes: ['id', 'pdf_path'],
  user_settings: ['key', 'value'],
};

function pick(table: SyncTable, row: SyncRow, userId: string): Record<string, unknown> {
  const out: Record<string, unknown> = { user_id: userId };
  for (const column of WRITABLE[table]) if (column in row) out[column] = row[column];
  if (table === 'user_settings') out.key = row.id;
  // Clients merge by email (spec §4): the server keeps its own id for an email already in the book.
  if (table === 'clients') delete out.id;
  return out;
}

function fromServer(table: SyncTable, row: Record<string, unknown>): SyncRow {
  return { ...row, id: String(table === 'user_settings' ? row.key : row.id) } as SyncRow;
}

export function supabaseRemote(client: SupabaseLike, userId: string): SyncRemote {
  return {
    async pull(since): Promise<PullResult> {
      const { data, error, status } = await client.rpc('sync_changes', { p_since: since });
      if (error) throw failure(error, status);
      const body = data as Record<string, unknown> & {
        now: string;
        settings?: Record<string, unknown>[];
        deleted?: Array<{ table_name: string; row_id: string }>;
        conflicts?: SyncConflict[];
      };
      const rows: PullResult['rows'] = {};
      for (const table of SYNC_TABLES) {
        const list = (table === 'user_settings' ? body.settings : body[table]) as Record<string, unknown>[] | undefined;
        rows[table] = (list ?? []).map((row) => fromServer(table, row));
      }
      const deleted = (body.deleted ?? []).map((d) => ({ table: d.table_name as SyncTable, id: d.row_id }));
      return { now: body.now, rows, deleted, ...(body.conflicts ? { conflicts: body.conflicts } : {}) };
    },
    async upsert(table, row) {
      if (table === 'credit_notes') return null; // issued by the server (issue_credit_note)
      if (table === 'invoices' && row.status === 'issued') return null; // issue_invoice() only
      const onConflict = table === 'clients' ? 'email,user_id' : table === 'user_settings' ? 'user_id,key' : 'id';
      const { data, error, status } = await client
        .from(table)
        .upsert(pick(table, row, userId), { onConflict })
        .select()
        .single();
      if (error) throw failure(error, status);
      return data ? fromServer(table, data) : null;
    },
    async merge(table, id, change) {
      const fields = mergeable(table, change.fields);
      if (!Object.keys(fields).length) return null;
      const pickOf = <T>(map: Record<string, T>) =>
        Object.fromEntries(Object.keys(fields).filter((k) => k in map).map((k) => [k, map[k]]));
      const { data, error, status } = await client.rpc('sync_merge', {
        p_table: table,
        p_id: id,
        p_fields: fields,
        p_clocks: pickOf(change.clocks),
        p_bases: pickOf(change.bases),
      });
      if (error) throw failure(error, status);
      return data ? fromServer(table, data as Record<string, unknown>) : null;
    },
    async remove(table, id) {
      const column = table === 'user_settings' ? 'key' : 'id';
      const { error, status } = await client.from(table).delete().eq(column, id);
      if (error) throw failure(error, status);
    },
  };
}
