// The AI provider: the openai SDK (v6) speaking chat-completions to the `ai` Edge Function, which holds the
// real key and forwards to any OpenAI-compatible server (DESIGN.md §5–6). The user's access token is the key.
import type { Task } from '@atelier/domain';
import OpenAI from 'openai';
import { AnalysisError, toAnalysisError } from '../errors';
import { ANALYSIS_MESSAGES } from '../messages';
import { postProcess, type RawExtraction } from '../model/post-process';
import { imageToDataUrl, type AnalysisResult, type ImageInput } from '../provider';
import { complementaryTasks } from './complementary';
import { parseReply } from './parse-reply';
import { IMAGE_INSTRUCTION, IMAGE_RETRY_INSTRUCTION, systemPrompt, textInstruction } from './prompts';

export const DEFAULT_MODEL = 'gpt-4o-mini';
export const IMAGE_MAX_TOKENS = 4000;
export const TEXT_MAX_TOKENS = 3000;
export const FIRST_TEMPERATURE = 0.2;
export const RETRY_TEMPERATURE = 0.3;
export const MIN_IMAGE_TASKS = 2;

export type AiProviderOptions = {
  /** `${supabaseUrl}/functions/v1/ai` (or any OpenAI-compatible base URL). */
  baseURL: string;
  getAccessToken: () => Promise<string | null | undefined> | string | null | undefined;
  model?: string;
  /** Supabase anon key, sent as `apikey` when the gateway wants it. */
  anonKey?: string;
  timeoutMs?: number;
  maxRetries?: number;
};

// The SDK's x-stainless-* headers are not in most CORS allow-lists: the preflight fails (reference §5).
const NO_STAINLESS_HEADERS = {
  'x-stainless-os': null,
  'x-stainless-lang': null,
  'x-stainless-arch': null,
  'x-stainless-runtime': null,
  'x-stainless-runtime-version': null,
  'x-stainless-package-version': null,
  'x-stainless-retry-count': null,
  'x-stainless-timeout': null,
  'x-stainless-helper-method': null,
  'x-stainless-async': null,
} as const;

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

export class AiProvider {
  constructor(private readonly options: AiProviderOptions) {}

  private async client(): Promise<OpenAI> {
    const token = await this.options.getAccessToken();
    if (!token) throw new AnalysisError('invalid_key', ANALYSIS_MESSAGES.invalidKey('OpenAI'));
    return new OpenAI({
      baseURL: this.options.baseURL.replace(/\/$/, ''),
      apiKey: token,
      dangerouslyAllowBrowser: true,
      timeout: this.options.timeoutMs ?? 60_000,
      maxRetries: this.options.maxRetries ?? 1,
      defaultHeaders: { ...NO_STAINLESS_HEADERS, ...(this.options.anonKey ? { apikey: this.options.anonKey } : {}) },
    });
  }

  private async complete(messages: Message[], temperature: number, maxTokens: number): Promise<RawExtraction | null> {
    const client = await this.client();
    const completion = await client.chat.completions.create({
      model: this.options.model ?? DEFAULT_MODEL,
      messages,
      response_format: { type: 'json_object' },
      temperature,
      max_tokens: maxTokens,
      top_p: 1,
    });
    return parseReply(completion.choices[0]?.message?.content);
  }

  /** Throws AnalysisError (mapped provider errors, or no tasks) — the caller decides on the fallback. */
  async analyzeImage(image: ImageInput, catalogue: readonly Task[]): Promise<AnalysisResult> {
    const url = await imageToDataUrl(image);
    const messages = (instruction: string): Message[] => [
      { role: 'system', content: systemPrompt(catalogue) },
      {
        role: 'user',
        content: [
          { type: 'text', text: instruction },
          { type: 'image_url', image_url: { url, detail: 'high' } },
        ],
      },
    ];
    let raw: RawExtraction | null;
    try {
      raw = await this.complete(messages(IMAGE_INSTRUCTION), FIRST_TEMPERATURE, IMAGE_MAX_TOKENS);
    } catch (error) {
      throw toAnalysisError(error);
    }
    const first = postProcess(raw, catalogue, 'image');
    let rawTaskCount = Array.isArray(raw?.tasks) ? raw.tasks.length : 0;
    let result = first;
    if (first.tasks.length < MIN_IMAGE_TASKS) {
      let added: number;
      try {
        const retryRaw = await this.complete(messages(IMAGE_RETRY_INSTRUCTION), RETRY_TEMPERATURE, IMAGE_MAX_TOKENS);
        rawTaskCount += Array.isArray(retryRaw?.tasks) ? retryRaw.tasks.length : 0;
        const second = postProcess(retryRaw, catalogue, 'image');
        const known = new Set(result.tasks.map((t) => t.name));
        const extra = second.tasks.filter((t) => !known.has(t.name));
        added = extra.length;
        result = {
          projectTitle: raw?.projectTitle ? result.projectTitle : second.projectTitle,
          tasks: [...result.tasks, ...extra],
          client: { ...second.client, ...result.client },
        };
      } catch {
        added = 0;
      }
      if (added === 0) result = { ...result, tasks: [...result.tasks, ...complementaryTasks(result.tasks, catalogue)] };
    }
    if (result.tasks.length === 0) {
      throw new AnalysisError(
        rawTaskCount === 0 ? 'no_tasks' : 'no_valid_tasks',
        rawTaskCount === 0 ? ANALYSIS_MESSAGES.noTasksInImage : ANALYSIS_MESSAGES.noValidTasks,
      );
    }
    return { ...result, provider: 'ai' };
  }

  /** Throws AnalysisError on a provider failure or an unreadable reply — the caller falls back to the embedded extractor. */
  async analyzeText(text: string, catalogue: readonly Task[]): Promise<AnalysisResult> {
    let raw: RawExtraction | null;
    try {
      raw = await this.complete(
        [
          { role: 'system', content: systemPrompt(catalogue) },
          { role: 'user', content: textInstruction(text) },
        ],
        FIRST_TEMPERATURE,
        TEXT_MAX_TOKENS,
      );
    } catch (error) {
      throw toAnalysisError(error);
    }
    if (!raw) throw new AnalysisError('other', ANALYSIS_MESSAGES.other('réponse illisible'));
    return { ...postProcess(raw, catalogue, 'voice'), provider: 'ai' };
  }
}
