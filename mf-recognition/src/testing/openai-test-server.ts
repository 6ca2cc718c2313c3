// A tiny OpenAI-compatible server for tests: answers POST …/chat/completions with scripted replies (content,
// error statuses, cut connections) and records every request. Node only (node:http).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ScriptedReply =
  { content: string } | { status: number; body?: unknown; headers?: Record<string, string> } | { cut: true };

export type RecordedRequest = {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | null;
};

export type OpenAiTestServer = {
  /** Base URL to give the SDK, shaped like the `ai` function: http://127.0.0.1:PORT/functions/v1/ai */
  baseURL: string;
  /** http://127.0.0.1:PORT/functions/v1 */
  functionsUrl: string;
  requests: RecordedRequest[];
  /** Replies for the next requests, in order. When the script is empty, `fallback` answers. */
  script(...replies: ScriptedReply[]): void;
  fallback: ScriptedReply;
  close(): Promise<void>;
};

/** The replies of the spec's error cases, as OpenAI sends them. */
export const OPENAI_ERRORS = {
  rateLimit: {
    status: 429,
    body: { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } },
    headers: { 'retry-after-ms': '1' },
  },
  insufficientQuota: {
    status: 429,
    body: {
      error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' },
    },
  },
  invalidKey: {
    status: 401,
    body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } },
  },
  serverError: {
    status: 500,
    body: {
      error: { message: 'The server had an error while processing your request', type: 'server_error', code: null },
    },
  },
  aiNotConfigured: {
    status: 503,
    body: { error: { code: 'ai_not_configured', message: "Aucun fournisseur d'IA n'est configuré" } },
  },
} as const satisfies Record<string, ScriptedReply>;

export async function startOpenAiTestServer(): Promise<OpenAiTestServer> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const state = { fallback: { status: 500, body: { error: { message: 'no scripted reply' } } } as ScriptedReply };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'authorization, content-type, apikey',
        'access-control-allow-methods': 'POST, OPTIONS',
      };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors).end();
        return;
      }
      let body: Record<string, unknown> | null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        body = null;
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res
          .writeHead(404, { 'content-type': 'application/json', ...cors })
          .end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const reply = queue.shift() ?? state.fallback;
      if ('cut' in reply) {
        req.socket.destroy();
        return;
      }
      if ('content' in reply) {
        const completion = {
          id: `chatcmpl-test-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: String(body?.model ?? 'test-model'),
          choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        };
        res.writeHead(200, { 'content-type': 'application/json', ...cors }).end(JSON.stringify(completion));
        return;
      }
      res
        .writeHead(reply.status, {
          'content-type': 'application/json',
          'x-should-retry': 'false',
          ...cors,
          ...reply.headers,
        })
        .end(JSON.stringify(reply.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const functionsUrl = `http://127.0.0.1:${port}/functions/v1`;
  return {
    baseURL: `${functionsUrl}/ai`,
    functionsUrl,
    requests,
    script: (...replies) => queue.push(...replies),
    get fallback() {
      return state.fallback;
    },
    set fallback(reply: ScriptedReply) {
      state.fallback = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
