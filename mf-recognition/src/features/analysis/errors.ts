// Analysis errors carry the French message the panels show as is (name 'AnalysisError', see use-analysis-run).
import { ANALYSIS_MESSAGES, PROVIDER_NAME } from './messages';

export type AnalysisErrorCode =
  | 'empty_text'
  | 'no_tasks'
  | 'no_valid_tasks'
  | 'rate_limit'
  | 'invalid_key'
  | 'quota'
  | 'network'
  | 'ai_not_configured'
  | 'other'
  | 'unknown';

export class AnalysisError extends Error {
  override readonly name = 'AnalysisError';
  readonly userMessage: string;
  constructor(
    readonly code: AnalysisErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.userMessage = message;
  }
}

type ProviderErrorShape = {
  status?: unknown;
  code?: unknown;
  type?: unknown;
  error?: { code?: unknown; type?: unknown; message?: unknown } | null;
  message?: unknown;
  name?: unknown;
};

/** True when the `ai` function says no provider is configured (503 {error:{code:'ai_not_configured'}}). */
export function isAiNotConfigured(error: unknown): boolean {
  const e = (error ?? {}) as ProviderErrorShape;
  return (
    e.code === 'ai_not_configured' ||
    e.error?.code === 'ai_not_configured' ||
    (typeof e.message === 'string' && e.message.includes('ai_not_configured'))
  );
}

/**
 * Maps an error of the OpenAI SDK (or of fetch) to the spec's message. Works on status/code fields rather than
 * class names, which minifiers mangle (reference/recognition.md §5).
 */
export function toAnalysisError(error: unknown, provider = PROVIDER_NAME): AnalysisError {
  if (error instanceof AnalysisError) return error;
  const e = (error ?? {}) as ProviderErrorShape;
  const status = typeof e.status === 'number' ? e.status : undefined;
  const code = String(e.code ?? e.error?.code ?? '');
  const type = String(e.type ?? e.error?.type ?? '');
  const cause = { cause: error };
  if (isAiNotConfigured(error)) return new AnalysisError('ai_not_configured', ANALYSIS_MESSAGES.unknown, cause);
  if (status === 429 && (code === 'insufficient_quota' || type === 'insufficient_quota')) {
    return new AnalysisError('quota', ANALYSIS_MESSAGES.quota(provider), cause);
  }
  if (status === 429) return new AnalysisError('rate_limit', ANALYSIS_MESSAGES.rateLimit, cause);
  if (status === 401 || code === 'invalid_api_key')
    return new AnalysisError('invalid_key', ANALYSIS_MESSAGES.invalidKey(provider), cause);
  // The `ai` function could not reach the provider: a connection problem for the user.
  if (code === 'ai_unreachable') return new AnalysisError('network', ANALYSIS_MESSAGES.network, cause);
  const name = String(e.name ?? '');
  if (
    status === undefined &&
    (name === 'APIConnectionError' ||
      name === 'APIConnectionTimeoutError' ||
      name === 'TypeError' ||
      /connection|network|fetch|timed? ?out/i.test(String(e.message ?? '')))
  ) {
    return new AnalysisError('network', ANALYSIS_MESSAGES.network, cause);
  }
  if (status !== undefined || (typeof e.message === 'string' && e.message.length > 0)) {
    const detail = providerDetail(e) ?? `HTTP ${status}`;
    return new AnalysisError('other', ANALYSIS_MESSAGES.other(detail), cause);
  }
  return new AnalysisError('unknown', ANALYSIS_MESSAGES.unknown, cause);
}

function providerDetail(e: ProviderErrorShape): string | undefined {
  const inner = e.error?.message;
  const text = typeof inner === 'string' && inner ? inner : typeof e.message === 'string' ? e.message : undefined;
  return text?.replace(/[.\s]+$/, '');
}
