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
  });
  expect(await screen.findByText(/Votre acceptation est enregistrée/)).toBeInTheDocument();
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
