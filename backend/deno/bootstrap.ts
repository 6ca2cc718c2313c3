// Runs one Supabase Edge Function under Deno for the local backend (backend/src/functions/runtime.ts).
// Hosted functions call `Deno.serve(handler)` and let the platform pick the address; here every serve call
// listens on an ephemeral loopback port, announced on stdout for the backend's proxy. `EdgeRuntime.waitUntil`
// (used by webhooks to finish work after replying) gets a local stand-in.
const entry = Deno.args[0];
if (!entry) throw new Error('usage: bootstrap.ts <function entry URL>');

type ServeHandler = (request: Request, info: unknown) => Response | Promise<Response>;
type ServeOptions = Record<string, unknown> & { handler?: ServeHandler };

const originalServe = Deno.serve.bind(Deno) as (options: ServeOptions, handler?: ServeHandler) => unknown;

(Deno as unknown as { serve: unknown }).serve = (first: ServeOptions | ServeHandler, second?: ServeHandler) => {
  const options: ServeOptions = typeof first === 'function' ? {} : { ...first };
  const handler = typeof first === 'function' ? first : (second ?? options.handler);
  delete options.handler;
  return originalServe(
    {
      ...options,
      port: 0,
      hostname: '127.0.0.1',
      onListen: ({ port }: { port: number }) => console.log(`__ATELIER_FUNCTION_LISTENING__ ${port}`),
    },
    handler,
  );
};

(globalThis as unknown as { EdgeRuntime: unknown }).EdgeRuntime = {
  waitUntil(promise: Promise<unknown>) {
    Promise.resolve(promise).catch((error) => console.error('waitUntil task failed:', error));
  },
};

// The backend keeps our stdin open while it lives: its end (the backend stopped or was killed, even with kill -9)
// ends this worker, so none outlives it holding a port.
void (async () => {
  const buffer = new Uint8Array(256);
  try {
    while ((await Deno.stdin.read(buffer)) !== null) {
      // nothing is ever written; keep reading until the end of file
    }
  } catch {
    // stdin closed abruptly: same thing
  }
  Deno.exit(0);
})();

await import(entry);
