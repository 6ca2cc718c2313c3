import { companyInfoSchema } from '@atelier/domain';

import {
  isValidIban,
  isValidPhone,
  normaliseWebsite,
  toCompanyInfo,
  toFormValues,
  validateCompanyForm,
  type CompanyFormValues,
} from './company-form';
import { fitWithin } from './logo';

const valid: CompanyFormValues = {
  name: 'Plomberie Martin',
  address: '3 place du Marché, 33000 Bordeaux',
  phone: '05 56 12 34 56',
  email: 'Contact@Plomberie-Martin.fr ',
  website: 'www.plomberie-martin.fr',
  siret: '552 081 317 00042',
  tva: 'fr 03 552081317',
  bank: 'Banque Populaire',
  iban: 'fr76 3000 6000 0112 3456 7890 189',
  bic: 'ccbpfrpp',
  logo: '',
  footer: '  Assurance décennale MAAF  ',
  insuranceName: '',
  insurer: '',
  insurerAddress: '',
  insuranceCoverage: '',
  vatRegime: 'assujetti',
  vatOnDebits: '',
  legalForm: '',
  capital: '',
  registration: '',
  operationNature: 'services',
};

describe('company form validation', () => {
  it('accepts a complete form', () => {
    expect(validateCompanyForm(valid)).toEqual({});
  });

  it('requires name, address, phone, email and SIRET with French messages', () => {
    const empty = toFormValues(companyInfoSchema.parse({}));
    expect(validateCompanyForm(empty)).toEqual({
      name: 'Le nom de l’entreprise est requis.',
      address: 'L’adresse est requise.',
      phone: 'Le téléphone est requis.',
      email: 'L’email est requis.',
      siret: 'Le SIRET est requis.',
    });
  });

  it('checks email, website URL, SIRET digits, VAT number, IBAN and BIC formats', () => {
    const errors = validateCompanyForm({
      ...valid,
      email: 'contact@',
      website: 'pas un site',
      siret: '1234',
      tva: 'FR123',
      iban: 'FR76 3000 6000 0112 3456 7890 188',
      bic: 'ABC',
    });
    expect(errors).toEqual({
      email: 'L’email n’est pas valide (ex. contact@mon-entreprise.fr).',
      website: 'Le site web doit être une adresse valide (ex. https://www.mon-entreprise.fr).',
      siret: "Le numéro SIRET n'est pas valide (14 chiffres, clé de contrôle incorrecte).",
      tva: "Le numéro de TVA intracommunautaire n'est pas valide (FR + 2 caractères + SIREN).",
      iban: 'L’IBAN n’est pas valide.',
      bic: 'Le BIC doit comporter 8 ou 11 caractères (ex. AGRIFRPP).',
    });
    expect(validateCompanyForm({ ...valid, website: 'ftp://exemple.fr' }).website).toBeDefined();
    expect(validateCompanyForm({ ...valid, website: 'javascript:alert(1)' }).website).toBeDefined();
  });

  it('recognises French phone numbers and URLs', () => {
    expect(isValidPhone('+33 6 12 34 56 78')).toBe(true);
    expect(isValidPhone('06.12.34.56.78')).toBe(true);
    expect(isValidPhone('12 34')).toBe(false);
    expect(normaliseWebsite('https://exemple.fr/contact')).toBe('https://exemple.fr/contact');
    expect(normaliseWebsite('exemple.fr')).toBe('https://exemple.fr');
    expect(normaliseWebsite('localhost')).toBeNull();
    expect(normaliseWebsite('')).toBe('');
    expect(isValidIban('FR7630006000011234567890189')).toBe(true);
  });
});

describe('toCompanyInfo', () => {
  it('stores the insurance (printed on invoices) only when something is filled in', () => {
    const info = toCompanyInfo({
      ...valid,
      insuranceName: ' Assurance décennale ',
      insurer: 'MAAF Assurances',
      insurerAddress: '79036 Niort Cedex 9',
      insuranceCoverage: 'France métropolitaine',
    });
    expect(info.insurance).toEqual({
      name: 'Assurance décennale',
      insurer: 'MAAF Assurances',
      address: '79036 Niort Cedex 9',
      coverage: 'France métropolitaine',
    });
    expect(companyInfoSchema.parse(info)).toEqual(info);
    expect(toFormValues(info).insurer).toBe('MAAF Assurances');
    expect(toCompanyInfo(valid)).not.toHaveProperty('insurance');
  });

  it('normalises what is stored under companyInfo', () => {
    const info = toCompanyInfo(valid);
    expect(companyInfoSchema.parse(info)).toEqual(info);
    expect(info).toEqual({
      name: 'Plomberie Martin',
      address: '3 place du Marché, 33000 Bordeaux',
      phone: '05 56 12 34 56',
      email: 'contact@plomberie-martin.fr',
      website: 'https://www.plomberie-martin.fr',
      siret: '55208131700042',
      tva: 'FR03552081317',
      rib: { bank: 'Banque Populaire', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'CCBPFRPP' },
      logo: '',
      footer: 'Assurance décennale MAAF',
      // Issue 28: the VAT regime is always saved explicitly.
      vatRegime: 'assujetti',
      vatOnDebits: false,
      operationNature: 'services',
    });
    expect(toFormValues(info).bic).toBe('CCBPFRPP');
  });
});

describe('VAT regime and legal details (issue 28)', () => {
  it('refuses a SIRET or a VAT number whose key is wrong (domain checks), and saves the regime explicitly', () => {
    expect(validateCompanyForm({ ...valid, siret: '552 081 317 00046', tva: 'FR04552081317' })).toEqual({
      siret: "Le numéro SIRET n'est pas valide (14 chiffres, clé de contrôle incorrecte).",
      tva: "Le numéro de TVA intracommunautaire n'est pas valide (FR + 2 caractères + SIREN).",
    });
    const info = toCompanyInfo({
      ...valid,
      vatRegime: 'franchise',
      legalForm: ' EI ',
      registration: 'RM 33 552 081 317',
      operationNature: 'mixte',
    });
    expect(info).toMatchObject({
      vatRegime: 'franchise',
      legalForm: 'EI',
      registration: 'RM 33 552 081 317',
      operationNature: 'mixte',
    });
    expect(toFormValues(info)).toMatchObject({ vatRegime: 'franchise', operationNature: 'mixte', vatOnDebits: '' });
    // Never set: shown as assujetti (the domain's default), never guessed from an empty VAT number.
    expect(toFormValues(companyInfoSchema.parse({ tva: '' })).vatRegime).toBe('assujetti');
  });
});

describe('fitWithin', () => {
  it('shrinks to the longest side, keeping the ratio, never enlarging', () => {
    expect(fitWithin(1200, 600, 600)).toEqual({ width: 600, height: 300 });
    expect(fitWithin(300, 900, 600)).toEqual({ width: 200, height: 600 });
    expect(fitWithin(100, 50, 600)).toEqual({ width: 100, height: 50 });
  });
});
