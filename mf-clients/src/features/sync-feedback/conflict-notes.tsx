// The conflicts of one row (a field changed on two devices since their common version): the value that lost,
// shown until the user keeps it (« garder celle-ci ») or keeps the current one. Settling works offline: it is a
// write of the field, pushed with the outbox.
import type { SyncConflict, SyncEngine, SyncTable } from '@atelier/storage';
import { Button } from '@atelier/ui';
import { useEffect, useState } from 'react';

import { SYNC_FEEDBACK_MESSAGES as M } from './messages';

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return M.emptyValue;
  if (typeof value === 'boolean') return value ? M.yes : M.no;
  if (Array.isArray(value)) return M.lineCount(value.length);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** The field's French name, capitalised (« Titre du projet »). */
function fieldLabel(field: string): string {
  const name = M.fieldNames[field] ?? field;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function useConflicts(engine: SyncEngine | null, table: SyncTable, id: string): SyncConflict[] {
  const [conflicts, setConflicts] = useState<SyncConflict[]>(() => engine?.conflicts(table, id) ?? []);
  useEffect(() => {
    if (!engine) return undefined;
    const sub = engine.changes$().subscribe(() => {
      const next = engine.conflicts(table, id);
      setConflicts((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
    });
    return () => sub.unsubscribe();
  }, [engine, table, id]);
  return conflicts;
}

export function ConflictNotes({ engine, table, id }: { engine: SyncEngine | null; table: SyncTable; id: string }) {
  const conflicts = useConflicts(engine, table, id);
  if (!engine || !conflicts.length) return null;
  const settle = (conflict: SyncConflict, keep: 'other' | 'current') => {
    void engine.resolveConflict(conflict, keep).then(() => engine.sync());
  };
  return (
    <div role="status" data-testid="sync-conflicts">
      {conflicts.map((conflict) => (
        <p key={conflict.id} data-field={conflict.field}>
          <strong>{fieldLabel(conflict.field)}</strong> — {M.conflict(shown(conflict.value))} —{' '}
          <Button $variant="secondary" onClick={() => settle(conflict, 'other')}>
            {M.keepOther}
          </Button>{' '}
          <Button $variant="ghost" onClick={() => settle(conflict, 'current')}>
            {M.keepCurrent}
          </Button>
        </p>
      ))}
    </div>
  );
}
