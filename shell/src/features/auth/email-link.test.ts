import { emailLinkOutcome } from './email-link';

describe('emailLinkOutcome', () => {
  it('recognises a confirmed address, an expired or used link, and ignores the rest', () => {
    expect(emailLinkOutcome('#access_token=a&refresh_token=b&type=signup', '/')).toBe('confirmed');
    expect(emailLinkOutcome('#access_token=a&type=email_change', '/auth')).toBe('confirmed');
    expect(
      emailLinkOutcome('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid', '/'),
    ).toBe('invalid');
    expect(emailLinkOutcome('#access_token=a&type=recovery', '/')).toBeNull();
    expect(emailLinkOutcome('#error=access_denied', '/auth/nouveau-mot-de-passe')).toBeNull();
    expect(emailLinkOutcome('', '/')).toBeNull();
    expect(emailLinkOutcome('#section-2', '/legal/cgu')).toBeNull();
  });
});
