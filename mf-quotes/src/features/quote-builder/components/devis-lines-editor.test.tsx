// The devis editor of issue 27 as an artisan uses it: sections, catalogue lines re-priced for this devis, free
// lines, remises, options, ouvrages detailed, reordering by button, keyboard and pointer; the money shown is the
// money model's; refused input keeps what was typed with the French message next to it; the draft survives a reload.
import '@testing-library/jest-dom';
import { DEFAULT_COMPANY_INFO, companyInfoStore, tasksStore } from '@atelier/storage';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BehaviorSubject } from 'rxjs';

import { renderWithUi } from '../../../testing/render';
import { draftStoreFor } from '../model/draft-storage';
import type { QuotaState, QuoteServices } from '../services';
import { QuoteBuilderPage } from './quote-builder-page';

const text = (s: string | null | undefined) => (s ?? '').replace(/\s/g, ' ');

const OUVRAGE = {
  name: 'Chauffe-eau posé',
  unit: 'unité',
  price: 524.9,
  components: [
    { kind: 'fourniture' as const, name: 'Chauffe-eau Atlantic 200 L', unit: 'unité', quantity: 1, price: 389.9 },
    { kind: 'main_oeuvre' as const, name: 'Pose plombier', unit: 'h', quantity: 3, price: 45 },
  ],
};
const CATALOGUE = [{ name: 'Peinture murale', unit: 'm2', price: 25 }, OUVRAGE];

function services(draftUser?: string): QuoteServices {
  return {
    planState$: new BehaviorSubject<QuotaState>({ plan: 'pro', remaining: null, loading: false }),
    consumeQuoteCredit: jest.fn(),
    renderQuotePdf: jest.fn(),
    buildQuoteMailto: jest.fn(() => 'mailto:'),
    documentFiles: { put: jest.fn(), get: jest.fn(), remove: jest.fn() },
    ...(draftUser ? { draftStore: draftStoreFor(draftUser) } : {}),
  } as unknown as QuoteServices;
}

const editor = () => screen.getByRole('region', { name: 'Modifier le devis' });
const current = () => screen.getByRole('region', { name: 'Devis en cours' });
const currentRows = () => within(current()).getAllByRole('row').map((row) => text(row.textContent));

beforeEach(() => {
  localStorage.clear();
  tasksStore.set(CATALOGUE as never);
  companyInfoStore.set({ ...DEFAULT_COMPANY_INFO, name: 'Atelier Martin' });
});

it('builds a devis with a section, a re-priced catalogue line with a remise, a free option line and a global remise', async () => {
  const user = userEvent.setup();
  renderWithUi(<QuoteBuilderPage services={services('artisan-1')} />);

  await user.click(within(editor()).getByRole('button', { name: 'Section' }));
  await user.type(within(editor()).getByLabelText('Titre de la section (ligne 1)'), 'Salle de bain');
  // An empty section: the money model's message next to it.
  expect(within(editor()).getByRole('alert')).toHaveTextContent('La section « Salle de bain » est vide');

  await user.click(within(editor()).getByRole('button', { name: 'Ajouter une ligne' }));
  expect(within(editor()).queryByText(/est vide/)).toBeNull();
  await user.click(within(editor()).getByRole('button', { name: /^Détails de la ligne 2/ }));
  const price = within(editor()).getByLabelText('Prix unitaire HT de la ligne 2');
  await user.clear(price);
  await user.type(price, '22,50');
  const quantity = within(editor()).getByLabelText('Quantité de la ligne 2');
  await user.clear(quantity);
  await user.type(quantity, '4');
  await user.type(within(editor()).getByLabelText('Remise de la ligne 2'), '{Control>}a{/Control}10');
  await user.type(within(editor()).getByLabelText('Description de la ligne 2'), 'Deux couches{Enter}Blanc mat');
  // The catalogue keeps its price; the devis its own.
  expect(tasksStore.get()[0]).toEqual({ name: 'Peinture murale', unit: 'm2', price: 25 });

  await user.click(within(editor()).getByRole('button', { name: 'Ligne libre' }));
  await user.type(within(editor()).getByLabelText('Désignation de la ligne 3'), 'Robinet thermostatique');
  const freePrice = within(editor()).getByLabelText('Prix unitaire HT de la ligne 3');
  await user.clear(freePrice);
  await user.type(freePrice, '80');
  await user.click(within(editor()).getByLabelText('Ligne 3 en option'));

  await user.type(within(editor()).getByLabelText('Remise globale (avant TVA)'), '{Control>}a{/Control}5');

  // 4 × 22,50 = 90,00 − 10 % = 81,00; option 80,00 outside; remise globale 5 % = 4,05 → 76,95 HT, TVA 15,39.
  expect(currentRows()).toEqual([
    'TâcheQuantitéPrix',
    'Salle de bain',
    'Peinture muraleDeux couches Blanc matRemise 10 %4 m281,00 €',
    'Robinet thermostatique1 unité80,00 €non inclus',
    'Sous-total Salle de bain81,00 €',
  ]);
  expect(text(screen.getByTestId('total-gross-ht').textContent)).toBe('90,00 €');
  expect(text(screen.getByTestId('total-line-discounts').textContent)).toBe('-9,00 €');
  expect(text(screen.getByTestId('total-before-discount').textContent)).toBe('81,00 €');
  expect(text(screen.getByTestId('total-document-discount').textContent)).toBe('-4,05 €');
  expect(text(screen.getByTestId('total-ht').textContent)).toBe('76,95 €');
  expect(text(screen.getByTestId('total-ttc').textContent)).toBe('92,34 €');
  expect(text(screen.getByTestId('options-list').textContent)).toBe('Robinet thermostatique : 80,00 € HT — non inclus');

  // Refused input: kept as typed, the money model's message next to it, the draft keeps it too.
  await user.clear(freePrice);
  await user.type(freePrice, '-5');
  expect(freePrice).toHaveValue('-5');
  expect(within(editor()).getByText('Robinet thermostatique : Le prix unitaire ne peut pas être négatif.')).toBeInTheDocument();
  const remise = within(editor()).getByLabelText('Remise de la ligne 2');
  await user.type(remise, '{Control>}a{/Control}120');
  expect(remise).toHaveValue('120');
  expect(within(editor()).getByText(/Une remise en pourcentage ne peut pas dépasser 100 %/)).toBeInTheDocument();

  // A reload brings everything back.
  const stored = draftStoreFor('artisan-1').get();
  expect(stored?.discount).toEqual({ kind: 'percent', value: 5 });
  expect(stored?.lines.map((l) => [l.kind ?? 'item', l.name, l.price])).toEqual([
    ['section', 'Salle de bain', 0],
    ['item', 'Peinture murale', 22.5],
    ['item', 'Robinet thermostatique', -5],
  ]);
  expect(stored?.lines[1]).toMatchObject({ description: 'Deux couches\nBlanc mat', discount: { kind: 'percent', value: 120 } });
  expect(stored?.lines[2]).toMatchObject({ option: true });
});

it('reorders by « Monter » / « Descendre », Alt+↑ / Alt+↓ and by dragging the handle; focus stays on the control', async () => {
  const user = userEvent.setup();
  renderWithUi(<QuoteBuilderPage services={services()} />);
  await user.click(within(editor()).getByRole('button', { name: 'Ajouter une ligne' }));
  await user.click(within(editor()).getByRole('button', { name: 'Commentaire' }));
  await user.type(within(editor()).getByLabelText('Commentaire (ligne 2)'), 'Accès par la cour');
  await user.click(within(editor()).getByRole('button', { name: 'Section' }));
  await user.type(within(editor()).getByLabelText('Titre de la section (ligne 3)'), 'Cuisine');
  const order = () =>
    Array.from(editor().querySelectorAll('tbody[data-line-index]')).map(
      (body) => (body.querySelector('input:not([type=checkbox]),textarea,select') as HTMLInputElement).value,
    );
  expect(order()).toEqual(['Peinture murale', 'Accès par la cour', 'Cuisine']);

  await user.click(within(editor()).getByRole('button', { name: 'Monter la ligne 3 (Cuisine)' }));
  expect(order()).toEqual(['Peinture murale', 'Cuisine', 'Accès par la cour']);
  await waitFor(() =>
    expect(within(editor()).getByRole('button', { name: 'Monter la ligne 2 (Cuisine)' })).toHaveFocus(),
  );
  expect(within(editor()).getByRole('button', { name: 'Monter la ligne 1 (Peinture murale)' })).toBeDisabled();

  within(editor()).getByLabelText('Titre de la section (ligne 2)').focus();
  await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
  expect(order()).toEqual(['Cuisine', 'Peinture murale', 'Accès par la cour']);
  await waitFor(() => expect(within(editor()).getByLabelText('Titre de la section (ligne 1)')).toHaveFocus());
  await user.keyboard('{Alt>}{ArrowDown}{/Alt}{Alt>}{ArrowDown}{/Alt}');
  expect(order()).toEqual(['Peinture murale', 'Accès par la cour', 'Cuisine']);

  // Pointer: drag line 3's handle onto line 1.
  const handle = within(editor()).getByRole('button', { name: /^Déplacer la ligne 3 \(Cuisine\)/ });
  const first = editor().querySelector('tbody[data-line-index="0"]')!;
  const original = document.elementFromPoint;
  document.elementFromPoint = jest.fn(() => first.querySelector('td')) as never;
  try {
    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientX: 10, clientY: 300 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 10, clientY: 20 });
    expect(first).toHaveClass('drop-target');
    fireEvent.pointerUp(handle, { pointerId: 1, clientX: 10, clientY: 20 });
  } finally {
    document.elementFromPoint = original;
  }
  expect(order()).toEqual(['Cuisine', 'Peinture murale', 'Accès par la cour']);
  expect(first).not.toHaveClass('drop-target');
  // The section now holds the painting and shows its subtotal.
  expect(currentRows()).toContain('Sous-total Cuisine25,00 €');
});

it('an ouvrage from the catalogue: its snapshot price, « Détailler » shows its components', async () => {
  const user = userEvent.setup();
  renderWithUi(<QuoteBuilderPage services={services()} />);
  await user.click(within(editor()).getByRole('button', { name: 'Ajouter une ligne' }));
  await user.selectOptions(within(editor()).getByLabelText('Tâche de la ligne 1'), 'Chauffe-eau posé');
  expect(currentRows()[1]).toBe('Chauffe-eau posé1 unité524,90 €');
  await user.click(within(editor()).getByRole('button', { name: /^Détails de la ligne 1/ }));
  await user.click(within(editor()).getByLabelText('Détailler l’ouvrage de la ligne 1'));
  expect(within(editor()).getByRole('list', { name: 'Composants de l’ouvrage' })).toHaveTextContent(
    'Fourniture — Chauffe-eau Atlantic 200 L : 1 unité × 389,90 € HT',
  );
  expect(currentRows().slice(1)).toEqual([
    'Chauffe-eau posé1 unité524,90 €',
    'Chauffe-eau Atlantic 200 L1 unité',
    'Pose plombier3 h',
  ]);
});

it('the catalogue picker (type-ahead) copies the chosen item in; a 5 000-item catalogue is not listed in every line', async () => {
  const big = [
    ...CATALOGUE,
    ...Array.from({ length: 5000 }, (_, i) => ({ name: `Article ${i + 1}`, unit: 'u', price: 1 + i / 100 })),
  ];
  tasksStore.set(big as never);
  const user = userEvent.setup();
  renderWithUi(<QuoteBuilderPage services={services()} />);
  const picker = within(editor()).getByRole('combobox', { name: 'Ajouter depuis le catalogue' });
  await user.type(picker, 'chauffe eau');
  await user.keyboard('{Enter}');
  expect(currentRows()[1]).toBe('Chauffe-eau posé1 unité524,90 €');
  await user.type(picker, 'article 4999');
  await user.keyboard('{Enter}');
  expect(currentRows()[2]).toBe('Article 49991 u50,98 €');
  // Each line's select holds only its own task until it is touched; then the whole catalogue.
  const select = within(editor()).getByLabelText('Tâche de la ligne 2') as HTMLSelectElement;
  expect(select.options).toHaveLength(1);
  fireEvent.focus(select);
  expect(select.options).toHaveLength(5002);
  await user.selectOptions(select, 'Peinture murale');
  expect(currentRows()[2]).toBe('Peinture murale1 m225,00 €');
});

it('a section marked « Option »: its items are priced « non inclus », outside the totals', async () => {
  const user = userEvent.setup();
  renderWithUi(<QuoteBuilderPage services={services()} />);
  await user.click(within(editor()).getByRole('button', { name: 'Ajouter une ligne' }));
  await user.click(within(editor()).getByRole('button', { name: 'Section' }));
  await user.type(within(editor()).getByLabelText('Titre de la section (ligne 2)'), 'Variante');
  await user.click(within(editor()).getByRole('button', { name: 'Ajouter une ligne' }));
  await user.click(within(editor()).getByLabelText('Section de la ligne 2 en option'));
  expect(currentRows().slice(1)).toEqual([
    'Peinture murale1 m225,00 €',
    'VarianteOption — non inclus',
    'Peinture murale1 m225,00 €non inclus',
    'Sous-total Variante25,00 €non inclus',
  ]);
  expect(text(screen.getByTestId('total-ht').textContent)).toBe('25,00 €');
  expect(text(screen.getByTestId('options-list').textContent)).toBe('Peinture murale : 25,00 € HT — non inclus');
});
