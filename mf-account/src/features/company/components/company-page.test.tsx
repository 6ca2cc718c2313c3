import { DEFAULT_COMPANY_INFO, companyInfoStore } from '@atelier/storage';
import { UiProviders } from '@atelier/ui';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';

import { CompanyPage } from './company-page';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

function renderPage() {
  return render(
    <UiProviders>
      <CompanyPage />
    </UiProviders>,
  );
}

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValid() {
  fill('Nom de l’entreprise', 'Électricité Moreau');
  fill('Adresse', '14 rue Victor Hugo\n44000 Nantes');
  fill('Téléphone', '02 40 12 34 56');
  fill('Email', 'contact@moreau-elec.fr');
  fill('Site web', 'https://moreau-elec.fr');
  fill('SIRET', '55208131700042');
}

beforeEach(() => {
  localStorage.clear();
  companyInfoStore.set(DEFAULT_COMPANY_INFO);
  // jsdom has no canvas: the logo is kept as uploaded.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('/company', () => {
  it('shows every field of the spec', () => {
    renderPage();
    for (const label of [
      'Nom de l’entreprise',
      'Adresse',
      'Téléphone',
      'Email',
      'Site web',
      'SIRET',
      'Numéro de TVA intracommunautaire',
      'Banque',
      'IBAN',
      'BIC',
      'Logo de l’entreprise',
      'Texte du pied de page',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Nom de l’entreprise')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Site web')).not.toHaveAttribute('aria-required');
  });

  it('refuses to save without the required fields and says which ones', async () => {
    renderPage();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sauvegarder' })));
    expect(screen.getByText('Veuillez corriger les champs signalés.')).toBeInTheDocument();
    expect(screen.getByText('Le nom de l’entreprise est requis.')).toBeInTheDocument();
    expect(screen.getByText('L’adresse est requise.')).toBeInTheDocument();
    expect(screen.getByText('Le téléphone est requis.')).toBeInTheDocument();
    expect(screen.getByText('L’email est requis.')).toBeInTheDocument();
    expect(screen.getByText('Le SIRET est requis.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nom de l’entreprise')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Sauvegarder' })).toBeEnabled();
    expect(localStorage.getItem('companyInfo')).toBe(JSON.stringify(DEFAULT_COMPANY_INFO));
  });

  it('validates the website as a URL and the SIRET as 14 digits when leaving the field', () => {
    renderPage();
    fill('Site web', 'mon site');
    fireEvent.blur(screen.getByLabelText('Site web'));
    expect(
      screen.getByText('Le site web doit être une adresse valide (ex. https://www.mon-entreprise.fr).'),
    ).toBeInTheDocument();
    fill('SIRET', '123 456');
    fireEvent.blur(screen.getByLabelText('SIRET'));
    expect(
      screen.getByText("Le numéro SIRET n'est pas valide (14 chiffres, clé de contrôle incorrecte)."),
    ).toBeInTheDocument();
    // The message goes as soon as the value is fixed.
    fill('SIRET', '552 081 317 00042');
    expect(
      screen.queryByText("Le numéro SIRET n'est pas valide (14 chiffres, clé de contrôle incorrecte)."),
    ).not.toBeInTheDocument();
  });

  it('saves the details with a logo under companyInfo, with the saving feedback', async () => {
    jest.useFakeTimers();
    renderPage();
    fillValid();
    fill('Numéro de TVA intracommunautaire', 'FR03552081317');
    fill('Banque', 'Crédit Mutuel');
    fill('IBAN', 'FR76 3000 6000 0112 3456 7890 189');
    fill('BIC', 'CMCIFRPP');
    fill('Texte du pied de page', 'SAS au capital de 5 000 €');

    const file = new File([Uint8Array.from(atob(PNG.split(',')[1]!), (c) => c.charCodeAt(0))], 'logo.png', {
      type: 'image/png',
    });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Logo de l’entreprise'), { target: { files: [file] } });
    });
    await waitFor(() => expect(screen.getByRole('img', { name: 'Logo de l’entreprise' })).toHaveAttribute('src', PNG));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sauvegarder' })));
    expect(screen.getByRole('button', { name: 'Sauvegardé !' })).toBeInTheDocument();
    const saved = JSON.parse(localStorage.getItem('companyInfo')!);
    expect(saved).toEqual({
      name: 'Électricité Moreau',
      address: '14 rue Victor Hugo\n44000 Nantes',
      phone: '02 40 12 34 56',
      email: 'contact@moreau-elec.fr',
      website: 'https://moreau-elec.fr',
      siret: '55208131700042',
      tva: 'FR03552081317',
      rib: { bank: 'Crédit Mutuel', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'CMCIFRPP' },
      logo: PNG,
      footer: 'SAS au capital de 5 000 €',
      // Issue 28: the VAT regime is always saved explicitly.
      vatRegime: 'assujetti',
      vatOnDebits: false,
      operationNature: 'services',
    });
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: 'Sauvegarder' })).toBeInTheDocument();
  });

  it('saves the professional insurance printed on invoices', async () => {
    renderPage();
    fillValid();
    expect(screen.getByText(/imprimée sur vos factures dès que l’assureur est renseigné/)).toBeInTheDocument();
    fill('Assurance souscrite', 'Assurance décennale');
    fill('Assureur', 'MAAF Assurances');
    fill('Adresse de l’assureur', 'Chaban de Chauray\n79036 Niort Cedex 9');
    fill('Couverture géographique', 'France métropolitaine');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sauvegarder' })));
    expect(JSON.parse(localStorage.getItem('companyInfo')!).insurance).toEqual({
      name: 'Assurance décennale',
      insurer: 'MAAF Assurances',
      address: 'Chaban de Chauray\n79036 Niort Cedex 9',
      coverage: 'France métropolitaine',
    });
  });

  it('removes the logo', async () => {
    companyInfoStore.set({ ...DEFAULT_COMPANY_INFO, logo: PNG });
    renderPage();
    expect(screen.getByRole('img', { name: 'Logo de l’entreprise' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer le logo' }));
    expect(screen.queryByRole('img', { name: 'Logo de l’entreprise' })).not.toBeInTheDocument();
    expect(screen.getByText('Aucun logo')).toBeInTheDocument();
  });

  it('refuses a file that is not an image', async () => {
    renderPage();
    const file = new File(['%PDF-1.4'], 'devis.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Logo de l’entreprise'), { target: { files: [file] } });
    });
    expect(await screen.findByText('Veuillez sélectionner une image (JPG, PNG, etc.)')).toBeInTheDocument();
  });

  it('shows the spec error when storage refuses the write', async () => {
    renderPage();
    fillValid();
    jest.spyOn(companyInfoStore, 'set').mockReturnValue({ ok: false, message: 'Espace de stockage plein.' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sauvegarder' })));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Une erreur est survenue lors de la sauvegarde des informations.',
    );
    expect(screen.getByRole('button', { name: 'Sauvegarder' })).toBeEnabled();
  });

  describe('first visit after sign-up', () => {
    const details = {
      companyName: 'Plomberie Durand',
      address: '3 place du Marché, 69001 Lyon',
      phone: '04 72 00 00 00',
      email: 'paul@durand.fr',
      siret: '55208131700042',
    };

    it('pre-fills the form from the sign-up details; nothing is stored until the user saves', async () => {
      render(
        <UiProviders>
          <CompanyPage signUpDetails={async () => details} />
        </UiProviders>,
      );
      await waitFor(() => expect(screen.getByLabelText('Nom de l’entreprise')).toHaveValue('Plomberie Durand'));
      expect(screen.getByLabelText('Adresse')).toHaveValue('3 place du Marché, 69001 Lyon');
      expect(screen.getByLabelText('Téléphone')).toHaveValue('04 72 00 00 00');
      expect(screen.getByLabelText('Email')).toHaveValue('paul@durand.fr');
      expect(screen.getByLabelText('SIRET')).toHaveValue('55208131700042');
      expect(screen.getByText(/repris les informations données à l’inscription/)).toBeInTheDocument();
      expect(companyInfoStore.get().name).toBe('');
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sauvegarder' })));
      expect(companyInfoStore.get()).toMatchObject({ name: 'Plomberie Durand', siret: '55208131700042' });
    });

    it('does not touch company details already saved', async () => {
      companyInfoStore.set({ ...DEFAULT_COMPANY_INFO, name: 'Déjà là', address: 'x', phone: '0102030405' });
      const load = jest.fn(async () => details);
      render(
        <UiProviders>
          <CompanyPage signUpDetails={load} />
        </UiProviders>,
      );
      await act(async () => {});
      expect(load).not.toHaveBeenCalled();
      expect(screen.getByLabelText('Nom de l’entreprise')).toHaveValue('Déjà là');
    });
  });
});
