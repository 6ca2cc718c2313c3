import { AnalysisError, isAiNotConfigured, toAnalysisError } from './errors';

describe('toAnalysisError — SPEC §8 image-flow messages, provider « OpenAI »', () => {
  it.each([
    [
      { status: 429, error: { code: 'rate_limit_exceeded' } },
      'rate_limit',
      'Limite de requêtes atteinte. Veuillez patienter quelques instants avant de réessayer.',
    ],
    [{ status: 429, code: 'insufficient_quota' }, 'quota', 'Quota OpenAI épuisé. Veuillez réessayer plus tard.'],
    [
      { status: 429, error: { type: 'insufficient_quota' } },
      'quota',
      'Quota OpenAI épuisé. Veuillez réessayer plus tard.',
    ],
    [
      { status: 401, error: { code: 'invalid_api_key' } },
      'invalid_key',
      'Clé API OpenAI invalide. Veuillez contacter le support.',
    ],
    [
      { name: 'APIConnectionError', message: 'Connection error.' },
      'network',
      'Problème de connexion. Vérifiez votre connexion internet.',
    ],
    [new TypeError('Failed to fetch'), 'network', 'Problème de connexion. Vérifiez votre connexion internet.'],
    [
      { status: 502, error: { code: 'ai_unreachable', message: 'AI provider unreachable' } },
      'network',
      'Problème de connexion. Vérifiez votre connexion internet.',
    ],
    [
      { status: 400, error: { message: 'Invalid image.' } },
      'other',
      "Erreur lors de l'analyse de l'image: Invalid image.",
    ],
    [{ status: 500 }, 'other', "Erreur lors de l'analyse de l'image: HTTP 500."],
    [undefined, 'unknown', "Erreur inattendue lors de l'analyse de l'image."],
    [{}, 'unknown', "Erreur inattendue lors de l'analyse de l'image."],
  ])('%j → %s', (error, code, message) => {
    const mapped = toAnalysisError(error);
    expect(mapped).toBeInstanceOf(AnalysisError);
    expect(mapped).toMatchObject({ code, message, userMessage: message, name: 'AnalysisError' });
  });

  it('recognises the ai function’s « not configured » answer', () => {
    expect(isAiNotConfigured({ status: 503, error: { code: 'ai_not_configured' } })).toBe(true);
    expect(isAiNotConfigured({ status: 503, code: 'ai_not_configured' })).toBe(true);
    expect(isAiNotConfigured({ status: 503 })).toBe(false);
  });
});
