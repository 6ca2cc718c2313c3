// The three legal pages: slugs and titles (texts in legal-texts.tsx).
export const LEGAL_PAGES = [
  { slug: 'terms', title: "Conditions générales d'utilisation" },
  { slug: 'privacy', title: 'Politique de confidentialité' },
  { slug: 'legal-notice', title: 'Mentions légales' },
] as const;

export type LegalSlug = (typeof LEGAL_PAGES)[number]['slug'];

export function isLegalSlug(value: string | undefined): value is LegalSlug {
  return LEGAL_PAGES.some((page) => page.slug === value);
}
