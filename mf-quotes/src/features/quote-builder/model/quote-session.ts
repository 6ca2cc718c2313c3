// The home page's quote session outside React: the draft, the quota gate and the recognition events of the
// bus. Components read it through useSyncExternalStore; tests drive it by publishing bus events.
import type { AtelierBus } from '@atelier/bus';
import type { Discount, Task } from '@atelier/domain';
import type { WriteResult } from '@atelier/storage';
import type { Subscription } from 'rxjs';

import { QUOTE_MESSAGES as M } from '../messages';
import {
  addCatalogueLine,
  addCommentLine,
  addFreeLine,
  addSection,
  moveLine,
  moveLineTo,
  setDocumentDiscount,
  updateLine,
  type LinePatch,
} from './devis-lines';
import {
  EMPTY_DRAFT,
  addLine,
  applyRecognisedTasks,
  changeLineTask,
  hasNameAndEmail,
  mergeClient,
  removeLine,
  setClient,
  setClientField,
  setQuantity,
  setTitle,
  setLineVatRate,
  setOptions,
  setVatRate,
  type QuoteOptions,
  type DraftClient,
  type QuoteDraft,
} from './quote-draft';

export interface QuoteSessionState {
  draft: QuoteDraft;
  /** The quota message when an addition was refused. */
  quotaMessage: string | null;
  /** A failed write into the client book. */
  storageError: string | null;
}

export interface QuoteSessionDeps {
  bus: AtelierBus;
  catalogue(): readonly Task[];
  quotaExhausted(): boolean;
  /** Saves a client into the client book (merged by email). */
  saveClient(client: DraftClient): WriteResult;
}

export interface QuoteSession {
  getState(): QuoteSessionState;
  subscribe(listener: () => void): () => void;
  /** Starts listening to the bus; returns the stop function. */
  connect(): () => void;
  // Additions (refused when the free quota is exhausted).
  addLine(): void;
  /** A catalogue item copied in (the line picker), or the catalogue task of that name. */
  addCatalogueLine(task: Task | string): void;
  addFreeLine(): void;
  addCommentLine(): void;
  addSection(): void;
  setTitle(title: string): void;
  setClientField(field: keyof DraftClient, value: string): void;
  pickClient(client: DraftClient): void;
  // Edits of what is there.
  changeLineTask(lineId: string, taskName: string): void;
  removeLine(lineId: string): void;
  setQuantity(lineId: string, quantity: number | string): void;
  setVatRate(input: number | string): void;
  setLineVatRate(lineId: string, rate: number): void;
  setOptions(patch: QuoteOptions): void;
  updateLine(lineId: string, patch: LinePatch): void;
  moveLine(lineId: string, delta: number): void;
  moveLineTo(lineId: string, toIndex: number): void;
  setDiscount(discount: Discount | undefined): void;
  clearQuotaMessage(): void;
  /** « Nouveau devis »: back to an empty draft (after the user confirmed). */
  reset(): void;
}

export function createQuoteSession(deps: QuoteSessionDeps, initial: QuoteDraft = EMPTY_DRAFT): QuoteSession {
  let state: QuoteSessionState = { draft: initial, quotaMessage: null, storageError: null };
  const listeners = new Set<() => void>();

  function setState(next: QuoteSessionState): void {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  }

  function edit(change: (draft: QuoteDraft) => QuoteDraft): void {
    const draft = change(state.draft);
    if (draft !== state.draft) setState({ ...state, draft });
  }

  /** Additions are blocked once the free plan has no quote left this month (SPEC.md §2 « Home »). */
  function add(change: (draft: QuoteDraft) => QuoteDraft): boolean {
    if (deps.quotaExhausted()) {
      if (state.quotaMessage !== M.quotaExhausted) setState({ ...state, quotaMessage: M.quotaExhausted });
      return false;
    }
    edit(change);
    return true;
  }

  function refuse(): void {
    deps.bus.emit('quote/recognition-refused', { reason: 'quota-exhausted', message: M.quotaExhausted }, 'mf-quotes');
  }

  function connect(): () => void {
    const subs: Subscription[] = [
      deps.bus.on('quote/tasks-recognised').subscribe(({ payload }) => {
        if (!add((d) => applyRecognisedTasks(d, payload.tasks, deps.catalogue()))) refuse();
      }),
      deps.bus.on('quote/title-recognised').subscribe(({ payload }) => {
        const title = payload.title.trim();
        if (title && !add((d) => setTitle(d, title))) refuse();
      }),
      deps.bus.on('quote/client-recognised').subscribe(({ payload }) => {
        if (!add((d) => mergeClient(d, payload.client))) {
          refuse();
          return;
        }
        const client = state.draft.client;
        if (hasNameAndEmail(client)) {
          const result = deps.saveClient(client);
          setState({ ...state, storageError: result.ok ? null : result.message });
        }
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect,
    addLine: () => void add((d) => addLine(d, deps.catalogue())),
    addCatalogueLine: (task) => void add((d) => addCatalogueLine(d, task, deps.catalogue())),
    addFreeLine: () => void add(addFreeLine),
    addCommentLine: () => void add(addCommentLine),
    addSection: () => void add(addSection),
    setTitle: (title) => void add((d) => setTitle(d, title)),
    setClientField: (field, value) => void add((d) => setClientField(d, field, value)),
    pickClient: (client) => void add((d) => setClient(d, client)),
    changeLineTask: (lineId, taskName) => edit((d) => changeLineTask(d, lineId, taskName, deps.catalogue())),
    removeLine: (lineId) => edit((d) => removeLine(d, lineId)),
    setQuantity: (lineId, quantity) => edit((d) => setQuantity(d, lineId, quantity)),
    setVatRate: (input) => edit((d) => setVatRate(d, input)),
    setLineVatRate: (lineId, rate) => edit((d) => setLineVatRate(d, lineId, rate)),
    setOptions: (patch) => edit((d) => setOptions(d, patch)),
    updateLine: (lineId, patch) => edit((d) => updateLine(d, lineId, patch)),
    moveLine: (lineId, delta) => edit((d) => moveLine(d, lineId, delta)),
    moveLineTo: (lineId, toIndex) => edit((d) => moveLineTo(d, lineId, toIndex)),
    setDiscount: (discount) => edit((d) => setDocumentDiscount(d, discount)),
    reset: () => edit(() => EMPTY_DRAFT),
    clearQuotaMessage: () => {
      if (state.quotaMessage) setState({ ...state, quotaMessage: null });
    },
  };
}
