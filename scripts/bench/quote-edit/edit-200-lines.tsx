// Benchmark (not a test): recompute + re-render time of one edit on a 200-line quote (issue 3 budget:
// ≤ 16 ms per change). It mounts the real home page components with in-memory stores and fake services,
// applies edits synchronously (flushSync) and times each one, including a forced layout.
// Bundled with esbuild by scripts/bench/quote-edit.mjs (scripts/lib/bench-page.mjs) and run in Chromium: the
// harness stays out of mf-quotes' src/ and production bundle.
import type { Client, Task } from '@atelier/domain';
import { createMemoryStorage, createStoredValue } from '@atelier/storage';
import { clientBookSchema, ouvrageUnitPrice, taskCatalogueSchema } from '@atelier/domain';
import { UiProviders } from '@atelier/ui';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { BehaviorSubject } from 'rxjs';

import { QuoteBuilderPage } from '../../../mf-quotes/src/features/quote-builder/components/quote-builder-page';
import {
  EMPTY_DRAFT,
  applyRecognisedTasks,
  type DraftLine,
  type QuoteDraft,
} from '../../../mf-quotes/src/features/quote-builder/model/quote-draft';
import type { QuoteSession } from '../../../mf-quotes/src/features/quote-builder/model/quote-session';
import type { QuoteServices } from '../../../mf-quotes/src/features/quote-builder/services';

export interface EditBenchOptions {
  lines?: number;
  /** Number of timed edits per kind. */
  edits?: number;
  catalogueSize?: number;
}

export interface EditBenchResult {
  lines: number;
  edits: number;
  /** Milliseconds per edit kind. */
  quantity: { median: number; p95: number; max: number };
  changeTask: { median: number; p95: number; max: number };
  vatRate: { median: number; p95: number; max: number };
  /** Issue 27: a line's unit price typed for this devis, a line remise, the remise globale. */
  price: { median: number; p95: number; max: number };
  lineDiscount: { median: number; p95: number; max: number };
  globalDiscount: { median: number; p95: number; max: number };
  /** What the 200 lines hold (issue 27 budget: still ≤ 16 ms with sections and ouvrages). */
  fixture: { sections: number; ouvrages: number; discounts: number; options: number; comments: number };
  /** React render + commit only (all kinds), without the forced layout. */
  renderOnly: { median: number; p95: number; max: number };
  /** Sanity: the TTC shown after the last edit matches the model's. */
  totalShown: string;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { median: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1] ?? 0) };
}

export function benchCatalogue(size: number): Task[] {
  return Array.from({ length: size }, (_, i) => ({
    name: `Tâche ${i + 1}`,
    unit: i % 2 ? 'm2' : 'h',
    price: 10 + i * 1.25,
  }));
}

const OUVRAGE_COMPONENTS = [
  { kind: 'fourniture' as const, name: 'Chauffe-eau Atlantic 200 L', unit: 'unité', quantity: 1, price: 389.9 },
  { kind: 'fourniture' as const, name: 'Groupe de sécurité', unit: 'unité', quantity: 1, price: 24.5 },
  { kind: 'main_oeuvre' as const, name: 'Pose plombier', unit: 'h', quantity: 3, price: 45 },
];

/**
 * Issue 27's devis shape inside the same number of lines: a section heading every 20 lines (the third one an
 * option), a comment under each heading, every 5th item an ouvrage (detailed one time in two), every 4th a
 * remise (% or €), every 15th an option, each 3rd item with a description, and a 5 % remise globale.
 */
function withDevisShape(lines: readonly DraftLine[]): DraftLine[] {
  return lines.map((line, i): DraftLine => {
    if (i % 20 === 0) {
      return { id: line.id, kind: 'section', name: `Pièce ${i / 20 + 1}`, unit: '', price: 0, quantity: 0, ...(i === 40 ? { option: true } : {}) };
    }
    if (i % 20 === 1) {
      return { id: line.id, kind: 'text', name: 'Accès par la cour, chantier occupé', unit: '', price: 0, quantity: 0 };
    }
    let next: DraftLine = i % 3 === 0 ? { ...line, description: 'Fourniture et pose\nNettoyage en fin de chantier' } : line;
    if (i % 5 === 0) {
      next = { ...next, components: OUVRAGE_COMPONENTS.map((c) => ({ ...c })), price: ouvrageUnitPrice(OUVRAGE_COMPONENTS), unit: 'unité', ...(i % 10 === 0 ? { detailed: true } : {}) };
    }
    if (i % 4 === 0) {
      next = { ...next, discount: i % 8 === 0 ? { kind: 'percent', value: 10 } : { kind: 'amount', value: 5 } };
    }
    if (i % 15 === 0) next = { ...next, option: true };
    return next;
  });
}

export function benchDraft(lines: number, catalogue: readonly Task[]): QuoteDraft {
  const tasks = Array.from({ length: lines }, (_, i) => ({
    name: `Ligne ${i + 1}`,
    quantity: 1 + (i % 7),
    unit: 'm2',
  }));
  const recognised = applyRecognisedTasks(EMPTY_DRAFT, tasks, catalogue);
  const devisLines = withDevisShape(recognised.lines);
  const draft: QuoteDraft = { ...recognised, lines: devisLines, discount: { kind: 'percent', value: 5 } };
  return {
    ...draft,
    title: 'Rénovation complète',
    client: {
      name: 'Jean Dupont',
      email: 'jean@dupont.fr',
      phone: '0612345678',
      address: '1 rue de la Paix, 75002 Paris',
    },
  };
}

export async function runEdit200LinesBench(options: EditBenchOptions = {}): Promise<EditBenchResult> {
  const lineCount = options.lines ?? 200;
  const edits = options.edits ?? 40;
  const catalogue = benchCatalogue(options.catalogueSize ?? 30);
  const memory = createMemoryStorage();
  const tasks = createStoredValue<Task[]>('tasks', taskCatalogueSchema, [], { storage: () => memory });
  const clients = createStoredValue<Client[]>('clients', clientBookSchema, [], { storage: () => memory });
  tasks.set(catalogue);
  const services: QuoteServices = {
    planState$: new BehaviorSubject({ plan: 'pro' as const, remaining: null, loading: false }),
    consumeQuoteCredit: async () => ({ allowed: false, number: null, plan: 'pro', quotesUsed: 0, remaining: null }),
    renderQuotePdf: async () => {
      throw new Error('not in the benchmark');
    },
    buildQuoteMailto: () => 'mailto:',
    documentFiles: { put: async () => {}, get: async () => undefined, remove: async () => {} },
    stores: { tasks, clients },
  };

  const initial = benchDraft(lineCount, catalogue);
  const fixture = {
    sections: initial.lines.filter((l) => l.kind === 'section').length,
    ouvrages: initial.lines.filter((l) => (l.components?.length ?? 0) > 0).length,
    discounts: initial.lines.filter((l) => l.discount).length,
    options: initial.lines.filter((l) => l.option).length,
    comments: initial.lines.filter((l) => l.kind === 'text').length,
  };
  const container = document.createElement('div');
  container.style.cssText = 'position:absolute;left:-10000px;top:0;width:1100px';
  document.body.appendChild(container);
  const root = createRoot(container);
  let session: QuoteSession | null = null;
  flushSync(() =>
    root.render(
      <UiProviders>
        <QuoteBuilderPage
          services={services}
          initialDraft={initial}
          onSessionReady={(s) => (session = s)}
        />
      </UiProviders>,
    ),
  );
  // Let effects (session ready, subscriptions) run.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const s = session as QuoteSession | null;
  if (!s) throw new Error('session not ready');

  const renderOnly: number[] = [];
  const time = (edit: () => void): number => {
    const start = performance.now();
    flushSync(edit);
    renderOnly.push(performance.now() - start);
    void container.getBoundingClientRect().height; // include style/layout, as a frame would
    return performance.now() - start;
  };

  // Timed edits go to priced lines (items), as the artisan types into them.
  const lineIds = s
    .getState()
    .draft.lines.filter((l) => l.kind === undefined || l.kind === 'item')
    .map((l) => l.id);
  const pick = (i: number) => lineIds[(i * 37) % lineIds.length]!;
  // Warm-up (JIT, first render of each path).
  for (let i = 0; i < 5; i += 1) time(() => s.setQuantity(pick(i), 50 + i));

  renderOnly.length = 0;
  const quantity: number[] = [];
  const changeTask: number[] = [];
  const vatRate: number[] = [];
  const price: number[] = [];
  const lineDiscount: number[] = [];
  const globalDiscount: number[] = [];
  for (let i = 0; i < edits; i += 1) {
    quantity.push(time(() => s.setQuantity(pick(i), 2 + (i % 9))));
    changeTask.push(time(() => s.changeLineTask(pick(i + 3), catalogue[i % catalogue.length]!.name)));
    vatRate.push(time(() => s.setVatRate(i % 2 ? 20 : 5.5)));
    price.push(time(() => s.updateLine(pick(i + 5), { price: 12 + (i % 13) * 1.5 })));
    lineDiscount.push(time(() => s.updateLine(pick(i + 7), { discount: { kind: 'percent', value: 1 + (i % 20) } })));
    globalDiscount.push(time(() => s.setDiscount({ kind: 'percent', value: 1 + (i % 9) })));
  }
  const totalShown = container.querySelector('[data-testid="total-ttc"]')?.textContent ?? '';
  root.unmount();
  container.remove();
  return {
    lines: lineCount,
    edits,
    quantity: stats(quantity),
    changeTask: stats(changeTask),
    vatRate: stats(vatRate),
    price: stats(price),
    lineDiscount: stats(lineDiscount),
    globalDiscount: stats(globalDiscount),
    fixture,
    renderOnly: stats(renderOnly),
    totalShown,
  };
}

(window as unknown as { __bench: typeof runEdit200LinesBench }).__bench = runEdit200LinesBench;
