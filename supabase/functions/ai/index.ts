// POST /functions/v1/ai/chat/completions — an OpenAI-compatible proxy. The browser speaks the chat-completions
// protocol with the user's access token as its key; this function checks that token with GoTrue, then forwards
// the body to `${AI_BASE_URL}/chat/completions` with the server's AI_API_KEY (which never reaches the browser),
// streaming the provider's status and body back. Without AI_BASE_URL it answers 503 ai_not_configured and the
// browser uses its embedded analyser.
import { corsHeaders, json, preflight } from '../_shared/cors.ts';

const SUPABASE_URL = Deno.env.get('SUPABASE_URL') ?? '';
const SUPABASE_ANON_KEY = Deno.env.get('SUPABASE_ANON_KEY') ?? '';

function notConfigured(): Response {
  return json(503, { error: { code: 'ai_not_configured', message: 'AI provider not configured' } });
}

function unauthorized(message: string): Response {
  return json(401, { error: { code: 'unauthorized', message } });
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

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return preflight(req);
  const path = new URL(req.url).pathname.replace(/^\/ai/, '');
  if (path !== '/chat/completions') return json(404, { error: { code: 'not_found', message: 'Unknown AI endpoint' } });
  if (req.method !== 'POST') return json(405, { error: { code: 'method_not_allowed', message: 'Use POST' } });

  const user = await authenticatedUser(req);
  if (!user) return unauthorized('A signed-in user is required');

  const baseUrl = (Deno.env.get('AI_BASE_URL') ?? '').replace(/\/+$/, '');
  if (!baseUrl) return notConfigured();

  let upstream: Response;
  try {
    upstream = await fetch(`${baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'Content-Type': req.headers.get('Content-Type') ?? 'application/json',
        Accept: req.headers.get('Accept') ?? 'application/json',
        Authorization: `Bearer ${Deno.env.get('AI_API_KEY') ?? ''}`,
      },
      body: req.body,
    });
  } catch (error) {
    console.error('AI provider unreachable:', error);
    return json(502, { error: { code: 'ai_unreachable', message: 'AI provider unreachable' } });
  }
  const headers = new Headers(corsHeaders);
  for (const name of ['content-type', 'x-request-id', 'openai-processing-ms']) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers });
});
