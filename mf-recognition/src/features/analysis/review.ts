// The lines proposed to the user before they join the devis: the embedded analyser's lines (with the words they
// came from), combined with an AI provider's result when one is configured. The AI can only add lines or correct
// a line the embedded analyser was unsure of; a line the embedded analyser was sure of is never lost or changed.
import type { ExtractionResult } from '@atelier/domain';

import type { ProposedLine } from './embedded/extract-from-text';

export type { ProposedLine };

export function combineProposals(embedded: readonly ProposedLine[], ai: ExtractionResult | null): ProposedLine[] {
  const lines = embedded.map((line) => ({ ...line }));
  for (const task of ai?.tasks ?? []) {
    const same = lines.find((line) => line.name === task.name);
    if (!same) lines.push({ ...task, source: '', unsure: true });
    else if (same.unsure && task.quantity > 0) same.quantity = task.quantity;
  }
  return lines;
}

/** The client of both results: the embedded fields, completed (never overwritten) by the AI's. */
export function combineClients(
  embedded: ExtractionResult['client'],
  ai: ExtractionResult['client'] | undefined,
): NonNullable<ExtractionResult['client']> {
  return { ...(ai ?? {}), ...Object.fromEntries(Object.entries(embedded ?? {}).filter(([, v]) => !!v)) };
}
