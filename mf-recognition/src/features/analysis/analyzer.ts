// createAnalyzer: the AI provider when one is configured, the embedded provider otherwise and whenever the AI
// fails. An `ai_not_configured` answer is remembered for the life of the page: no request is wasted after it.
import type { Task } from '@atelier/domain';
import type { AiProvider, AiProviderOptions } from './ai/openai-provider';
import { EmbeddedProvider } from './embedded-provider';
import { AnalysisError, isAiNotConfigured } from './errors';
import { ANALYSIS_MESSAGES } from './messages';
import {
  dataUrlToBlob,
  type AnalysisResult,
  type ImageInput,
  type OcrFunction,
  type RecognitionProvider,
} from './provider';

export type CreateAnalyzerOptions = {
  /** False when the runtime knows no AI is configured: the embedded provider is used straight away. */
  aiAvailable?: boolean;
  /** `${supabaseUrl}/functions/v1`; the AI base URL is `${functionsUrl}/ai`. */
  functionsUrl?: string;
  getAccessToken?: AiProviderOptions['getAccessToken'];
  /** Alternative to functionsUrl/getAccessToken: the AI client settings in one object. */
  ai?: Partial<AiProviderOptions> & Pick<AiProviderOptions, 'getAccessToken'>;
  model?: string;
  anonKey?: string;
  /** OCR of an image (browser: recognizeImage from features/ocr/browser-ocr; Node: recognizeImageFile). */
  ocr?: OcrFunction;
  /** Same as `ocr`, for callers that only handle Blobs. */
  recognizeImage?: (image: Blob) => Promise<string>;
  /** Where the analyser logs why the AI was skipped; console.warn by default. */
  onAiFailure?: (error: AnalysisError) => void;
};

export type Analyzer = RecognitionProvider & {
  /** True while requests still go to the AI provider. */
  readonly aiEnabled: boolean;
};

export function createAnalyzer(options: CreateAnalyzerOptions = {}): Analyzer {
  const ocr: OcrFunction | undefined =
    options.ocr ??
    (options.recognizeImage
      ? (image: ImageInput) => options.recognizeImage!(typeof image === 'string' ? dataUrlToBlob(image) : image)
      : undefined);
  const embedded = new EmbeddedProvider(ocr);
  const ai = buildAiProvider(options);
  let aiEnabled = ai !== null && options.aiAvailable !== false;
  const report =
    options.onAiFailure ??
    ((error: AnalysisError) =>
      console.warn('[analysis] AI provider failed, embedded analysis used:', error.code, error.message));

  function disableIfNotConfigured(error: unknown): void {
    const cause = error instanceof AnalysisError ? (error.cause as { status?: unknown } | undefined) : undefined;
    // 404: no `ai` function deployed on this backend — as good as not configured.
    if (
      isAiNotConfigured(error) ||
      (error instanceof AnalysisError && error.code === 'ai_not_configured') ||
      cause?.status === 404
    )
      aiEnabled = false;
  }

  return {
    get aiEnabled() {
      return aiEnabled;
    },

    async analyzeText(text: string, catalogue: readonly Task[]): Promise<AnalysisResult> {
      if (!text.trim()) throw new AnalysisError('empty_text', ANALYSIS_MESSAGES.emptyText);
      if (ai && aiEnabled) {
        try {
          return await ai.analyzeText(text, catalogue);
        } catch (error) {
          disableIfNotConfigured(error);
          report(asAnalysisError(error));
        }
      }
      return embedded.analyzeText(text, catalogue);
    },

    async analyzeImage(image: ImageInput, catalogue: readonly Task[]): Promise<AnalysisResult> {
      if (!(ai && aiEnabled)) return embedded.analyzeImage(image, catalogue);
      try {
        return await ai.analyzeImage(image, catalogue);
      } catch (error) {
        disableIfNotConfigured(error);
        const aiError = asAnalysisError(error);
        if (!aiEnabled || !ocr) {
          if (aiEnabled) throw aiError;
          return embedded.analyzeImage(image, catalogue);
        }
        report(aiError);
        try {
          return await embedded.analyzeImage(image, catalogue);
        } catch {
          // The AI's reason (quota, network, no task) tells the user more than the fallback's.
          throw aiError;
        }
      }
    },
  };
}

type AiAnalyses = Pick<AiProvider, 'analyzeText' | 'analyzeImage'>;

/** The AI provider, its module (and the openai SDK) loaded on the first AI call only. */
function buildAiProvider(options: CreateAnalyzerOptions): AiAnalyses | null {
  const getAccessToken = options.ai?.getAccessToken ?? options.getAccessToken;
  const baseURL =
    options.ai?.baseURL ?? (options.functionsUrl ? `${options.functionsUrl.replace(/\/$/, '')}/ai` : undefined);
  if (!getAccessToken || !baseURL) return null;
  const settings: AiProviderOptions = {
    ...options.ai,
    baseURL,
    getAccessToken,
    model: options.ai?.model ?? options.model,
    anonKey: options.ai?.anonKey ?? options.anonKey,
  };
  let provider: Promise<AiProvider> | null = null;
  const load = () =>
    (provider ??= import(/* webpackChunkName: "ai-provider" */ './ai/openai-provider').then(
      (m) => new m.AiProvider(settings),
    ));
  return {
    analyzeText: async (text, catalogue) => (await load()).analyzeText(text, catalogue),
    analyzeImage: async (image, catalogue) => (await load()).analyzeImage(image, catalogue),
  };
}

function asAnalysisError(error: unknown): AnalysisError {
  return error instanceof AnalysisError
    ? error
    : new AnalysisError('unknown', ANALYSIS_MESSAGES.unknown, { cause: error });
}
