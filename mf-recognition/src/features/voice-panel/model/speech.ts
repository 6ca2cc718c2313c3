// Web Speech API glue as pure functions: feature detection, rebuilding the transcript from a result
// list, error codes → the spec's messages.
import { VOICE_MESSAGES } from '../messages';

export interface SpeechAlternativeLike {
  transcript: string;
}
export interface SpeechResultLike {
  readonly isFinal: boolean;
  readonly length: number;
  readonly [index: number]: SpeechAlternativeLike;
}
export interface SpeechResultListLike {
  readonly length: number;
  readonly [index: number]: SpeechResultLike;
}
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives?: number;
  onresult: ((event: { resultIndex: number; results: SpeechResultListLike }) => void) | null;
  onerror: ((event: { error: string; message?: string }) => void) | null;
  onend: (() => void) | null;
  onstart?: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

/** `SpeechRecognition || webkitSpeechRecognition`, or null (Firefox, most webviews). */
export function getSpeechRecognition(
  scope: unknown = typeof window === 'undefined' ? undefined : window,
): SpeechRecognitionConstructor | null {
  if (!scope) return null;
  const w = scope as {
    SpeechRecognition?: SpeechRecognitionConstructor;
    webkitSpeechRecognition?: SpeechRecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** Words joined by single spaces, no leading/trailing blanks. */
export function joinText(...parts: (string | undefined)[]): string {
  return parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ');
}

/**
 * The whole session's text from a (cumulative) result list. Rebuilt from scratch on every event, which is
 * robust to Android Chrome repeating final results: a final result equal to the previous one is dropped.
 */
export function readResults(results: SpeechResultListLike): { final: string; interim: string } {
  const finals: string[] = [];
  const interims: string[] = [];
  for (let i = 0; i < results.length; i++) {
    const result = results[i]!;
    const text = (result[0]?.transcript ?? '').trim();
    if (!text) continue;
    if (result.isFinal) {
      if (finals[finals.length - 1] !== text) finals.push(text);
    } else {
      interims.push(text);
    }
  }
  return { final: joinText(...finals), interim: joinText(...interims) };
}

/** Error codes of SpeechRecognitionErrorEvent → message to show, or null for the harmless ones. */
export function speechErrorMessage(code: string): string | null {
  switch (code) {
    case 'no-speech':
    case 'aborted':
      return null;
    case 'not-allowed':
    case 'service-not-allowed':
    case 'audio-capture':
      return VOICE_MESSAGES.microphoneUnavailable;
    case 'network':
      return VOICE_MESSAGES.network;
    default:
      return VOICE_MESSAGES.cannotStart;
  }
}

/** Whether recognition should keep restarting after this error (continuous listening survives silences). */
export function isRecoverableSpeechError(code: string): boolean {
  return code === 'no-speech' || code === 'aborted';
}

/** RMS of a time-domain byte buffer (128 = silence) mapped to 0..1 for the microphone circle. */
export function soundLevel(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const v = (samples[i]! - 128) / 128;
    sum += v * v;
  }
  const rms = Math.sqrt(sum / samples.length);
  return Math.min(1, rms * 4);
}
