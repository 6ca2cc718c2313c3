import { DEFAULT_CUSTOMIZATION } from '@atelier/domain';

import { draftProblems, parsePaymentDeadline, withColour, withInvoice, withLayout } from './customization-draft';
import { randomSampleDigits } from './sample-document';

describe('customisation draft', () => {
  it('edits nested settings without touching the rest', () => {
    const a = withColour(DEFAULT_CUSTOMIZATION, 'accent', '#123456');
    expect(a.colors).toEqual({ ...DEFAULT_CUSTOMIZATION.colors, accent: '#123456' });
    const b = withLayout(a, 'logoSize', 'large');
    expect(b.layout.logoSize).toBe('large');
    expect(b.layout.companyInfoPosition).toBe('left');
    const c = withInvoice(b, 'paymentDeadline', 60);
    expect(c.invoice.paymentDeadline).toBe(60);
    expect(DEFAULT_CUSTOMIZATION.invoice.paymentDeadline).toBe(30);
  });

  it('accepts whole numbers of days ≥ 0 only', () => {
    expect(parsePaymentDeadline('0')).toEqual({ ok: true, value: 0 });
    expect(parsePaymentDeadline(' 45 ')).toEqual({ ok: true, value: 45 });
    expect(parsePaymentDeadline('-1')).toMatchObject({ ok: false });
    expect(parsePaymentDeadline('2,5')).toEqual({
      ok: false,
      message: 'Le délai de paiement est un nombre entier de jours.',
    });
    expect(parsePaymentDeadline('')).toMatchObject({ ok: false });
  });

  it('blocks saving invalid colours', () => {
    expect(draftProblems(DEFAULT_CUSTOMIZATION)).toEqual([]);
    expect(draftProblems(withColour(DEFAULT_CUSTOMIZATION, 'primary', '#12'))).toEqual(['colors.primary']);
  });

  it('draws 4-digit sample numbers', () => {
    expect(randomSampleDigits(() => 0)).toBe('1000');
    expect(randomSampleDigits(() => 0.99999)).toBe('9999');
    expect(randomSampleDigits()).toMatch(/^\d{4}$/);
  });
});
