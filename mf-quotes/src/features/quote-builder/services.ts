// What the quote builder needs from the rest of the page. The real implementations (@atelier/platform,
// @atelier/documents, @atelier/storage) are wired in src/expose/home-page.tsx; tests pass fakes.
import type { Client, CompanyInfo, PlanId, Quote, QuoteCustomization, Task } from '@atelier/domain';
import { devisQuotaBlocked } from '@atelier/domain/src/quota';
import type { QuoteCredit } from '@atelier/platform';
import type { DocumentFiles, SnapshotLogos, StoredValue, WriteResult } from '@atelier/storage';
import { createContext, useContext } from 'react';

import type { DraftStore } from './model/draft-storage';
import type { Observable } from 'rxjs';

/** @atelier/platform consumeQuoteCredit() result. */
export type { QuoteCredit };

/** The part of @atelier/platform's PlanState the home page reads. */
export interface QuotaState {
  plan: PlanId;
  remaining: number | null;
  loading: boolean;
  /** Devis numbers this device holds and may use today (reserved for offline use, already counted in remaining). */
  heldHere?: number;
}

/** @atelier/documents renderQuotePdf() input/output. */
export interface RenderQuoteInput {
  quote: Quote & { number: string };
  client: Pick<Client, 'name' | 'email' | 'phone' | 'address'>;
  company: CompanyInfo;
  customization: QuoteCustomization;
}
export interface RenderedPdf {
  bytes: Uint8Array;
  fileName: string;
  warnings: string[];
}

export interface QuoteMailtoInput {
  email: string;
  number: string;
  projectTitle?: string;
  totalCents: number;
  fileName?: string;
}

export interface QuoteStores {
  tasks: StoredValue<Task[]>;
  clients: StoredValue<Client[]>;
}

export interface QuoteServices {
  planState$: Observable<QuotaState>;
  consumeQuoteCredit(): Promise<QuoteCredit>;
  renderQuotePdf(input: RenderQuoteInput): Promise<RenderedPdf>;
  /** Async on the home page: @atelier/documents is imported on first use. */
  buildQuoteMailto(input: QuoteMailtoInput): string | Promise<string>;
  documentFiles: DocumentFiles;
  /** Defaults to @atelier/storage's snapshotLogos (IndexedDB). */
  snapshotLogos?: SnapshotLogos;
  /** The signed-in user's draft devis store; without it the draft is not kept (tests, benchmarks). */
  draftStore?: DraftStore | null;
  /** Defaults to @atelier/storage's tasksStore / clientsStore (benchmarks use in-memory ones). */
  stores?: QuoteStores;
  /**
   * Saves a generated devis into the signed-in user's client book on the server (home page); resolves with the
   * server's refusal (e.g. the free plan's 11th client) as a French message. Without it, stores.clients is used.
   */
  saveQuote?(client: Pick<Client, 'name' | 'email' | 'phone' | 'address'>, quote: Quote): Promise<WriteResult>;
}

export const QuoteServicesContext = createContext<QuoteServices | null>(null);

export function useQuoteServices(): QuoteServices {
  const services = useContext(QuoteServicesContext);
  if (!services) throw new Error('QuoteServicesContext missing');
  return services;
}

/**
 * Free plan with nothing left this month and no number held on this device (unknown while loading: not blocked).
 * The numbers this device holds were counted when reserved: it may still use them (decision 0051, devisQuotaBlocked).
 */
export function isQuotaExhausted(state: QuotaState | null | undefined): boolean {
  return !!state && !state.loading && devisQuotaBlocked(state.remaining, state.heldHere ?? 0);
}
