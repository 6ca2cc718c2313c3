// Sample documents for tests, the benchmark and the customisation preview's sample data.
import { DEFAULT_CUSTOMIZATION, type CompanyInfo, type QuoteCustomization, type QuoteLine } from '@atelier/domain';

import type { DocumentClient, InvoiceSnapshot, QuoteSnapshot } from '../layout';

/** A 160×80 two-colour PNG. */
export const SAMPLE_LOGO_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAKAAAABQCAIAAAARP+ljAAAA40lEQVR42u3cQQkAIAyG0eUwiAHsYTDj2WQddhgiD7z/8L3rMNa55TfmLj+7PbshNGChAQsNGDBgu4DtArYLGLDQgIUGLDRgu4DtArYLGLDQgIUGLDRgwK3AYv29Cxiw0ICFBgwYsF3AdgHbBQxYaMBCAxYasF3AdgHbBQxYaMBCAxYaMOBeYLFcVQoNWGjAgAHbBWwXsF3AgIUGLDRgoQHbBWwXsF3AgIUGLDRgoQEDBmzXP1l2XVXaBQxYaMBCAxYasF3AdgHbBQxYaMBCAxYasF3AdgHbBQxYaMBCAxb6wd0EEXdEhYi4S60AAAAASUVORK5CYII=';

export const SAMPLE_COMPANY: CompanyInfo = {
  name: 'Rénovations Lefèvre & Fils',
  address: '12 rue de la Gare\n69003 Lyon',
  phone: '04 78 12 34 56',
  email: 'contact@renovations-lefevre.fr',
  website: 'https://renovations-lefevre.fr',
  siret: '55208131700046',
  tva: 'FR03552081317',
  rib: { bank: 'Crédit Agricole Centre-Est', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' },
  logo: SAMPLE_LOGO_PNG,
  footer: 'SARL au capital de 10 000 € – RCS Lyon 552 081 317',
};

export const SAMPLE_CLIENT: DocumentClient = {
  name: 'Hélène Dubœuf',
  email: 'helene.duboeuf@exemple.fr',
  phone: '06 12 34 56 78',
  address: '8 boulevard du Port, 80000 Amiens',
};

const CATALOGUE: Omit<QuoteLine, 'quantity'>[] = [
  { name: 'Peinture murs et plafonds (2 couches)', unit: 'm2', price: 24.5 },
  { name: 'Dépose carrelage existant', unit: 'm2', price: 18 },
  { name: 'Pose carrelage grès cérame', unit: 'm2', price: 45.9 },
  { name: 'Main d’œuvre électricien', unit: 'h', price: 52 },
  { name: 'Création prise électrique', unit: 'unité', price: 85 },
  { name: 'Enduit de rebouchage « fin »', unit: 'kg', price: 3.75 },
  { name: 'Plinthes bois', unit: 'ml', price: 12.4 },
  { name: 'Déplacement et protection du chantier', unit: 'forfait', price: 150 },
];

/** n quote lines cycling through a small French catalogue, with varied quantities. */
export function sampleLines(n: number): QuoteLine[] {
  return Array.from({ length: n }, (_, i) => {
    const base = CATALOGUE[i % CATALOGUE.length]!;
    return { ...base, name: n > CATALOGUE.length ? `${base.name} – lot ${i + 1}` : base.name, quantity: (i % 7) + 1 };
  });
}

export function sampleQuote(lines = 3, number = 'DE0042'): QuoteSnapshot {
  return {
    number,
    date: '2026-11-21T10:00:00.000Z',
    tasks: sampleLines(lines),
    tvaRate: 20,
    projectTitle: 'Rénovation salle de bain',
  };
}

export function sampleInvoice(lines = 3, number = 'FA0007'): InvoiceSnapshot {
  return {
    number,
    date: '2026-11-21T10:00:00.000Z',
    tasks: sampleLines(lines),
    tvaRate: 10,
    isPaid: false,
    projectTitle: 'Rénovation salle de bain',
  };
}

export function customization(overrides: Partial<QuoteCustomization> = {}): QuoteCustomization {
  return { ...(JSON.parse(JSON.stringify(DEFAULT_CUSTOMIZATION)) as QuoteCustomization), ...overrides };
}
