// Offline devis numbers (issue 14, migration 0040). While online, a device where the app opens offline (a
// service worker controls the page) keeps a small block of quote numbers reserved on the server, each with a
// quota credit taken in advance. A devis made on this device takes the next reserved number first (online or
// offline); the numbers used are confirmed at the next sync (sign-in, back online, after each devis), which
// also tops the block up. Stored per user in localStorage: `atelier.quote-reservations.<userId>`.
// A held number is used only on the Paris day it was reserved for (migration 0083, decision 0053): every number
// above it is then dated that day or later, so devis dates never go backwards within the DE series. The server
// carries the block over to the next day at the next sync when nothing was numbered above it.
import { parisDayFormat } from '@atelier/domain/src/lazy';

import { getAuthState } from './auth/auth-service';
import { loadSupabase } from './supabase-client';

/** Numbers kept reserved per device (the server caps the block by the plan's quota). */
export const QUOTE_RESERVATIONS_KEEP = 2;

export const QUOTE_RESERVATIONS_KEY_PREFIX = 'atelier.quote-reservations.';

export interface HeldNumber {
  number: string;
  /** 'YYYY-MM' (Paris): the quota month it counts in. */
  month: string;
  /** 'YYYY-MM-DD' (Paris): usable on that day only (a number kept from before 0083 has none: not usable). */
  day?: string;
}

export interface QuoteReservations {
  /** Random id of this browser for this user. */
  device: string;
  held: HeldNumber[];
  /** Used on this device, not yet confirmed by the server. */
  used: { number: string; usedAt: string }[];
}

interface SyncRow {
  plan?: string;
  quotes_used?: number;
  remaining?: number | null;
  held?: HeldNumber[];
  confirmed?: string[];
  conflicts?: string[];
}

export interface ReservationSyncResult {
  plan: string;
  quotesUsed: number;
  /** The account's remaining devis this month (limit − used − held by any device, decision 0051); null = unlimited. */
  remaining: number | null;
}

export const reservationsKey = (userId: string) => `${QUOTE_RESERVATIONS_KEY_PREFIX}${userId}`;

/** 'YYYY-MM' of `date` in Paris time (the quota month). */
export function parisMonth(date = new Date()): string {
  return parisDayFormat().format(date).slice(0, 7);
}

/** 'YYYY-MM-DD' of `date` in Paris time (the day a held number may be used on). */
export function parisDay(date = new Date()): string {
  return parisDayFormat().format(date).slice(0, 10);
}

/** A held number this device may use at `now`: reserved for today (Paris), in this quota month. */
function usableOn(held: HeldNumber, now: Date): boolean {
  return held.month === parisMonth(now) && held.day === parisDay(now);
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function randomId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function isValid(value: unknown): value is QuoteReservations {
  const v = value as QuoteReservations;
  return (
    !!v &&
    typeof v.device === 'string' &&
    v.device.length >= 8 &&
    Array.isArray(v.held) &&
    v.held.every(
      (h) =>
        typeof h?.number === 'string' &&
        typeof h?.month === 'string' &&
        (h.day === undefined || typeof h.day === 'string'),
    ) &&
    Array.isArray(v.used) &&
    v.used.every((u) => typeof u?.number === 'string' && typeof u?.usedAt === 'string')
  );
}

export function readReservations(userId: string): QuoteReservations {
  const store = storage();
  try {
    const parsed: unknown = JSON.parse(store?.getItem(reservationsKey(userId)) ?? 'null');
    if (isValid(parsed)) return parsed;
  } catch {
    // unreadable: a new device id below (the server releases what an unknown device held, in time)
  }
  const fresh: QuoteReservations = { device: randomId(), held: [], used: [] };
  store?.setItem(reservationsKey(userId), JSON.stringify(fresh));
  return fresh;
}

function writeReservations(userId: string, value: QuoteReservations): void {
  storage()?.setItem(reservationsKey(userId), JSON.stringify(value));
}

/** A service worker controls the page: the app opens offline here, so numbers are worth reserving. */
export function offlineReady(): boolean {
  return typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;
}

/**
 * Takes the next number this device holds for today, if any (no network needed). The number is kept in `used`
 * until the server confirms it.
 */
export function takeReservedQuoteNumber(now = new Date()): string | null {
  const userId = getAuthState().user?.id;
  if (!userId) return null;
  const current = readReservations(userId);
  const next = current.held.find((h) => usableOn(h, now));
  if (!next) return null;
  writeReservations(userId, {
    ...current,
    held: current.held.filter((h) => h.number !== next.number),
    used: [...current.used, { number: next.number, usedAt: now.toISOString() }],
  });
  return next.number;
}

/** How many numbers this device may use today. */
export function heldQuoteNumbers(now = new Date()): number {
  const userId = getAuthState().user?.id;
  if (!userId) return 0;
  return readReservations(userId).held.filter((h) => usableOn(h, now)).length;
}

let inFlight: Promise<ReservationSyncResult | null> | null = null;
/** When a sync last left the block short (quota reached): top-up only syncs wait SHORT_RETRY_MS. */
let shortSince: number | null = null;
const SHORT_RETRY_MS = 5 * 60_000;

/**
 * Confirms the numbers used on this device and tops its block up (only when the app opens offline here:
 * otherwise nothing new is reserved). Resolves null when there is nothing to do or the network is down.
 * `force`: ask for a top-up even if the quota left the block short a moment ago.
 */
export function syncQuoteReservations(options: { force?: boolean } = {}): Promise<ReservationSyncResult | null> {
  if (inFlight) return inFlight.then(() => syncQuoteReservations(options));
  inFlight = runSync(options).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function runSync({ force }: { force?: boolean }): Promise<ReservationSyncResult | null> {
  const userId = getAuthState().user?.id;
  if (!userId) return null;
  const before = readReservations(userId);
  const keep = offlineReady() ? QUOTE_RESERVATIONS_KEEP : 0;
  const short = keep > 0 && heldQuoteNumbers() < keep;
  // A block the quota could not fill is asked again only after a while (or when forced), not every 10 s.
  const recentlyShort = shortSince !== null && Date.now() - shortSince < SHORT_RETRY_MS;
  if (before.used.length === 0 && (!short || (recentlyShort && !force))) return null;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return null;
  try {
    const reported = before.used.slice(0, 50);
    const { data, error } = await (
      await loadSupabase()
    ).rpc('sync_quote_reservations', {
      p_device_id: before.device,
      p_used: reported.map((u) => ({ number: u.number, used_at: u.usedAt })),
      p_keep: keep,
    });
    if (error) throw error;
    const row = (data ?? {}) as SyncRow;
    if (row.conflicts?.length) console.warn('[atelier] quote numbers not confirmed by the server', row.conflicts);
    const settled = new Set([...(row.confirmed ?? []), ...(row.conflicts ?? [])]);
    // Read again: a devis may have taken a number while the call was under way.
    const after = readReservations(userId);
    if (after.device !== before.device) return null;
    const usedNow = new Set(after.used.map((u) => u.number));
    const held = (row.held ?? []).filter((h) => !usedNow.has(h.number));
    writeReservations(userId, { ...after, held, used: after.used.filter((u) => !settled.has(u.number)) });
    shortSince = keep > 0 && (row.held ?? []).length < keep ? Date.now() : null;
    // The server's account-wide figure as is (limit − used − held by any device): the same on every device.
    const remaining = row.remaining === null || row.remaining === undefined ? null : Math.max(0, row.remaining);
    return { plan: row.plan ?? 'free', quotesUsed: row.quotes_used ?? 0, remaining };
  } catch (error) {
    console.warn('[atelier] quote number reservations not synced', error);
    return null;
  }
}

/** Resolves once no sync is under way (at once when none is), or after `timeoutMs` on a slow network. */
export async function quoteReservationsSettled(timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (inFlight && Date.now() < deadline) {
    const left = deadline - Date.now();
    await Promise.race([inFlight.catch(() => null), new Promise((resolve) => setTimeout(resolve, left))]);
  }
}

/** Tests only. */
export function resetQuoteReservationsForTests(): void {
  inFlight = null;
  shortSince = null;
}
