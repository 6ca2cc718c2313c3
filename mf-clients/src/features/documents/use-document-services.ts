// What the document actions need from the page (DocumentServices): the user's sync engine, the supabase client and
// the snapshot logos kept aside. One builder for the page and for the components that run actions themselves.
import { getSupabase, useAuth } from '@atelier/platform';
import { snapshotLogos, type SyncEngine } from '@atelier/storage';
import { useMemo } from 'react';

import type { DocumentServices, DocumentsSupabase } from './actions';

export function useDocumentServices(engine: SyncEngine | null): DocumentServices | null {
  const userId = useAuth().user?.id;
  return useMemo<DocumentServices | null>(
    () =>
      engine && userId
        ? {
            engine,
            userId,
            supabase: getSupabase() as unknown as DocumentsSupabase,
            loadLogo: (id) => snapshotLogos.load(id),
          }
        : null,
    [engine, userId],
  );
}
