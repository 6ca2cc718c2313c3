// Component tests of a client's document rows (issues 29.10 and 32): the actions menu names its document, and a
// field of a devis or an invoice changed on two devices is shown as a conflict and settled like a client's.
import {
  memoryKeyValue,
  stopSync,
  syncEngineFor,
  type SyncConflict,
  type SyncRemote,
  type SyncRow,
  type SyncTable,
} from '@atelier/storage';
import { UiProviders } from '@atelier/ui';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { DocumentActionsContext, type DocumentActions } from './document-actions-context';
import { InvoiceItem } from './invoice-item';
import { QuoteItem } from './quote-item';

const QUOTE: SyncRow = {
  updated_at: '2026-11-01T00:00:00Z',
  id: 'q1',
  client_id: 'c1',
  number: 'DE0001',
  project_title: 'Cuisine',
  total_ttc_cents: 120_000,
};
const INVOICE: SyncRow = {
  updated_at: '2026-11-01T00:00:00Z',
  id: 'f1',
  client_id: 'c1',
  number: 'FA0001',
  status: 'issued',
  total_ttc_cents: 50_000,
  net_due_cents: 50_000,
  issue_date: '2020-01-01',
  due_date: '2020-01-31',
  is_paid: false,
};

/** A server holding rows and open conflicts, merging what the device pushes. */
function server(rows: Array<[SyncTable, SyncRow]>, conflicts: SyncConflict[]) {
  const merged: Array<{ table: SyncTable; id: string; fields: Record<string, unknown> }> = [];
  const remote: SyncRemote = {
    async pull() {
      const out: Partial<Record<SyncTable, SyncRow[]>> = {};
      for (const [table, row] of rows) (out[table] ??= []).push(row);
      return { now: new Date().toISOString(), rows: out, deleted: [], conflicts: [...conflicts] };
    },
    async upsert(_table, row) {
      return row;
    },
    async merge(table, id, change) {
      merged.push({ table, id, fields: change.fields });
      // The user chose: the server closes the conflict of that field.
      conflicts.splice(0, conflicts.length, ...conflicts.filter((c) => !(c.row_id === id && c.field in change.fields)));
      const row = rows.find(([t, r]) => t === table && r.id === id)?.[1] ?? ({ id } as SyncRow);
      Object.assign(row, change.fields);
      return row;
    },
    async remove() {},
  };
  return { remote, merged };
}

function actions(overrides: Partial<DocumentActions> = {}): DocumentActions {
  const noop = jest.fn();
  return {
    busy: new Set(),
    downloadQuote: noop,
    editQuote: noop,
    generateInvoice: noop,
    deleteQuote: noop,
    downloadInvoice: noop,
    payInvoice: noop,
    correctInvoice: noop,
    cancelInvoice: noop,
    editDraft: noop,
    issueDraft: noop,
    deleteDraft: noop,
    downloadCreditNote: noop,
    ...overrides,
  };
}

function renderRows(value: DocumentActions) {
  return render(
    <UiProviders>
      <DocumentActionsContext.Provider value={value}>
        <ul>
          <QuoteItem quote={QUOTE} />
          <InvoiceItem invoice={INVOICE} creditNotes={[]} />
        </ul>
      </DocumentActionsContext.Provider>
    </UiProviders>,
  );
}

afterEach(() => stopSync());

it('puts each document’s secondary actions in a menu whose items name the document', async () => {
  const deleteQuote = jest.fn();
  const cancelInvoice = jest.fn();
  renderRows(actions({ deleteQuote, cancelInvoice }));
  expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Autres actions pour le devis DE0001' }));
  const menu = screen.getByRole('menu', { name: 'Autres actions pour le devis DE0001' });
  expect(
    within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent),
  ).toEqual(['Modifier le devis DE0001', 'Supprimer le devis DE0001']);
  expect(within(menu).getByRole('menuitem', { name: 'Modifier le devis DE0001' })).toHaveFocus();
  await userEvent.keyboard('{ArrowDown}{Enter}');
  expect(deleteQuote).toHaveBeenCalledWith(QUOTE);
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();

  const invoiceMenu = screen.getByRole('button', { name: 'Autres actions pour la facture FA0001' });
  await userEvent.click(invoiceMenu);
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(invoiceMenu).toHaveFocus();
  await userEvent.click(invoiceMenu);
  await userEvent.click(screen.getByRole('menuitem', { name: 'Annuler la facture FA0001' }));
  expect(cancelInvoice).toHaveBeenCalledWith(INVOICE);
});

it('shows an overdue invoice’s days late', () => {
  renderRows(actions());
  const row = screen.getByTestId('invoice-row');
  expect(within(row).getByTestId('invoice-status')).toHaveTextContent('en retard');
  expect(within(row).getByTestId('days-late')).toHaveTextContent(/en retard de \d+ jours/);
});

it('shows a conflict on a devis and on an invoice with the field’s French name, settled with « garder celle-ci »', async () => {
  const conflicts: SyncConflict[] = [
    { id: 'k1', table: 'quotes', row_id: 'q1', field: 'project_title', value: 'Salle de bain', clock: 'x' },
    { id: 'k2', table: 'invoices', row_id: 'f1', field: 'payment_date', value: '2026-11-02', clock: 'y' },
  ];
  const { remote, merged } = server(
    [
      ['quotes', { ...QUOTE }],
      ['invoices', { ...INVOICE }],
    ],
    conflicts,
  );
  const engine = syncEngineFor(
    'u-conflicts',
    () => remote,
    () => memoryKeyValue(),
  );
  await act(async () => {
    await engine.load();
    await engine.sync();
  });
  renderRows(actions());
  const quote = screen.getByTestId('quote-row');
  expect(within(quote).getByTestId('sync-conflicts')).toHaveTextContent(
    'Titre du projet — Modifié aussi sur un autre appareil : Salle de bain — garder celle-ci',
  );
  const invoice = screen.getByTestId('invoice-row');
  expect(within(invoice).getByTestId('sync-conflicts')).toHaveTextContent(
    'Date de paiement — Modifié aussi sur un autre appareil : 2026-11-02',
  );
  await act(async () => {
    await userEvent.click(within(quote).getByRole('button', { name: 'garder celle-ci' }));
  });
  await act(async () => {
    await engine.sync();
  });
  expect(engine.row('quotes', 'q1')?.project_title).toBe('Salle de bain');
  expect(merged).toContainEqual(
    expect.objectContaining({ table: 'quotes', id: 'q1', fields: { project_title: 'Salle de bain' } }),
  );
  expect(within(quote).queryByTestId('sync-conflicts')).not.toBeInTheDocument();
  expect(within(invoice).getByTestId('sync-conflicts')).toBeInTheDocument();
});
