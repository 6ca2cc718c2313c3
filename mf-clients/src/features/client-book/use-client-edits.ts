// The client's own actions on /clients: the edit form (new or existing client) and « Supprimer », which puts the
// client in the Corbeille (archived) after an app dialog saying what happens to its documents (issue 32: its
// numbered devis and invoices are never cascaded away).
import type { SyncEngine } from '@atelier/storage';
import { useCallback, useState } from 'react';

import { CLIENTS_MESSAGES as M } from '../../messages';
import { DIALOG_MESSAGES as D } from '../dialogs/messages';
import type { ConfirmRequest } from '../dialogs/use-confirm';
import type { Row } from '../documents/rows';
import { TRASH_MESSAGES as TM } from '../trash/messages';
import { deleteConfirmation, moveToTrash } from '../trash/trash';

import type { ClientForm, ClientRow } from './model';

export interface ClientEditing {
  id: string | null;
  form: ClientForm;
}

export function useClientEdits(
  engine: SyncEngine | null,
  book: { quotesByClient: ReadonlyMap<string, readonly Row[]>; invoicesByClient: ReadonlyMap<string, readonly Row[]> },
  confirm: (request: ConfirmRequest) => Promise<boolean>,
  onError: (text: string) => void,
  onInfo: (text: string) => void,
) {
  const [editing, setEditing] = useState<ClientEditing | null>(null);
  const saveClient = async (id: string | null, form: ClientForm) => {
    if (!engine) return;
    try {
      const existing = id ? engine.row('clients', id) : undefined;
      await engine.write('clients', {
        ...(existing ?? { created_at: new Date().toISOString() }),
        ...form,
        id: id ?? crypto.randomUUID(),
      });
      setEditing(null);
      void engine.sync();
    } catch {
      onError(M.saveError);
    }
  };

  const editClient = useCallback(
    (client: ClientRow) =>
      setEditing({
        id: client.id,
        form: { name: client.name, email: client.email, phone: client.phone, address: client.address },
      }),
    [],
  );

  const { invoicesByClient, quotesByClient } = book;
  // « Supprimer » puts the client in the Corbeille (archived): its numbered devis and invoices are never cascaded
  // away; the confirmation says what happens to them (issue 32).
  const removeClient = useCallback(
    async (client: ClientRow) => {
      const quotes = quotesByClient.get(client.id) ?? [];
      const invoices = invoicesByClient.get(client.id) ?? [];
      const ok = await confirm({
        title: D.confirmTitle.deleteClient,
        message: deleteConfirmation(client.name, quotes, invoices),
        confirmLabel: D.deleteClient(client.name),
        danger: true,
      });
      if (!engine || !ok) return;
      try {
        await moveToTrash(engine, client.id);
        onInfo(TM.movedToTrash(client.name));
        void engine.sync();
      } catch {
        onError(M.deleteError);
      }
    },
    [confirm, engine, invoicesByClient, onError, onInfo, quotesByClient],
  );
  const deleteClient = useCallback((client: ClientRow) => void removeClient(client), [removeClient]);

  return { editing, setEditing, saveClient, editClient, deleteClient };
}
