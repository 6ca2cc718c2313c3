// POST /functions/v1/ai/chat/completions — an OpenAI-compatible proxy. The browser speaks the chat-completions
// protocol with the user's access token as its key; this function checks that token with GoTrue (which checks
// the session), then forwards the body to `${AI_BASE_URL}/chat/completions` with the server's AI_API_KEY (which
// never reaches the browser), streaming the provider's status and body back. Without AI_BASE_URL it answers 503
// ai_not_configured and the browser uses its embedded analyser.
//
// Limits (issue 9), all from the environment:
// - paid plans only: public.current_plan(user) <> 'free' (403 plan_required), checked with the service key
//   through public.ai_admit, which also counts the request against AI_DAILY_REQUESTS per user and Paris day
//   (default 200; 429 daily_budget_exceeded);
// - `model` must be one of AI_ALLOWED_MODELS (comma list; default AI_MODEL or gpt-4o-mini; 400 model_not_allowed);
//   absent = the first allowed model;
// - max_tokens / max_completion_tokens capped at AI_MAX_TOKENS (default 4096; absent = the cap);
// - JSON bodies only (415), at most AI_MAX_BODY_BYTES (default 29 MiB: the largest legitimate request is one
//   20 MiB photo as a base64 data URL, 27.97 MB, plus the prompt; 413 above).
import { readBody } from '../_shared/bytes.ts';
import { corsHeaders, json, preflight } from '../_shared/cors.ts';

const SUPABASE_URL = Deno.env.get('SUPABASE_URL') ?? '';
const SUPABASE_ANON_KEY = Deno.env.get('SUPABASE_ANON_KEY') ?? '';
const SUPABASE_SERVICE_ROLE_KEY = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';

const positive = (name: string, fallback: number): number => {
  const value = Number(Deno.env.get(name));
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
};
const MAX_BODY_BYTES = positive('AI_MAX_BODY_BYTES', 29 * 1024 * 1024);
const MAX_TOKENS = positive('AI_MAX_TOKENS', 4096);
const DAILY_REQUESTS = positive('AI_DAILY_REQUESTS', 200);
const ALLOWED_MODELS = (Deno.env.get('AI_ALLOWED_MODELS') || Deno.env.get('AI_MODEL') || 'gpt-4o-mini')
  .split(',')
  .map((m) => m.trim())
  .filter(Boolean);

function fail(status: number, code: string, message: string): Response {
  return json(status, { error: { code, message } });
}

/** The signed-in user behind the bearer token, or null (anon key, expired or revoked session). */
async function authenticatedUser(req: Request): Promise<{ id: string } | null> {
  const header = req.headers.get('Authorization') ?? '';
  const token = header.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (!token || token === SUPABASE_ANON_KEY) return null;
  const res = await fetch(`${SUPABASE_URL}/auth/v1/user`, {
    headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${token}` },
  });
  if (!res.ok) {
    await res.body?.cancel();
    return null;
  }
  const user = (await res.json()) as { id?: unknown };
  return typeof user.id === 'string' ? { id: user.id } : null;
}

/** Paid plan and daily budget, counted atomically in the database (service role). */
async function admit(userId: string): Promise<{ allowed: boolean; reason?: string }> {
  const res = await fetch(`${SUPABASE_URL}/rest/v1/rpc/ai_admit`, {
    method: 'POST',
    headers: {
      apikey: SUPABASE_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${SUPABASE_SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ p_user_id: userId, p_daily_limit: DAILY_REQUESTS }),
  });
  if (!res.ok) {
    console.error('ai_admit failed:', res.status, await res.text());
    return { allowed: false, reason: 'unavailable' };
  }
  return (await res.json()) as { allowed: boolean; reason?: string };
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return preflight(req);
  const path = new URL(req.url).pathname.replace(/^\/ai/, '');
  if (path !== '/chat/completions') return fail(404, 'not_found', 'Unknown AI endpoint');
  if (req.method !== 'POST') return fail(405, 'method_not_allowed', 'Use POST');

  const user = await authenticatedUser(req);
  if (!user) return fail(401, 'unauthorized', 'A signed-in user is required');

  const baseUrl = (Deno.env.get('AI_BASE_URL') ?? '').replace(/\/+$/, '');
  if (!baseUrl) return fail(503, 'ai_not_configured', 'AI provider not configured');

  const contentType = (req.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType !== 'application/json') return fail(415, 'unsupported_media_type', 'JSON bodies only');
  if (Number(req.headers.get('Content-Length') ?? 0) > MAX_BODY_BYTES) {
    return fail(413, 'payload_too_large', `Request body exceeds ${MAX_BODY_BYTES} bytes`);
  }
  const text = await readBody(req, MAX_BODY_BYTES);
  if (text === null) return fail(413, 'payload_too_large', `Request body exceeds ${MAX_BODY_BYTES} bytes`);
  let body: Record<string, unknown>;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    body = parsed as Record<string, unknown>;
  } catch {
    return fail(400, 'invalid_json', 'The body must be a JSON object');
  }
  const model = body.model ?? ALLOWED_MODELS[0];
  if (typeof model !== 'string' || !ALLOWED_MODELS.includes(model)) {
    return fail(400, 'model_not_allowed', `Allowed models: ${ALLOWED_MODELS.join(', ')}`);
  }
  body.model = model;
  for (const key of ['max_tokens', 'max_completion_tokens']) {
    const value = body[key];
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || value < 1)) {
      return fail(400, 'invalid_max_tokens', `${key} must be a positive number`);
    }
  }
  if (body.max_completion_tokens !== undefined) {
    body.max_completion_tokens = Math.min(body.max_completion_tokens as number, MAX_TOKENS);
  } else {
    body.max_tokens = Math.min((body.max_tokens as number | undefined) ?? MAX_TOKENS, MAX_TOKENS);
  }

  const admission = await admit(user.id);
  if (!admission.allowed) {
    if (admission.reason === 'plan_required') return fail(403, 'plan_required', 'A paid plan is required');
    if (admission.reason === 'daily_budget') {
      return fail(429, 'daily_budget_exceeded', `Daily AI budget reached (${DAILY_REQUESTS} requests)`);
    }
    return fail(503, 'ai_unavailable', 'AI temporarily unavailable');
  }

  let upstream: Response;
  try {
    upstream = await fetch(`${baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: req.headers.get('Accept') ?? 'application/json',
        Authorization: `Bearer ${Deno.env.get('AI_API_KEY') ?? ''}`,
      },
      body: JSON.stringify(body),
    });
  } catch (error) {
    console.error('AI provider unreachable:', error);
    return fail(502, 'ai_unreachable', 'AI provider unreachable');
  }
  const headers = new Headers(corsHeaders);
  for (const name of ['content-type', 'x-request-id', 'openai-processing-ms']) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers });
});
