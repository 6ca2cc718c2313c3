import { isDeadSessionError, mapAuthError } from './auth-errors';

describe('mapAuthError', () => {
  it.each([
    [{ code: 'invalid_credentials', message: 'Invalid login credentials' }, 'Email ou mot de passe incorrect.'],
    [{ message: 'Invalid login credentials' }, 'Email ou mot de passe incorrect.'],
    [{ code: 'user_already_exists' }, 'Un compte existe déjà avec cet email.'],
    [{ code: 'email_exists' }, 'Un compte existe déjà avec cet email.'],
    [
      { name: 'AuthRetryableFetchError', status: 0, message: '{}' },
      'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
    ],
    [new TypeError('Failed to fetch'), 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.'],
    [
      { code: 'weak_password', reasons: ['pwned'] },
      'Mot de passe trop faible : il figure dans une liste de mots de passe divulgués.',
    ],
    [
      { code: 'weak_password', weak_password: { reasons: [] } },
      'Mot de passe trop faible : il ne respecte pas les règles de sécurité.',
    ],
    [
      {
        name: 'AuthInvalidCredentialsError',
        message: 'You must provide either an email or phone number and a password',
      },
      'You must provide either an email or phone number and a password',
    ],
    [
      { status: 429, code: 'over_request_rate_limit' },
      'Trop de tentatives. Veuillez patienter quelques instants avant de réessayer.',
    ],
    [{ code: 'something_else' }, 'Une erreur est survenue'],
    [null, 'Une erreur est survenue'],
  ])('%j → %s', (error, expected) => {
    expect(mapAuthError(error)).toBe(expected);
  });
});

describe('isDeadSessionError', () => {
  it('recognises a missing session', () => {
    expect(isDeadSessionError({ code: 'session_not_found' })).toBe(true);
    expect(isDeadSessionError({ name: 'AuthSessionMissingError', message: 'Auth session missing!' })).toBe(true);
    expect(isDeadSessionError({ message: 'invalid claim: missing sub claim' })).toBe(true);
    expect(isDeadSessionError({ name: 'AuthRetryableFetchError', message: 'Failed to fetch' })).toBe(false);
  });
});
