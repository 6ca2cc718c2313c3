// CORS of Supabase's Edge Function examples: browsers call functions from the app's origin with a bearer token
// (no cookies), so any origin may call; a preflight gets back the headers it asks for (the OpenAI SDK adds its
// own) on top of the ones supabase-js sends.
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, x-supabase-api-version, x-region',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
};

export function preflight(req: Request): Response {
  const requested = (req.headers.get('Access-Control-Request-Headers') ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => /^[a-z0-9-]+$/.test(h));
  const allowed = new Set([...corsHeaders['Access-Control-Allow-Headers']!.split(', '), ...requested]);
  return new Response('ok', {
    headers: {
      ...corsHeaders,
      'Access-Control-Allow-Headers': [...allowed].join(', '),
      'Access-Control-Max-Age': '86400',
    },
  });
}

export function json(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...extra },
  });
}
