import { structuredReference, isValidStructuredReference } from './payment-reference';
import {
  bankTransferDetails,
  formatIban,
  invoicePayment,
  isValidIban,
  normaliseBic,
  normaliseIban,
} from './bank-account';

describe('IBAN (ISO 13616)', () => {
  it('accepts real IBANs typed with spaces, dashes or lower case', () => {
    expect(normaliseIban('FR76 3000 6000 0112 3456 7890 189')).toBe('FR7630006000011234567890189');
    expect(normaliseIban('fr76-3000-6000-0112-3456-7890-189')).toBe('FR7630006000011234567890189');
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('BE68 5390 0754 7034')).toBe(true);
    expect(isValidIban('GB29 NWBK 6016 1331 9268 19')).toBe(true);
  });

  it('refuses a wrong check digit, a swapped pair, a wrong length for the country and garbage', () => {
    expect(isValidIban('FR76 3000 6000 0112 3456 7890 188')).toBe(false);
    expect(isValidIban('FR76 3000 6000 0112 3456 7809 189')).toBe(false);
    expect(isValidIban('FR76 3000 6000 0112 3456 7890 1891')).toBe(false);
    expect(isValidIban('DE89 3704 0044 0532 0130 0')).toBe(false);
    expect(isValidIban('')).toBe(false);
    expect(isValidIban('IBAN inconnu')).toBe(false);
  });

  it('prints in groups of four; BIC of 8 or 11 characters', () => {
    expect(formatIban('FR7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(normaliseBic('agri fr pp')).toBe('AGRIFRPP');
    expect(normaliseBic('BNPAFRPPXXX')).toBe('BNPAFRPPXXX');
    expect(normaliseBic('BNPA')).toBeNull();
  });
});

describe('bank transfer details on the client’s invoice page', () => {
  it('shows a valid IBAN formatted, with the RF reference of the invoice number', () => {
    const reference = structuredReference('FA0042');
    expect(reference).toMatch(/^RF\d\d FA00 42$/);
    expect(isValidStructuredReference(reference!)).toBe(true);
    expect(
      bankTransferDetails(
        { iban: 'fr7630006000011234567890189', bic: 'agrifrpp', bank: ' Crédit Agricole ' },
        reference,
      ),
    ).toEqual({ iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP', bank: 'Crédit Agricole', reference });
  });

  it('shows nothing for a missing or invalid IBAN; drops an invalid BIC', () => {
    expect(bankTransferDetails(null, 'RF00')).toBeNull();
    expect(bankTransferDetails({ iban: '' }, null)).toBeNull();
    expect(bankTransferDetails({ iban: 'FR76 3000 6000 0112 3456 7890 188', bic: 'AGRIFRPP' }, null)).toBeNull();
    expect(bankTransferDetails({ iban: 'BE68539007547034', bic: 'x' }, null)).toMatchObject({ bic: null, bank: null });
  });
});

describe('paid and due amounts of an invoice', () => {
  it('an unpaid final invoice owes TTC − acomptes − retenue', () => {
    expect(
      invoicePayment({
        totalTtcCents: 120000,
        prepaidCents: 36000,
        retenueCents: 6000,
        netDueCents: 78000,
        isPaid: false,
        cancelled: false,
      }),
    ).toEqual({ prepaidCents: 36000, retenueCents: 6000, paidCents: 0, dueCents: 78000 });
  });

  it('a paid invoice owes nothing and shows its net as paid; a cancelled one owes nothing', () => {
    expect(invoicePayment({ totalTtcCents: 161125, isPaid: true, cancelled: false })).toEqual({
      prepaidCents: 0,
      retenueCents: 0,
      paidCents: 161125,
      dueCents: 0,
    });
    expect(invoicePayment({ totalTtcCents: 161125, netDueCents: null, isPaid: false, cancelled: true }).dueCents).toBe(
      0,
    );
  });
});
