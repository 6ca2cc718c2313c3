import { DEFAULT_CUSTOMIZATION } from '@atelier/domain';
import { customizationStore } from '@atelier/storage';
import { act, fireEvent, screen, within } from '@testing-library/react';

import { renderWithUi } from '../../../testing/render';
import { CustomizePage } from './customize-page';

beforeEach(() => {
  localStorage.clear();
  customizationStore.set(DEFAULT_CUSTOMIZATION);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function preview() {
  return screen.getByTestId('document-preview');
}

describe('/customize', () => {
  it('shows the quote tab with a live preview of sample data and a random 4-digit number', () => {
    renderWithUi(<CustomizePage />);
    expect(screen.getByRole('tab', { name: 'Devis' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Facture' })).toBeInTheDocument();
    expect(preview()).toHaveTextContent(/N° : DE\d{4}/);
    expect(within(preview()).getByRole('region', { name: 'Émetteur' })).toHaveTextContent('Votre Entreprise');
    expect(within(preview()).getByRole('region', { name: 'Client' })).toHaveTextContent('Jean Dupont');
    expect(within(preview()).getByRole('table')).toHaveTextContent('Peinture murs et plafonds');
    // 42×25 + 12×45 + 6×50 = 1 890,00 HT → 2 268,00 TTC
    expect(preview()).toHaveTextContent('Total TTC2 268,00 €');
    expect(within(preview()).getByRole('region', { name: 'Coordonnées bancaires' })).toBeInTheDocument();
    expect(preview()).toHaveTextContent("Devis valable 30 jours à compter de la date d'émission.");
  });

  it('updates the preview as settings change and saves them under quoteCustomization', async () => {
    jest.useFakeTimers();
    renderWithUi(<CustomizePage />);
    fireEvent.change(screen.getByLabelText('Style du tableau'), { target: { value: 'striped' } });
    expect(within(preview()).getByRole('table')).toHaveAttribute('data-table-style', 'striped');
    fireEvent.change(screen.getByLabelText('Texte additionnel'), {
      target: { value: 'Acompte de 30 % à la commande.' },
    });
    expect(preview()).toHaveTextContent('Acompte de 30 % à la commande.');
    fireEvent.click(screen.getByLabelText('Afficher le pied de page'));
    expect(preview()).not.toHaveTextContent('Devis valable 30 jours');
    fireEvent.change(screen.getByLabelText('Couleur principale'), { target: { value: '#aa3300' } });
    fireEvent.change(screen.getByLabelText('Position des informations de l’entreprise'), {
      target: { value: 'right' },
    });

    // Nothing is stored before « Sauvegarder ».
    expect(localStorage.getItem('quoteCustomization')).toBe(JSON.stringify(DEFAULT_CUSTOMIZATION));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sauvegarder' })));
    expect(screen.getByRole('button', { name: 'Sauvegardé !' })).toBeInTheDocument();
    const saved = JSON.parse(localStorage.getItem('quoteCustomization')!);
    expect(saved.tableStyle).toBe('striped');
    expect(saved.additionalText).toBe('Acompte de 30 % à la commande.');
    expect(saved.showFooter).toBe(false);
    expect(saved.colors.primary).toBe('#aa3300');
    expect(saved.layout.companyInfoPosition).toBe('right');
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: 'Sauvegarder' })).toBeInTheDocument();
  });

  it('edits the invoice settings on the Facture tab with the invoice preview', async () => {
    renderWithUi(<CustomizePage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Facture' }));
    expect(preview()).toHaveTextContent(/FACTURE/);
    expect(preview()).toHaveTextContent(/N° : FA\d{4}/);
    // Issue 28: one payment term (no « Paiement à réception » beside a 30-day delay), no status on the document.
    expect(preview()).toHaveTextContent('Paiement à 30 jours, au plus tard le');
    expect(preview()).not.toHaveTextContent('Paiement à réception');
    expect(preview()).not.toHaveTextContent('Statut');

    fireEvent.change(screen.getByLabelText('Pied de page personnalisé'), {
      target: { value: 'Assurance décennale MAAF' },
    });
    expect(preview()).toHaveTextContent('Assurance décennale MAAF');
    fireEvent.change(screen.getByLabelText('En-tête personnalisé'), { target: { value: 'Artisan certifié RGE' } });
    expect(preview()).toHaveTextContent('Artisan certifié RGE');
    fireEvent.click(screen.getByLabelText('Afficher le statut de paiement'));
    expect(preview()).not.toHaveTextContent('Statut');

    fireEvent.change(screen.getByLabelText('Délai de paiement (jours)'), { target: { value: '45' } });
    expect(preview()).toHaveTextContent("Date d'échéance : 01/03/2026");
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sauvegarder' })));
    const saved = JSON.parse(localStorage.getItem('quoteCustomization')!);
    expect(saved.invoice).toMatchObject({
      paymentDeadline: 45,
      customFooter: 'Assurance décennale MAAF',
      customHeader: 'Artisan certifié RGE',
      showPaymentStatus: false,
    });
  });

  it('refuses a negative payment deadline', () => {
    renderWithUi(<CustomizePage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Facture' }));
    fireEvent.change(screen.getByLabelText('Délai de paiement (jours)'), { target: { value: '-3' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Le délai de paiement ne peut pas être négatif.');
    expect(screen.getByRole('button', { name: 'Sauvegarder' })).toBeDisabled();
  });

  it('shows the spec error when the save fails, and keeps the previous value', async () => {
    renderWithUi(<CustomizePage />);
    jest.spyOn(customizationStore, 'set').mockReturnValue({ ok: false, message: 'Espace de stockage plein.' });
    fireEvent.change(screen.getByLabelText('Style du tableau'), { target: { value: 'bordered' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sauvegarder' })));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Une erreur est survenue lors de la sauvegarde des personnalisations.',
    );
    expect(screen.getByRole('button', { name: 'Sauvegarder' })).toBeEnabled();
    expect(JSON.parse(localStorage.getItem('quoteCustomization')!).tableStyle).toBe('simple');
  });
});
