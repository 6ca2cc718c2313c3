import type { Task } from '@atelier/domain';
import { OPENAI_ERRORS, startOpenAiTestServer, type OpenAiTestServer } from '../../../testing/openai-test-server';
import { createAnalyzer } from '../analyzer';
import { AnalysisError } from '../errors';
import { ANALYSIS_MESSAGES } from '../messages';
import { AiProvider } from './openai-provider';

const catalogue: Task[] = [
  { name: 'Peinture murs', unit: 'm2', price: 25 },
  { name: 'Sous-couche d’impression', unit: 'm2', price: 8 },
  { name: 'Préparation des murs', unit: 'm2', price: 15 },
  { name: 'Pose de carrelage sol', unit: 'm2', price: 45 },
  { name: 'Dépose de carrelage', unit: 'm2', price: 18 },
  { name: 'Installation prise électrique', unit: 'unité', price: 65 },
  { name: 'Évacuation des gravats', unit: 'forfait', price: 350 },
];

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let server: OpenAiTestServer;
beforeAll(async () => {
  server = await startOpenAiTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const provider = () =>
  new AiProvider({ baseURL: server.baseURL, getAccessToken: () => 'user-jwt', maxRetries: 0, model: 'test-vision' });
const reply = (value: unknown) => ({ content: JSON.stringify(value) });

describe('AI provider — text', () => {
  it('sends the spec parameters with the user token and reads a fenced reply with trailing commas', async () => {
    server.script({
      content:
        'Voici le devis :\n```json\n{"projectTitle": "peinture salon", "tasks": [{"name": "peinture des murs", "quantity": "vingt", "unit": "m²"}, {"name": "prises", "quantity": 2.4,},], "client": {"name": "M. Dupont", "phone": "+33 6 12 34 56 78", "email": "Jean.Dupont@Gmail.com"}}\n```',
    });
    const result = await provider().analyzeText('vingt mètres carrés de peinture et deux prises', catalogue);
    expect(result).toEqual({
      provider: 'ai',
      projectTitle: 'Travaux Peinture Salon',
      tasks: [
        { name: 'Peinture murs', quantity: 20, unit: 'm2' },
        { name: 'Installation prise électrique', quantity: 2, unit: 'unité' },
      ],
      client: { name: 'Dupont', phone: '06 12 34 56 78', email: 'jean.dupont@gmail.com' },
    });
    const [request] = server.requests;
    expect(request?.url).toBe('/functions/v1/ai/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer user-jwt');
    expect(Object.keys(request?.headers ?? {}).filter((h) => h.startsWith('x-stainless'))).toEqual([]);
    expect(request?.body).toMatchObject({
      model: 'test-vision',
      temperature: 0.2,
      max_tokens: 3000,
      response_format: { type: 'json_object' },
    });
    const messages = request?.body?.messages as Array<{ role: string; content: string }>;
    expect(messages[0]?.content).toContain('- Pose de carrelage sol (m2)');
    expect(messages[1]?.content).toContain('vingt mètres carrés de peinture');
  });
});

describe('AI provider — image', () => {
  it('sends the image at high detail and re-analyses at 0.3 when fewer than 2 tasks come back', async () => {
    server.script(
      reply({ projectTitle: '', tasks: [{ name: 'Carrelage sol', quantity: 20, unit: 'm2' }] }),
      reply({
        tasks: [
          { name: 'Pose de carrelage sol', quantity: 20 },
          { name: 'Dépose carrelage', quantity: 20 },
        ],
      }),
    );
    const result = await provider().analyzeImage(PIXEL, catalogue);
    expect(result.tasks).toEqual([
      { name: 'Pose de carrelage sol', quantity: 20, unit: 'm2' },
      { name: 'Dépose de carrelage', quantity: 20, unit: 'm2' },
    ]);
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect(first?.body).toMatchObject({ temperature: 0.2, max_tokens: 4000, response_format: { type: 'json_object' } });
    const content = (first?.body?.messages as Array<{ content: unknown }>)[1]?.content as Array<
      Record<string, unknown>
    >;
    expect(content[1]).toEqual({ type: 'image_url', image_url: { url: PIXEL, detail: 'high' } });
    expect(second?.body).toMatchObject({ temperature: 0.3, max_tokens: 4000 });
  });

  it('adds complementary catalogue tasks at 0.8 × the quantity when the re-analysis adds nothing', async () => {
    server.script(
      reply({ tasks: [{ name: 'Peinture murs', quantity: 40, unit: 'm2' }] }),
      reply({ tasks: [{ name: 'Peinture murs', quantity: 40 }] }),
    );
    const result = await provider().analyzeImage(PIXEL, catalogue);
    expect(result.tasks).toEqual([
      { name: 'Peinture murs', quantity: 40, unit: 'm2' },
      { name: 'Préparation des murs', quantity: 32, unit: 'm2' },
      { name: 'Sous-couche d’impression', quantity: 32, unit: 'm2' },
    ]);
  });

  it('adds complementary tasks when the re-analysis fails', async () => {
    server.script(reply({ tasks: [{ name: 'dépose du carrelage', quantity: 10 }] }), OPENAI_ERRORS.serverError);
    const result = await provider().analyzeImage(PIXEL, catalogue);
    // The companion is sold per forfait, not per m²: one forfait rather than 0.8 × 10.
    expect(result.tasks).toEqual([
      { name: 'Dépose de carrelage', quantity: 10, unit: 'm2' },
      { name: 'Évacuation des gravats', quantity: 1, unit: 'forfait' },
    ]);
  });

  it('says no task was detected when neither analysis returns any, and no valid task when none is in the catalogue', async () => {
    server.script(reply({ tasks: [] }), reply({ tasks: [] }));
    await expect(provider().analyzeImage(PIXEL, catalogue)).rejects.toThrow(ANALYSIS_MESSAGES.noTasksInImage);
    server.script(
      reply({ tasks: [{ name: 'Pose de cuisine équipée', quantity: 1 }] }),
      reply({ tasks: [{ name: 'Climatisation', quantity: 1 }] }),
    );
    await expect(provider().analyzeImage(PIXEL, catalogue)).rejects.toThrow(ANALYSIS_MESSAGES.noValidTasks);
  });
});

describe('AI provider — errors mapped to the spec messages', () => {
  it.each([
    [
      'rate limit',
      OPENAI_ERRORS.rateLimit,
      'rate_limit',
      'Limite de requêtes atteinte. Veuillez patienter quelques instants avant de réessayer.',
    ],
    ['quota', OPENAI_ERRORS.insufficientQuota, 'quota', 'Quota OpenAI épuisé. Veuillez réessayer plus tard.'],
    ['invalid key', OPENAI_ERRORS.invalidKey, 'invalid_key', 'Clé API OpenAI invalide. Veuillez contacter le support.'],
    [
      'server error',
      OPENAI_ERRORS.serverError,
      'other',
      "Erreur lors de l'analyse de l'image: The server had an error while processing your request.",
    ],
    ['connection cut', { cut: true } as const, 'network', 'Problème de connexion. Vérifiez votre connexion internet.'],
  ])('%s', async (_label, scripted, code, message) => {
    server.script(scripted);
    const error = await provider()
      .analyzeImage(PIXEL, catalogue)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalysisError);
    expect(error).toMatchObject({ code, message, name: 'AnalysisError', userMessage: message });
  });
});

describe('createAnalyzer', () => {
  it('falls back to the embedded extractor on ai_not_configured and stops asking the AI', async () => {
    const analyzer = createAnalyzer({
      functionsUrl: server.functionsUrl,
      getAccessToken: () => 'jwt',
      ai: { getAccessToken: () => 'jwt', maxRetries: 0 },
      onAiFailure: () => {},
    });
    server.script(OPENAI_ERRORS.aiNotConfigured);
    const first = await analyzer.analyzeText('vingt-cinq mètres carrés de peinture', catalogue);
    expect(first).toMatchObject({ provider: 'embedded', tasks: [{ name: 'Peinture murs', quantity: 25, unit: 'm2' }] });
    expect(analyzer.aiEnabled).toBe(false);
    await analyzer.analyzeText('deux prises', catalogue);
    expect(server.requests).toHaveLength(1);
  });

  it('stops asking when the backend has no `ai` function (404)', async () => {
    const analyzer = createAnalyzer({
      functionsUrl: server.functionsUrl,
      getAccessToken: () => 'jwt',
      ai: { getAccessToken: () => 'jwt', maxRetries: 0 },
      onAiFailure: () => {},
    });
    server.script({ status: 404, body: { error: { message: 'Function not found' } } });
    await expect(analyzer.analyzeText('deux prises', catalogue)).resolves.toMatchObject({ provider: 'embedded' });
    expect(analyzer.aiEnabled).toBe(false);
  });

  it('falls back to the embedded extractor when the AI text analysis fails, and keeps the AI for next time', async () => {
    const analyzer = createAnalyzer({
      functionsUrl: server.functionsUrl,
      getAccessToken: () => 'jwt',
      ai: { getAccessToken: () => 'jwt', maxRetries: 0 },
      onAiFailure: () => {},
    });
    server.script(OPENAI_ERRORS.serverError);
    const result = await analyzer.analyzeText('deux prises électriques', catalogue);
    expect(result).toMatchObject({
      provider: 'embedded',
      tasks: [{ name: 'Installation prise électrique', quantity: 2 }],
    });
    expect(analyzer.aiEnabled).toBe(true);
  });

  it('uses the OCR fallback when the AI image analysis fails, and reports the AI error when the fallback fails too', async () => {
    const ocr = jest.fn(async () => 'Peinture murs 30 m2');
    const analyzer = createAnalyzer({
      functionsUrl: server.functionsUrl,
      getAccessToken: () => 'jwt',
      ai: { getAccessToken: () => 'jwt', maxRetries: 0 },
      ocr,
      onAiFailure: () => {},
    });
    server.script(OPENAI_ERRORS.rateLimit);
    await expect(analyzer.analyzeImage(PIXEL, catalogue)).resolves.toMatchObject({
      provider: 'embedded',
      tasks: [{ name: 'Peinture murs', quantity: 30 }],
    });
    ocr.mockRejectedValueOnce(new Error('worker crashed'));
    server.script(OPENAI_ERRORS.insufficientQuota);
    await expect(analyzer.analyzeImage(PIXEL, catalogue)).rejects.toThrow(
      'Quota OpenAI épuisé. Veuillez réessayer plus tard.',
    );
  });

  it('refuses empty text before calling anyone', async () => {
    const analyzer = createAnalyzer({ functionsUrl: server.functionsUrl, getAccessToken: () => 'jwt' });
    await expect(analyzer.analyzeText('   ', catalogue)).rejects.toThrow('Aucun texte fourni');
    expect(server.requests).toHaveLength(0);
  });

  it('uses the embedded provider only when no AI is available', async () => {
    const analyzer = createAnalyzer({
      aiAvailable: false,
      functionsUrl: server.functionsUrl,
      getAccessToken: () => 'jwt',
      ocr: async () => '',
    });
    await expect(analyzer.analyzeImage(PIXEL, catalogue)).rejects.toThrow(ANALYSIS_MESSAGES.noTasksInImage);
    expect(server.requests).toHaveLength(0);
  });
});
