// Fixed sample data of the live preview (SPEC.md §2 Customize), with a random 4-digit number.
import type { CompanyInfo, QuoteLine } from '@atelier/domain';
import type { DocumentClient, InvoiceSnapshot, QuoteSnapshot } from '@atelier/documents';

/** A neutral placeholder logo (SVG is fine in the HTML preview). */
const SAMPLE_LOGO =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="64" viewBox="0 0 160 64"><rect width="160" height="64" rx="8" fill="#e2e8f0"/><text x="80" y="40" font-family="Arial" font-size="20" text-anchor="middle" fill="#4a5568">LOGO</text></svg>',
  );

export const SAMPLE_COMPANY: CompanyInfo = {
  name: 'Votre Entreprise',
  address: '12 rue des Artisans\n75011 Paris',
  phone: '01 23 45 67 89',
  email: 'contact@votre-entreprise.fr',
  website: 'https://www.votre-entreprise.fr',
  siret: '12345678900012',
  tva: 'FR12123456789',
  rib: { bank: 'Banque Exemple', iban: 'FR76 1234 5678 9012 3456 7890 123', bic: 'BQEXFRPP' },
  logo: SAMPLE_LOGO,
  footer: '',
};

export const SAMPLE_CLIENT: DocumentClient = {
  name: 'Jean Dupont',
  email: 'jean.dupont@exemple.fr',
  phone: '06 12 34 56 78',
  address: '5 avenue des Lilas, 69003 Lyon',
};

export const SAMPLE_LINES: QuoteLine[] = [
  { name: 'Peinture murs et plafonds', unit: 'm2', price: 25, quantity: 42 },
  { name: 'Pose de carrelage', unit: 'm2', price: 45, quantity: 12 },
  { name: 'Main d’œuvre électricité', unit: 'h', price: 50, quantity: 6 },
];

const SAMPLE_DATE = '2026-01-15T09:00:00.000Z';

/** 1000–9999. */
export function randomSampleDigits(random: () => number = Math.random): string {
  return String(1000 + Math.floor(random() * 9000));
}

export function sampleQuote(digits: string): QuoteSnapshot {
  return {
    number: `DE${digits}`,
    date: SAMPLE_DATE,
    tasks: SAMPLE_LINES,
    tvaRate: 20,
    projectTitle: 'Rénovation appartement',
  };
}

export function sampleInvoice(digits: string): InvoiceSnapshot {
  return {
    number: `FA${digits}`,
    date: SAMPLE_DATE,
    tasks: SAMPLE_LINES,
    tvaRate: 20,
    isPaid: true,
    paymentDate: '2026-01-30T09:00:00.000Z',
    projectTitle: 'Rénovation appartement',
  };
}

/** The sample company, with the user's own logo and footer when they set them (to judge logo size). */
export function previewCompany(company: CompanyInfo): CompanyInfo {
  return {
    ...SAMPLE_COMPANY,
    logo: company.logo?.trim() ? company.logo : SAMPLE_COMPANY.logo,
    footer: company.footer?.trim() ? company.footer : SAMPLE_COMPANY.footer,
  };
}
