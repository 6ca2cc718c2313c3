import '@testing-library/jest-dom';
import { UiProviders } from '@atelier/ui';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { AcceptedQuoteActions } from './accepted-quote-actions';
import { DocumentActionsContext, type DocumentActions } from './document-actions-context';

jest.mock('@atelier/platform', () => ({ useAuth: () => ({ user: { id: 'user-1' } }), getSupabase: () => ({}) }));
jest.mock('../client-book/use-client-book', () => ({ useEngine: () => null }));

const quote = {
  id: 'q1',
  number: 'DE0001',
  lines: [{ name: 'Peinture', unit: 'm2', quantity: 10, price: 25, vatRate: 10 }],
  deposit_percent: 30,
  progress_billing: true,
};

function renderWith(actions: Partial<DocumentActions>) {
  const value = { busy: new Set<string>(), ...actions } as DocumentActions;
  return render(
    <UiProviders>
      <DocumentActionsContext.Provider value={value}>
        <AcceptedQuoteActions quote={quote} />
      </DocumentActionsContext.Provider>
    </UiProviders>,
  );
}

describe('an accepted devis', () => {
  it('« Facturer » runs the invoice generation of that devis', async () => {
    const generateInvoice = jest.fn();
    renderWith({ generateInvoice });
    const group = screen.getByRole('group', { name: 'Suite du devis accepté' });
    await userEvent.setup().click(within(group).getByRole('button', { name: 'Facturer' }));
    expect(generateInvoice).toHaveBeenCalledWith(quote);
  });

  it('« Facture d’acompte » opens the acompte modal with the devis’ deposit; no situation button here', async () => {
    renderWith({ generateInvoice: jest.fn() });
    const group = screen.getByRole('group', { name: 'Suite du devis accepté' });
    expect(within(group).queryByRole('button', { name: 'Facture de situation' })).toBeNull();
    await userEvent.setup().click(within(group).getByRole('button', { name: "Facture d'acompte" }));
    expect(await screen.findByRole('dialog', { name: "Facture d'acompte — DE0001" })).toBeInTheDocument();
    expect(screen.getByLabelText("Pourcentage de l'acompte (%)")).toHaveValue('30');
  });

  it('is blocked while an action runs on the devis', () => {
    renderWith({ busy: new Set(['q1']) });
    expect(screen.getByRole('button', { name: 'Facturer' })).toBeDisabled();
  });
});
