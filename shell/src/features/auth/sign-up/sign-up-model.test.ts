import { EMPTY_DRAFT, finalButtonLabel, validateStep } from './sign-up-model';

describe('validateStep', () => {
  it('step 1 needs email, password and a matching confirmation', () => {
    expect(validateStep(1, EMPTY_DRAFT)).toEqual({
      email: 'Ce champ est requis.',
      password: 'Ce champ est requis.',
      confirmPassword: 'Ce champ est requis.',
    });
    expect(validateStep(1, { ...EMPTY_DRAFT, email: 'marie', password: 'a', confirmPassword: 'a' })).toEqual({
      email: 'Adresse email invalide.',
    });
    expect(validateStep(1, { ...EMPTY_DRAFT, email: 'm@x.fr', password: 'a', confirmPassword: 'b' })).toEqual({
      confirmPassword: 'Les mots de passe ne correspondent pas.',
    });
    expect(validateStep(1, { ...EMPTY_DRAFT, email: 'm@x.fr', password: 'a', confirmPassword: 'a' })).toEqual({});
  });

  it('step 2 needs all four fields', () => {
    expect(Object.keys(validateStep(2, { ...EMPTY_DRAFT, companyName: '  ' }))).toEqual([
      'companyName',
      'firstName',
      'lastName',
      'phone',
    ]);
  });

  it('step 3 accepts an empty SIRET but not a malformed one', () => {
    expect(validateStep(3, EMPTY_DRAFT)).toEqual({});
    expect(validateStep(3, { ...EMPTY_DRAFT, siret: '123 456 789 00012' })).toEqual({});
    expect(validateStep(3, { ...EMPTY_DRAFT, siret: '1234' })).toEqual({
      siret: 'Le SIRET doit comporter 14 chiffres.',
    });
  });

  it('step 4 needs a plan', () => {
    expect(validateStep(4, EMPTY_DRAFT)).toEqual({ plan: 'Veuillez sélectionner un plan' });
    expect(validateStep(4, { ...EMPTY_DRAFT, plan: 'free' })).toEqual({});
  });
});

it('labels the final button by plan', () => {
  expect(finalButtonLabel('free')).toBe("S'inscrire");
  expect(finalButtonLabel(null)).toBe("S'inscrire");
  expect(finalButtonLabel('pro')).toBe('Continuer vers le paiement');
  expect(finalButtonLabel('enterprise')).toBe('Continuer vers le paiement');
});
