import { act, fireEvent, screen, waitFor } from '@testing-library/react';

import { AppRoutes } from '../../app-routes';
import { renderAt, setupPlatform, signedOut } from '../../testing/render';
import * as api from './api';

jest.mock('./api', () => {
  const actual = jest.requireActual('./api');
  return { ...actual, openDocument: jest.fn(), acceptQuote: jest.fn(), refuseQuote: jest.fn(), documentPdf: jest.fn() };
});
jest.mock('../../federation/remote-view', () => ({ RemoteView: () => <div data-testid="remote" /> }));

const open = api.openDocument as jest.Mock;
const accept = api.acceptQuote as jest.Mock;
const TOKEN = 'a'.repeat(64);

const QUOTE: api.PublicDocument = {
  state: 'ok',
  purpose: 'sign_quote',
  expiresAt: '2026-12-20T10:00:00Z',
  pdfSha256: 'b'.repeat(64),
  company: { name: 'Durand Rénovation' },
  clientName: 'Paul Client',
  number: 'DE0007',
  projectTitle: 'Salle de bain',
  lines: [{ name: 'Pose de carrelage', unit: 'm2', quantity: 10, price: 40, vatRate: 10 }],
  certification: 'En qualité de preneur de la prestation, je certifie…',
  decision: null,
  totalHtCents: 40000,
  tvaCents: 4000,
  totalTtcCents: 44000,
};

beforeEach(async () => {
  setupPlatform();
  jest.spyOn(console, 'error').mockImplementation(() => {});
  open.mockReset();
  accept.mockReset();
  await signedOut();
});

it('shows the devis with its certification to anyone holding the link, and sends the acceptance', async () => {
  open.mockResolvedValue(QUOTE);
  accept.mockResolvedValue({ decision: 'accepted', decidedAt: '2026-11-26T10:00:00Z' });
  renderAt(`/signer/${TOKEN}`, <AppRoutes />);
  expect(await screen.findByRole('heading', { name: 'Devis DE0007' })).toBeInTheDocument();
  expect(open).toHaveBeenCalledWith(TOKEN);
  expect(screen.getByText('Pose de carrelage')).toBeInTheDocument();
  expect(screen.getByText(/En qualité de preneur/)).toBeInTheDocument();
  expect(screen.getByText(/Valable jusqu’au 20\/12\/2026/)).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Nom et prénom'), { target: { value: 'Paul Client' } });
  fireEvent.click(screen.getByLabelText(/et je certifie l’attestation ci-dessus/));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Accepter et signer' }));
  });
  expect(accept).toHaveBeenCalledWith(TOKEN, {
    name: 'Paul Client',
    terms: true,
    signature: '',
    pdfSha256: 'b'.repeat(64),
    options: [],
  });
  expect(await screen.findByText(/Votre acceptation est enregistrée/)).toBeInTheDocument();
});

// Issue 27: sections (10 % on the water heater), a comment, a remise globale of 5 %, an option line and an option
// section. 900 − 90 = 810 HT; − 5 % = 769,50 HT; TVA 20 % 153,90; TTC 923,40. Ticking « Robinetterie » (150 HT):
// 960 − 48 = 912 HT, TVA 182,40, TTC 1 094,40.
const RICH: api.PublicDocument = {
  ...QUOTE,
  certification: null,
  lines: [
    { kind: 'section', name: 'Salle de bain', unit: '', price: 0, quantity: 0 },
    {
      name: 'Chauffe-eau Atlantic 200 L',
      description: 'Pose comprise',
      unit: 'u',
      price: 900,
      quantity: 1,
      vatRate: 20,
      discount: { kind: 'percent', value: 10 },
    },
    { kind: 'text', name: 'Accès par la cour', unit: '', price: 0, quantity: 0 },
    { name: 'Robinetterie thermostatique', unit: 'u', price: 150, quantity: 1, vatRate: 20, option: true },
    { kind: 'section', name: 'Cuisine', unit: '', price: 0, quantity: 0, option: true },
    { name: 'Évier inox', unit: 'u', price: 200, quantity: 2, vatRate: 20 },
  ],
  discount: { kind: 'percent', value: 5 },
  vatRegime: 'assujetti',
  documentRate: 20,
  totalHtCents: 76950,
  tvaCents: 15390,
  totalTtcCents: 92340,
};

it('shows sections, subtotals, remises and options apart; ticking an option moves the total and is sent', async () => {
  open.mockResolvedValue(RICH);
  accept.mockResolvedValue({ decision: 'accepted', decidedAt: '2026-11-26T10:00:00Z' });
  renderAt(`/signer/${TOKEN}`, <AppRoutes />);
  expect(await screen.findByRole('heading', { name: 'Devis DE0007' })).toBeInTheDocument();
  const space = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
  expect(screen.getByText('Salle de bain')).toBeInTheDocument();
  expect(screen.getByText('Pose comprise')).toBeInTheDocument();
  expect(space(document.body.textContent)).toContain('Remise 10 % : -90,00 €');
  expect(space(document.body.textContent)).toContain('Sous-total Salle de bain810,00 €');
  expect(screen.getByText('Accès par la cour')).toBeInTheDocument();
  const totals = screen.getByTestId('public-quote-totals');
  expect(space(totals.textContent)).toContain('Remise globale 5 %− 40,50 €');
  expect(space(totals.textContent)).toContain('Total HT après remise769,50 €');
  expect(space(screen.getByTestId('public-quote-ttc').textContent)).toBe('923,40 €');
  // The options are listed apart, not included, each with its box and its price.
  const options = screen.getByTestId('public-quote-options');
  expect(options).toHaveTextContent('Options (non incluses dans le total)');
  expect(space(screen.getByTestId('option-3').textContent)).toContain('Robinetterie thermostatique — 150,00 € HT (non inclus)');
  expect(space(screen.getByTestId('option-4').textContent)).toContain('Cuisine — 400,00 € HT');
  expect(screen.getAllByLabelText('Je retiens cette option')).toHaveLength(2);
  // The lines table does not count them.
  expect(screen.queryByText('Sous-total Cuisine')).toBeNull();

  fireEvent.click(screen.getAllByLabelText('Je retiens cette option')[0]!);
  expect(space(screen.getByTestId('public-quote-ttc').textContent)).toBe('1 094,40 €');
  expect(space(screen.getByTestId('public-quote-ht').textContent)).toBe('912,00 €');
  expect(space(screen.getByTestId('option-3').textContent)).toContain('(ajoutée au total)');
  fireEvent.click(screen.getAllByLabelText('Je retiens cette option')[1]!);
  // + 400 HT: 1360 − 68 = 1292 HT, TVA 258,40 → 1 550,40 TTC
  expect(space(screen.getByTestId('public-quote-ttc').textContent)).toBe('1 550,40 €');
  fireEvent.click(screen.getAllByLabelText('Je retiens cette option')[1]!);
  expect(space(screen.getByTestId('public-quote-ttc').textContent)).toBe('1 094,40 €');

  fireEvent.change(screen.getByLabelText('Nom et prénom'), { target: { value: 'Paul Client' } });
  fireEvent.click(screen.getByLabelText(/J’accepte ce devis/));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Accepter et signer' }));
  });
  expect(accept).toHaveBeenCalledWith(TOKEN, expect.objectContaining({ options: [3], terms: true }));
});

it('a decided devis shows the options the client accepted and no boxes', async () => {
  open.mockResolvedValue({
    ...RICH,
    lines: RICH.lines!.map((l, i) => (i === 3 ? { ...l, accepted: true } : l)),
    decision: {
      decision: 'accepted',
      signerName: 'Paul Client',
      decidedAt: '2026-11-26T10:00:00Z',
      acceptedOptions: ['Robinetterie thermostatique'],
    },
  });
  renderAt(`/signer/${TOKEN}`, <AppRoutes />);
  expect(await screen.findByTestId('public-quote-decision')).toHaveTextContent(
    'Options retenues : Robinetterie thermostatique.',
  );
  expect(screen.queryByLabelText('Je retiens cette option')).toBeNull();
  const space = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
  expect(space(screen.getByTestId('public-quote-ttc').textContent)).toBe('1 094,40 €');
  // The accepted option is a line of the devis now.
  expect(screen.getByText('Robinetterie thermostatique')).toBeInTheDocument();
});

it('shows the server’s French refusal and keeps what was typed', async () => {
  open.mockResolvedValue(QUOTE);
  accept.mockRejectedValue(new api.PublicDocumentError('Signez dans le cadre avant de valider.', 422));
  renderAt(`/signer/${TOKEN}`, <AppRoutes />);
  fireEvent.change(await screen.findByLabelText('Nom et prénom'), { target: { value: 'Paul' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Accepter et signer' }));
  });
  expect(await screen.findByText('Signez dans le cadre avant de valider.')).toBeInTheDocument();
  expect(screen.getByLabelText('Nom et prénom')).toHaveValue('Paul');
});

it('a bad link shows only the French message, no retry for a final answer', async () => {
  open.mockRejectedValue(new api.PublicDocumentError('Ce lien a expiré : le devis n’est plus valable.', 410));
  renderAt(`/signer/${TOKEN}`, <AppRoutes />);
  expect(await screen.findByText('Ce lien a expiré : le devis n’est plus valable.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Lien indisponible' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
});

it('an invoice page shows what is due and the transfer details with the reference', async () => {
  open.mockResolvedValue({
    ...QUOTE,
    purpose: 'view_invoice',
    number: 'FA0003',
    kind: 'invoice',
    lines: undefined,
    issueDate: '2026-11-01',
    dueDate: '2026-12-01',
    netDueCents: 44000,
    isPaid: false,
    cancelled: false,
    payment: { prepaidCents: 12000, retenueCents: 0, paidCents: 0, dueCents: 44000 },
    bank: { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP', bank: null, reference: 'RF71 FA00 03' },
    paymentReference: 'RF71 FA00 03',
  });
  renderAt(`/facture-en-ligne/${TOKEN}`, <AppRoutes />);
  expect(await screen.findByRole('heading', { name: 'Facture FA0003' })).toBeInTheDocument();
  expect(screen.getByText('À régler au plus tard le 01/12/2026')).toBeInTheDocument();
  expect(screen.getByText('FR76 3000 6000 0112 3456 7890 189')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('payment-reference')).toHaveTextContent('RF71 FA00 03'));
  const space = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
  expect(space(screen.getByTestId('public-invoice-due').textContent)).toBe('440,00 €');
  expect(space(screen.getByTestId('public-invoice-paid').textContent)).toBe('0,00 €');
  expect(space(screen.getByTestId('bank-amount').textContent)).toBe('440,00 €');
  expect(screen.getByText('Acomptes déjà réglés')).toBeInTheDocument();
});

it('a paid invoice shows what was paid, nothing due and no bank details', async () => {
  open.mockResolvedValue({
    ...QUOTE,
    purpose: 'view_invoice',
    number: 'FA0004',
    kind: 'invoice',
    lines: undefined,
    issueDate: '2026-11-01',
    netDueCents: 44000,
    isPaid: true,
    paymentDate: '2026-11-20',
    cancelled: false,
    payment: { prepaidCents: 0, retenueCents: 0, paidCents: 44000, dueCents: 0 },
    bank: null,
    paymentReference: 'RF71 FA00 04',
  });
  renderAt(`/facture-en-ligne/${TOKEN}`, <AppRoutes />);
  expect(await screen.findByText('Payée le 20/11/2026')).toBeInTheDocument();
  const space = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
  expect(space(screen.getByTestId('public-invoice-paid').textContent)).toBe('440,00 €');
  expect(space(screen.getByTestId('public-invoice-due').textContent)).toBe('0,00 €');
  expect(screen.queryByTestId('public-invoice-bank')).toBeNull();
});
