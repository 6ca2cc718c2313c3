// The embedded extractor: French notes or a dictation → project title, tasks with quantity and unit, client.
// Works without any model, as small passes (passes/): tokens (prepare) → client fields, numbers, corrections and
// dimensions (client) → segments and quantities (segments, quantities) → catalogue match and lines (read-tasks).
import type { ExtractionResult, Task } from '@atelier/domain';
import { prepareCatalogue } from '../model/catalogue-match';
import { postProcess } from '../model/post-process';
import type { Flow } from '../model/quantity';
import { correctOcrVocabulary } from './ocr-vocabulary';
import { readClientFields } from './passes/client';
import { joinSizedRooms, readNoteHeadings, rewriteNoteText } from './passes/note-layout';
import { prepare } from './passes/prepare';
import { readTasks } from './passes/read-tasks';

export { rewriteCorrections, rewriteTimeFractions } from './passes/corrections';
export { HOURS_PER_DAY } from './passes/cues';
export { rewriteDimensions } from './passes/dimensions';

export type ExtractOptions = { flow: Flow };

/** Raw findings before post-processing (exposed for tests and the benchmark). */
export type RawTextExtraction = {
  projectTitle?: string;
  tasks: Array<{ name: string; quantity?: number; unit: string; source?: string; unsure?: boolean }>;
  client: { name?: string; phone?: string; email?: string; address?: string; company?: string };
};

export function extractFromText(
  text: string,
  catalogue: readonly Task[],
  options: ExtractOptions = { flow: 'voice' },
): ExtractionResult {
  return postProcess(readText(readable(text, catalogue, options), catalogue, options.flow), catalogue, options.flow);
}

/** OCR'd text has its misread vocabulary words read back first (ocr-vocabulary.ts); dictations are left as said. */
function readable(text: string, catalogue: readonly Task[], options: ExtractOptions): string {
  if (options.flow !== 'image') return text;
  const note = correctOcrVocabulary(rewriteNoteText(text), catalogue);
  return joinSizedRooms(
    note,
    once((line) => readText(line, catalogue).tasks),
  );
}

/** A line proposed to the user: the task, the words it came from, and whether the analyser was unsure of it. */
export type ProposedLine = { name: string; quantity: number; unit: string; source: string; unsure: boolean };

/** The extraction plus, for each task, the words it came from (the notes box shows them before adding). */
export function proposeLines(
  text: string,
  catalogue: readonly Task[],
  options: ExtractOptions = { flow: 'voice' },
): { result: ExtractionResult; lines: ProposedLine[] } {
  const raw = readText(readable(text, catalogue, options), catalogue, options.flow);
  const result = postProcess(raw, catalogue, options.flow);
  const lines = result.tasks.map((task) => {
    const found = raw.tasks.find((t) => t.name === task.name);
    return { ...task, source: found?.source ?? '', unsure: found?.unsure ?? true };
  });
  return { result, lines };
}

export function readText(input: string, catalogue: readonly Task[], flow: Flow = 'voice'): RawTextExtraction {
  const { text, client, projectTitle } = readClientFields(prepare(input));
  const prepared = prepareCatalogue(catalogue);
  // A note's headings (passes/note-layout.ts): the lines under them are what is asked.
  const tasksText =
    flow === 'image'
      ? readNoteHeadings(
          text,
          once((t) => readTasks(t, prepared)),
        )
      : text;
  return { projectTitle, tasks: readTasks(tasksText, prepared), client };
}

/**
 * A line's tasks read once per analysis: the note passes ask again about the same lines (each heading looks at the
 * lines above it) and only look at the answer.
 */
function once(read: (line: string) => RawTextExtraction['tasks']): (line: string) => RawTextExtraction['tasks'] {
  const known = new Map<string, RawTextExtraction['tasks']>();
  return (line) => {
    let tasks = known.get(line);
    if (!tasks) known.set(line, (tasks = read(line)));
    return tasks;
  };
}
