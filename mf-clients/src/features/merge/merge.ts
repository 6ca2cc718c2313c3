// The client rows' merge links (clients.merged_into, migration 0072): the issued invoices and avoirs of a merged
// client stay on it (immutable) and are shown under the client it was merged into.
import type { SyncRow } from '@atelier/storage';

/** Maps each merged client id to the active client it ended in (following chains, cycles cut). */
export function mergeTargets(clients: readonly SyncRow[]): Map<string, string> {
  const next = new Map<string, string>();
  for (const c of clients) if (typeof c.merged_into === 'string' && c.merged_into) next.set(c.id, c.merged_into);
  const out = new Map<string, string>();
  for (const id of next.keys()) {
    let current = id;
    for (let hops = 0; hops < 20 && next.has(current); hops += 1) current = next.get(current)!;
    if (current !== id) out.set(id, current);
  }
  return out;
}

/** The rows with their client_id moved to the client it was merged into (other rows unchanged, same objects). */
export function followMerges<T extends SyncRow>(rows: readonly T[], targets: ReadonlyMap<string, string>): T[] {
  if (!targets.size) return rows as T[];
  return rows.map((row) => {
    const target = targets.get(String(row.client_id ?? ''));
    return target ? { ...row, client_id: target } : row;
  });
}
