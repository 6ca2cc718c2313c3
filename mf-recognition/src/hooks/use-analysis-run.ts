// One analysis as the panels live it: analysing → success (5 s) | error | refused, with the result
// published on the bus for the quote side (which may answer `quote/recognition-refused`).
import { bus } from '@atelier/bus';
import type { ExtractionResult } from '@atelier/domain';
import { getPlanState } from '@atelier/platform';
import { useCallback, useEffect, useRef, useState } from 'react';

import { FEEDBACK_MESSAGES, SUCCESS_MESSAGE_MS, successMessage } from '../components/messages';

export type RecognitionSource = 'image' | 'voice' | 'text';

export type AnalysisRun =
  | { status: 'idle' }
  | { status: 'analysing' }
  | { status: 'success'; message: string }
  | { status: 'error'; message: string }
  | { status: 'refused'; message: string };

/** An error whose message is already the French text the user should read (analysis errors of SPEC §8). */
export function userFacingMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const flagged = error as Error & { userMessage?: unknown; userFacing?: unknown };
  if (typeof flagged.userMessage === 'string') return flagged.userMessage;
  if (flagged.userFacing === true || error.name === 'AnalysisError') return error.message;
  return null;
}

function clientHasData(client: ExtractionResult['client']): client is NonNullable<ExtractionResult['client']> {
  return !!client && Object.values(client).some((v) => typeof v === 'string' && v.trim() !== '');
}

/**
 * Sends a result to the quote side. Returns what was sent, or null when nothing relevant was found.
 * Only non-empty client fields are sent, so they merge into the current client without erasing it.
 */
export function publishExtraction(result: ExtractionResult, source: RecognitionSource) {
  const tasks = result.tasks.filter((t) => t.name.trim() !== '');
  const client = clientHasData(result.client)
    ? Object.fromEntries(Object.entries(result.client).filter(([, v]) => typeof v === 'string' && v.trim() !== ''))
    : null;
  if (tasks.length === 0 && !client) return null;
  const title = result.projectTitle.trim();
  if (tasks.length) bus.emit('quote/tasks-recognised', { tasks, source }, 'mf-recognition');
  if (client) bus.emit('quote/client-recognised', { client, source }, 'mf-recognition');
  if (title) bus.emit('quote/title-recognised', { title, source }, 'mf-recognition');
  return { tasks: tasks.length, client: !!client, title: !!title };
}

export interface AnalysisRunOptions {
  source: RecognitionSource;
  /** « Aucune information pertinente trouvée dans l'image » / « … dans le texte » */
  noResultMessage: string;
  /** « Erreur inattendue. Réessayez avec une image plus claire » / « … un texte plus clair » */
  unexpectedMessage: string;
}

export function useAnalysisRun({ source, noResultMessage, unexpectedMessage }: AnalysisRunOptions) {
  const [run, setRun] = useState<AnalysisRun>({ status: 'idle' });
  const generation = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refusalWatch = useRef<{ unsubscribe(): void } | null>(null);

  const clearWatchers = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    refusalWatch.current?.unsubscribe();
    refusalWatch.current = null;
  }, []);

  useEffect(() => clearWatchers, [clearWatchers]);

  const reset = useCallback(() => {
    generation.current++;
    clearWatchers();
    setRun({ status: 'idle' });
  }, [clearWatchers]);

  const start = useCallback(
    async (analyse: () => Promise<ExtractionResult>) => {
      const id = ++generation.current;
      clearWatchers();
      setRun({ status: 'analysing' });
      let result: ExtractionResult;
      try {
        result = await analyse();
      } catch (error) {
        if (id !== generation.current) return;
        console.error('[mf-recognition] analysis failed', error);
        setRun({ status: 'error', message: userFacingMessage(error) ?? unexpectedMessage });
        return;
      }
      if (id !== generation.current) return;
      const hasTasks = result.tasks.length > 0;
      if (!hasTasks && !clientHasData(result.client)) {
        setRun({ status: 'error', message: noResultMessage });
        return;
      }
      if (getPlanState().remaining === 0) {
        setRun({ status: 'refused', message: FEEDBACK_MESSAGES.quotaReached });
        return;
      }
      // The quote side answers synchronously on the bus when it refuses; keep listening while the success shows.
      let refusedWith: string | null = null;
      refusalWatch.current = bus.on('quote/recognition-refused').subscribe((event) => {
        refusedWith = event.payload.message || FEEDBACK_MESSAGES.quotaReached;
        if (id === generation.current) {
          clearWatchers();
          setRun({ status: 'refused', message: refusedWith });
        }
      });
      const sent = publishExtraction(result, source);
      if (refusedWith || !sent) return;
      setRun({ status: 'success', message: successMessage(sent) });
      timer.current = setTimeout(() => {
        if (id === generation.current) {
          clearWatchers();
          setRun({ status: 'idle' });
        }
      }, SUCCESS_MESSAGE_MS);
    },
    [clearWatchers, noResultMessage, source, unexpectedMessage],
  );

  return { run, start, reset };
}
