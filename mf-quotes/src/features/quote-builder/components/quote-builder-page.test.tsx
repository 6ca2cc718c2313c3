import '@testing-library/jest-dom';
import { bus } from '@atelier/bus';
import { clientsStore, companyInfoStore, DEFAULT_COMPANY_INFO, tasksStore } from '@atelier/storage';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BehaviorSubject } from 'rxjs';

import { renderWithUi } from '../../../testing/render';
import type { QuotaState, QuoteCredit, QuoteServices, RenderQuoteInput } from '../services';
import { draftStoreFor } from '../model/draft-storage';
import { QuoteBuilderPage } from './quote-builder-page';

const QUOTA =
  'Vous avez atteint votre limite de devis mensuelle. Passez à un plan supérieur pour créer des devis illimités.';
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\s/g, ' ');

function fakeServices(quota: QuotaState = { plan: 'free', remaining: 2, loading: false }) {
  const planState$ = new BehaviorSubject<QuotaState>(quota);
  const stored = new Map<string, Uint8Array>();
  let number = 0;
  let releaseRender: (() => void) | null = null;
  const services = {
    planState$,
    consumeQuoteCredit: jest.fn(async (): Promise<QuoteCredit> => {
      number += 1;
      return {
        allowed: true,
        number: `DE${String(number).padStart(4, '0')}`,
        plan: 'free',
        quotesUsed: number,
        remaining: 3 - number,
      };
    }),
    renderQuotePdf: jest.fn(async (input: RenderQuoteInput) => {
      if (holdRender) await new Promise<void>((resolve) => (releaseRender = resolve));
      return { bytes: new Uint8Array([37, 80, 68, 70]), fileName: `devis-${input.quote.number}.pdf`, warnings: [] };
    }),
    buildQuoteMailto: jest.fn(
      ({ email, number: n }: { email: string; number: string }) =>
        `mailto:${email}?subject=${encodeURIComponent(`Devis ${n}`)}`,
    ),
    documentFiles: {
      put: jest.fn(async (id: string, bytes: Uint8Array) => void stored.set(id, bytes)),
      get: jest.fn(async (id: string) => stored.get(id)),
      remove: jest.fn(async () => {}),
    },
  } satisfies QuoteServices;
  let holdRender = false;
  return {
    services,
    planState$,
    stored,
    hold: () => (holdRender = true),
    release: () => releaseRender?.(),
  };
}

const CATALOGUE = [
  { name: 'Peinture murale', unit: 'm2', price: 25 },
  { name: 'Pose carrelage', unit: 'm2', price: 45.5 },
];

beforeEach(() => {
  localStorage.clear();
  tasksStore.set(CATALOGUE);
  companyInfoStore.set({ ...DEFAULT_COMPANY_INFO, name: 'Atelier Martin' });
  URL.createObjectURL = jest.fn(() => 'blob:pdf-1');
  URL.revokeObjectURL = jest.fn();
});

describe('home page', () => {
  it('shows the plan badge with the remaining free quotes', () => {
    renderWithUi(<QuoteBuilderPage services={fakeServices().services} />);
    const badge = screen.getByTestId('plan-badge');
    expect(badge).toHaveTextContent('Gratuit');
    expect(badge).toHaveTextContent('2 devis restants ce mois-ci');
  });

  it('shows the pro plan without a count, and the recognition slot in its section', () => {
    renderWithUi(
      <QuoteBuilderPage
        services={fakeServices({ plan: 'pro', remaining: null, loading: false }).services}
        recognitionSlot={<div>Panneaux de reconnaissance</div>}
      />,
    );
    expect(screen.getByTestId('plan-badge')).toHaveTextContent(/^Pro$/);
    const section = screen.getByRole('region', { name: 'Reconnaissance' });
    expect(within(section).getByText('Panneaux de reconnaissance')).toBeInTheDocument();
  });

  it('shows « Non spécifié » for a missing title and client details', () => {
    renderWithUi(<QuoteBuilderPage services={fakeServices().services} />);
    expect(screen.getByTestId('current-project-title')).toHaveTextContent('Non spécifié');
    expect(screen.getByTestId('current-client-name')).toHaveTextContent('Non spécifié');
    expect(screen.getByTestId('current-client-email')).toHaveTextContent('Non spécifié');
  });

  it('fills « Devis en cours » from recognition events published on the bus', () => {
    renderWithUi(<QuoteBuilderPage services={fakeServices().services} />);
    act(() => {
      bus.emit('quote/title-recognised', { title: 'Rénovation Salle De Bain', source: 'voice' });
      bus.emit('quote/tasks-recognised', {
        tasks: [{ name: 'Peinture murale', quantity: 10, unit: 'm2' }],
        source: 'voice',
      });
      bus.emit('quote/tasks-recognised', {
        tasks: [{ name: 'Peinture murale', quantity: 2, unit: 'm2' }],
        source: 'image',
      });
      bus.emit('quote/client-recognised', {
        client: { name: 'Jean Dupont', email: 'jean@dupont.fr' },
        source: 'voice',
      });
    });
    expect(screen.getByTestId('current-project-title')).toHaveTextContent('Rénovation Salle De Bain');
    expect(screen.getByTestId('current-client-name')).toHaveTextContent('Jean Dupont');
    const table = screen.getByRole('table', { name: 'Devis en cours' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(nbsp(rows[1]!.textContent)).toBe('Peinture murale12 m2300,00 €');
    expect(nbsp(screen.getByTestId('total-ttc').textContent)).toBe('360,00 €');
    // Name + email: saved into the client book.
    expect(clientsStore.get()).toEqual([
      { name: 'Jean Dupont', email: 'jean@dupont.fr', phone: '', address: '', quotes: [], invoices: [] },
    ]);
  });

  it('blocks additions with the quota banner when the free plan has 0 quotes left, and tells recognition', () => {
    const refused: string[] = [];
    const sub = bus.on('quote/recognition-refused').subscribe((e) => refused.push(e.payload.message));
    renderWithUi(<QuoteBuilderPage services={fakeServices({ plan: 'free', remaining: 0, loading: false }).services} />);
    expect(screen.getByTestId('quota-banner')).toHaveTextContent('Limite de devis atteinte');
    expect(screen.getByTestId('quota-banner')).toHaveTextContent(QUOTA);
    expect(screen.getByTestId('plan-badge')).toHaveTextContent('0 devis restant ce mois-ci');
    act(() => {
      bus.emit('quote/tasks-recognised', {
        tasks: [{ name: 'Peinture murale', quantity: 1, unit: 'm2' }],
        source: 'voice',
      });
      bus.emit('quote/title-recognised', { title: 'Pose Parquet', source: 'voice' });
    });
    expect(screen.getByText('Aucune tâche dans ce devis')).toBeInTheDocument();
    expect(screen.getByTestId('current-project-title')).toHaveTextContent('Non spécifié');
    expect(refused).toEqual([QUOTA, QUOTA]);
    expect(screen.getByRole('button', { name: 'Ajouter une ligne' })).toBeDisabled();
    expect(screen.getByLabelText('Titre du projet')).toBeDisabled();
    sub.unsubscribe();
  });

  it('at 0 left for the account, a device holding reserved devis numbers for today keeps its editor open (0051)', () => {
    renderWithUi(
      <QuoteBuilderPage
        services={fakeServices({ plan: 'free', remaining: 0, loading: false, heldHere: 2 }).services}
      />,
    );
    // The account figure is the server's (the same on every device)…
    expect(screen.getByTestId('plan-badge')).toHaveTextContent('0 devis restant ce mois-ci');
    // …but this device's held numbers were taken from that quota: it may still use them.
    expect(screen.queryByTestId('quota-banner')).toBeNull();
    act(() => {
      bus.emit('quote/tasks-recognised', {
        tasks: [{ name: 'Peinture murale', quantity: 1, unit: 'm2' }],
        source: 'voice',
      });
    });
    expect(screen.queryByText('Aucune tâche dans ce devis')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ajouter une ligne' })).toBeEnabled();
    expect(screen.getByLabelText('Titre du projet')).toBeEnabled();
  });

  it('builds a quote by hand: client from the book, lines from the catalogue, quantities and VAT recompute the totals', async () => {
    clientsStore.set([
      {
        name: 'Marie Curie',
        email: 'marie@curie.fr',
        phone: '0102030405',
        address: '1 rue Pierre, Paris',
        quotes: [],
        invoices: [],
      },
    ]);
    const user = userEvent.setup();
    renderWithUi(<QuoteBuilderPage services={fakeServices().services} />);
    await user.selectOptions(screen.getByLabelText('Choisir un client enregistré'), 'marie@curie.fr');
    expect(screen.getByTestId('current-client-phone')).toHaveTextContent('0102030405');
    expect(screen.getByTestId('current-client-address')).toHaveTextContent('1 rue Pierre, Paris');

    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    expect(screen.getByLabelText('Tâche de la ligne 1')).toHaveValue('Peinture murale');
    expect(nbsp(screen.getByTestId('total-ht').textContent)).toBe('50,00 €');

    await user.selectOptions(screen.getByLabelText('Tâche de la ligne 2'), 'Pose carrelage');
    const qty = screen.getByLabelText('Quantité de la ligne 2');
    await user.clear(qty);
    await user.type(qty, '3');
    expect(nbsp(screen.getByTestId('total-ht').textContent)).toBe('161,50 €'); // 25 + 3 × 45.50
    expect(nbsp(screen.getByTestId('total-tva').textContent)).toBe('32,30 €');

    const vat = screen.getByLabelText('Taux de TVA (%)');
    await user.clear(vat);
    await user.type(vat, '5,5');
    expect(nbsp(screen.getByTestId('total-tva').textContent)).toBe('8,88 €');
    expect(nbsp(screen.getByTestId('total-ttc').textContent)).toBe('170,38 €');
    // Empty VAT → 20 on blur.
    await user.clear(vat);
    await user.tab();
    expect(vat).toHaveValue('20');
    // A refused quantity stays as typed with its French message; the previous quantity stays in use.
    await user.clear(qty);
    await user.type(qty, '-5');
    await user.tab();
    expect(qty).toHaveValue('-5');
    expect(qty).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('La quantité ne peut pas être négative.')).toBeInTheDocument();
    expect(nbsp(screen.getByTestId('total-ht').textContent)).toBe('161,50 €');
    // Typed key by key: « 1 » and « 10 » on the way do not stay in use once « 1e12 » is refused.
    await user.clear(qty);
    await user.type(qty, '1e12');
    expect(screen.getByText('La quantité ne peut pas dépasser 100 000.')).toBeInTheDocument();
    expect(nbsp(screen.getByTestId('total-ht').textContent)).toBe('161,50 €');
    // French decimals: « 2,5 » is 2.5, not 25.
    await user.clear(qty);
    await user.type(qty, '2,5');
    expect(qty).not.toHaveAttribute('aria-invalid');
    expect(nbsp(screen.getByTestId('total-ht').textContent)).toBe('138,75 €'); // 25 + 2.5 × 45.50
    await user.clear(qty);
    await user.type(qty, '3');

    await user.click(screen.getByRole('button', { name: 'Supprimer la ligne 1' }));
    expect(nbsp(screen.getByTestId('total-ht').textContent)).toBe('136,50 €'); // 3 × 45.50
  });

  describe('generation', () => {
    it('shows the spec validation messages and consumes nothing', async () => {
      const { services } = fakeServices();
      const user = userEvent.setup();
      renderWithUi(<QuoteBuilderPage services={services} />);
      const generate = screen.getByRole('button', { name: 'Générer le PDF' });
      await user.click(generate);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Au moins une tâche est requise pour générer un devis.',
      );
      await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
      await user.click(generate);
      expect(await screen.findByText("L'email du client est requis pour générer un devis.")).toBeInTheDocument();
      await user.type(screen.getByLabelText('Email'), 'a@b.fr');
      await user.click(generate);
      expect(await screen.findByText('Le nom du client est requis pour générer un devis.')).toBeInTheDocument();
      companyInfoStore.set(DEFAULT_COMPANY_INFO);
      await user.type(screen.getByLabelText('Nom'), 'Alice');
      await user.click(generate);
      expect(await screen.findByText(/nom de votre entreprise est requis/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Ouvrir la page Entreprise' })).toHaveAttribute('href', '/company');
      expect(services.consumeQuoteCredit).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Envoyer par email' })).toBeDisabled();
    });

    it('generates: busy label, second request ignored, number DE0001, bytes kept, quote saved, download and mail enabled', async () => {
      const fake = fakeServices();
      fake.hold();
      const user = userEvent.setup();
      renderWithUi(<QuoteBuilderPage services={fake.services} />);
      await user.type(screen.getByLabelText('Nom'), 'Alice Martin');
      await user.type(screen.getByLabelText('Email'), 'alice@martin.fr');
      await user.type(screen.getByLabelText('Titre du projet'), 'Peinture salon');
      await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));

      await user.click(screen.getByRole('button', { name: 'Générer le PDF' }));
      const busy = await screen.findByRole('button', { name: 'Génération en cours...' });
      expect(busy).toBeDisabled();
      await user.click(busy);
      await act(async () => {
        fake.release();
      });
      await screen.findByRole('link', { name: 'Télécharger devis-DE0001.pdf' });
      expect(fake.services.consumeQuoteCredit).toHaveBeenCalledTimes(1);
      expect(fake.services.renderQuotePdf).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('link', { name: 'Télécharger devis-DE0001.pdf' })).toHaveAttribute(
        'download',
        'devis-DE0001.pdf',
      );

      const [client] = clientsStore.get();
      expect(client?.email).toBe('alice@martin.fr');
      expect(client?.quotes).toHaveLength(1);
      const quote = client!.quotes[0]!;
      expect(quote).toMatchObject({
        number: 'DE0001',
        projectTitle: 'Peinture salon',
        totalHT: 25,
        tva: 5,
        total: 30,
        tvaRate: 20,
      });
      expect(fake.stored.get(quote.id)).toEqual(new Uint8Array([37, 80, 68, 70]));

      const mail = screen.getByRole('button', { name: 'Envoyer par email' });
      expect(mail).toBeEnabled();
      expect(fake.services.buildQuoteMailto).toHaveBeenCalledWith({
        email: 'alice@martin.fr',
        number: 'DE0001',
        projectTitle: 'Peinture salon',
        totalCents: 3000,
        fileName: 'devis-DE0001.pdf',
      });
    });

    it('a refused credit shows the quota message', async () => {
      const fake = fakeServices();
      fake.services.consumeQuoteCredit.mockResolvedValueOnce({
        allowed: false,
        number: null,
        plan: 'free',
        quotesUsed: 3,
        remaining: 0,
      });
      const user = userEvent.setup();
      renderWithUi(<QuoteBuilderPage services={fake.services} />);
      await user.type(screen.getByLabelText('Nom'), 'Alice');
      await user.type(screen.getByLabelText('Email'), 'a@b.fr');
      await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
      await user.click(screen.getByRole('button', { name: 'Générer le PDF' }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(QUOTA));
      expect(fake.services.renderQuotePdf).not.toHaveBeenCalled();
    });
  });

  it('saves a checkpoint 1 s after the page loads', () => {
    jest.useFakeTimers();
    try {
      renderWithUi(<QuoteBuilderPage services={fakeServices().services} />);
      const checkpoints = () => Object.keys(localStorage).filter((k) => k.startsWith('checkpoint_'));
      act(() => jest.advanceTimersByTime(900));
      expect(checkpoints()).toHaveLength(0);
      act(() => jest.advanceTimersByTime(200));
      expect(checkpoints()).toHaveLength(1);
      expect(JSON.parse(localStorage.getItem(checkpoints()[0]!)!).tasks).toEqual(CATALOGUE);
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps the draft per user across a reload, and « Nouveau devis » clears it after confirmation', async () => {
    const user = userEvent.setup();
    const services = { ...fakeServices().services, draftStore: draftStoreFor('user-a') };
    const first = renderWithUi(<QuoteBuilderPage services={services} />);
    await user.type(screen.getByLabelText('Titre du projet'), 'Salle de bain');
    await user.type(screen.getByLabelText('Nom'), 'Alice');
    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    const qty = screen.getByLabelText('Quantité de la ligne 1');
    await user.clear(qty);
    await user.type(qty, '2,5');
    await user.clear(screen.getByLabelText('Taux de TVA (%)'));
    await user.type(screen.getByLabelText('Taux de TVA (%)'), '10');
    first.unmount();
    expect(Object.keys(localStorage)).toContain('quoteDraft.user-a');

    // « Reload »: a new page for the same user finds everything; another user starts empty.
    const other = renderWithUi(
      <QuoteBuilderPage services={{ ...fakeServices().services, draftStore: draftStoreFor('user-b') }} />,
    );
    expect(screen.getByTestId('current-project-title')).toHaveTextContent('Non spécifié');
    other.unmount();
    renderWithUi(<QuoteBuilderPage services={{ ...fakeServices().services, draftStore: draftStoreFor('user-a') }} />);
    expect(screen.getByTestId('current-project-title')).toHaveTextContent('Salle de bain');
    expect(screen.getByTestId('current-client-name')).toHaveTextContent('Alice');
    expect(screen.getByLabelText('Quantité de la ligne 1')).toHaveValue('2,5');
    expect(screen.getByLabelText('Taux de TVA (%)')).toHaveValue('10');
    expect(nbsp(screen.getByTestId('total-ht').textContent)).toBe('62,50 €');

    await user.click(screen.getByRole('button', { name: 'Nouveau devis' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annuler' }));
    expect(screen.getByTestId('current-project-title')).toHaveTextContent('Salle de bain');
    await user.click(screen.getByRole('button', { name: 'Nouveau devis' }));
    await user.click(screen.getByRole('button', { name: 'Effacer et commencer' }));
    expect(screen.getByTestId('current-project-title')).toHaveTextContent('Non spécifié');
    expect(screen.queryByLabelText('Quantité de la ligne 1')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('quoteDraft.user-a')!)).toMatchObject({ lines: [], title: '' });
  });
});
