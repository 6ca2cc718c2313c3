// GET /functions/v1/webhook-test — a liveness probe for the functions runtime; the gateway wants a valid JWT (the
// anon key is enough, verify_jwt in supabase/config.toml), the function itself checks nothing more.
import { json, preflight } from '../_shared/cors.ts';

Deno.serve((req: Request) => {
  if (req.method === 'OPTIONS') return preflight(req);
  if (req.method !== 'GET') return json(405, { ok: false, error: 'Method not allowed' });
  return json(200, { ok: true, message: 'Webhook test endpoint', timestamp: new Date().toISOString() });
});
