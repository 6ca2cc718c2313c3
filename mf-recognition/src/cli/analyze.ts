// Command line: the embedded analysis (OCR + French rules + post-processing) in Node, printing the extraction JSON.
//   pnpm analyze --catalogue FILE.json (--text "…" | --text-file FILE | --image FILE) [--flow voice|image]
// Paths are resolved against the directory pnpm was run from (INIT_CWD), then the current directory.
import type { Task } from '@atelier/domain';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { extractFromText } from '../features/analysis/embedded/extract-from-text';
import { ANALYSIS_MESSAGES } from '../features/analysis/messages';
import type { Flow } from '../features/analysis/model/quantity';

const USAGE =
  'Usage: pnpm analyze --catalogue FILE.json (--text "…" | --text-file FILE | --image FILE) [--flow voice|image]';

export type CliOutput = {
  projectTitle: string;
  tasks: Array<{ name: string; quantity: number; unit: string }>;
  client: { name: string | null; phone: string | null; email: string | null; address: string | null };
};

export function parseArgs(argv: readonly string[]): Record<string, string> {
  const args: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    if (eq > 0) args[arg.slice(2, eq)] = arg.slice(eq + 1);
    else {
      const next = argv[i + 1];
      args[arg.slice(2)] = next !== undefined && !next.startsWith('--') ? next : 'true';
      if (next !== undefined && !next.startsWith('--')) i += 1;
    }
  }
  return args;
}

export function resolveInputPath(file: string, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  if (isAbsolute(file)) return file;
  const candidates = [env.INIT_CWD ? resolve(env.INIT_CWD, file) : null, resolve(cwd, file)].filter(
    (p): p is string => p !== null,
  );
  return candidates.find((p) => existsSync(p)) ?? candidates[0]!;
}

/** A catalogue file: the `tasks` storage shape (array of {name, unit, price}) or `{ tasks: [...] }`. */
export function readCatalogue(json: string): Task[] {
  const parsed: unknown = JSON.parse(json);
  const list = Array.isArray(parsed)
    ? parsed
    : Array.isArray((parsed as { tasks?: unknown })?.tasks)
      ? (parsed as { tasks: unknown[] }).tasks
      : null;
  if (!list) throw new Error('Catalogue: a JSON array of {name, unit, price} (or {"tasks": [...]}) is expected');
  return list
    .filter(
      (item): item is Record<string, unknown> =>
        !!item && typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string',
    )
    .map((item) => ({
      name: String(item.name),
      unit: typeof item.unit === 'string' && item.unit ? item.unit : 'unité',
      price: typeof item.price === 'number' ? item.price : Number(item.price) || 0,
    }));
}

export function analyseText(text: string, catalogue: readonly Task[], flow: Flow): CliOutput {
  const result = extractFromText(text, catalogue, { flow });
  return {
    projectTitle: result.projectTitle,
    tasks: result.tasks,
    client: {
      name: result.client?.name ?? null,
      phone: result.client?.phone ?? null,
      email: result.client?.email ?? null,
      address: result.client?.address ?? null,
    },
  };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args.catalogue || !(args.text || args['text-file'] || args.image)) {
    console.error(USAGE);
    return 2;
  }
  const catalogue = readCatalogue(readFileSync(resolveInputPath(args.catalogue), 'utf8'));
  let text: string;
  let flow: Flow = args.flow === 'image' ? 'image' : 'voice';
  if (args.image) {
    const { recognizeImageFile, terminateNodeOcr } = await import('../features/ocr/node-ocr');
    try {
      text = await recognizeImageFile(resolveInputPath(args.image));
    } finally {
      await terminateNodeOcr();
    }
    flow = args.flow === 'voice' ? 'voice' : 'image';
    if (args.verbose) console.error(text);
  } else {
    text = args['text-file'] ? readFileSync(resolveInputPath(args['text-file']), 'utf8') : args.text!;
  }
  if (!text.trim()) {
    console.error(args.image ? ANALYSIS_MESSAGES.noTasksInImage : ANALYSIS_MESSAGES.emptyText);
    return 1;
  }
  const output = analyseText(text, catalogue, flow);
  console.log(JSON.stringify(output, null, 2));
  if (flow === 'image' && output.tasks.length === 0) console.error(ANALYSIS_MESSAGES.noValidTasks);
  return 0;
}

if (require.main === module) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
