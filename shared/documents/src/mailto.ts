// The « Envoyer par email » link (SPEC.md §7 Email action): no mail service, a prefilled mailto: URL.
import type { Cents } from '@atelier/domain';

import { documentMessages as m } from './messages';
import { formatAmount } from './text';

export interface QuoteMailInput {
  email: string;
  number: string;
  projectTitle?: string | null | undefined;
  totalCents: Cents;
  /** The PDF the user attaches to the message (mailto: cannot carry a file): named in the body. */
  fileName?: string;
}

/** `mailto:` with subject « Devis {number} » and a French greeting body, every part URI-encoded. */
export function buildQuoteMailto({ email, number, projectTitle, totalCents, fileName }: QuoteMailInput): string {
  const to = encodeURIComponent(email.trim()).replace(/%40/g, '@');
  const subject = encodeURIComponent(m.mailSubject(number));
  const title = projectTitle?.trim() || m.notSpecified;
  const body = encodeURIComponent(m.mailBody(number, title, formatAmount(totalCents), fileName));
  return `mailto:${to}?subject=${subject}&body=${body}`;
}
