import { resetAuthForTests, signIn } from './auth/auth-service';
import { consumeQuoteCredit, getPlanState, resetPlanStateForTests, syncOfflineQuoteNumbers } from './plan-state';
import {
  heldQuoteNumbers,
  parisDay,
  parisMonth,
  readReservations,
  reservationsKey,
  resetQuoteReservationsForTests,
  syncQuoteReservations,
  takeReservedQuoteNumber,
} from './quote-reservations';
import { setSupabaseClient } from './supabase-client';
import { createFakeSupabase, fakeSession, type FakeSupabase } from './testing/fake-supabase';

let fake: FakeSupabase;
let userId: string;

function setController(on: boolean) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: on ? { controller: {}, addEventListener: jest.fn() } : undefined,
  });
}

beforeEach(async () => {
  localStorage.clear();
  fake = createFakeSupabase();
  setSupabaseClient(fake.client);
  resetAuthForTests();
  resetPlanStateForTests();
  resetQuoteReservationsForTests();
  const session = fakeSession();
  userId = session.user.id;
  fake.auth.signInWithPassword!.mockResolvedValue({ data: { session, user: session.user }, error: null });
  await signIn('marie@example.fr', 'secret1');
  fake.rpc.mockClear();
  setController(true);
});

afterEach(() => setController(false));

const month = parisMonth();
const day = parisDay();

describe('parisMonth', () => {
  it('gives the Paris calendar month (a UTC evening of the 31st is already the next month)', () => {
    expect(parisMonth(new Date('2026-10-31T23:30:00Z'))).toBe('2026-11');
    expect(parisMonth(new Date('2026-11-15T12:00:00Z'))).toBe('2026-11');
  });
});

describe('offline quote numbers', () => {
  it('reserves a block per device (stored per user) when the app opens offline here', async () => {
    fake.rpc.mockResolvedValueOnce({
      data: {
        plan: 'free',
        quotes_used: 0,
        remaining: 1,
        held: [
          { number: 'DE0001', month, day },
          { number: 'DE0002', month, day },
        ],
        confirmed: [],
        conflicts: [],
      },
      error: null,
    });
    await syncOfflineQuoteNumbers();
    const stored = readReservations(userId);
    expect(fake.rpc).toHaveBeenCalledWith('sync_quote_reservations', {
      p_device_id: stored.device,
      p_used: [],
      p_keep: 2,
    });
    expect(stored.held.map((h) => h.number)).toEqual(['DE0001', 'DE0002']);
    expect(localStorage.getItem(reservationsKey(userId))).toContain('DE0001');
    // Decision 0051: the account-wide figure (limit − used − held by any device), the same on every device.
    expect(getPlanState()).toMatchObject({ quotesUsed: 0, remaining: 1 });
    // Nothing to do: no call.
    fake.rpc.mockClear();
    await syncQuoteReservations();
    expect(fake.rpc).not.toHaveBeenCalled();
  });

  it('numbers a devis offline with the next reserved number, then confirms it at the next sync', async () => {
    localStorage.setItem(
      reservationsKey(userId),
      JSON.stringify({ device: 'device-test-0001', held: [{ number: 'DE0004', month, day }], used: [] }),
    );
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    try {
      const credit = await consumeQuoteCredit();
      expect(credit).toMatchObject({ allowed: true, number: 'DE0004' });
      expect(fake.rpc).not.toHaveBeenCalled(); // no network needed
      expect(readReservations(userId)).toMatchObject({ held: [], used: [{ number: 'DE0004' }] });
      // No number left: the server is asked (and fails offline).
      fake.rpc.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await expect(consumeQuoteCredit()).rejects.toThrow('Failed to fetch');
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    }
    fake.rpc.mockClear();
    fake.rpc.mockResolvedValueOnce({
      data: {
        plan: 'free',
        quotes_used: 1,
        remaining: 0,
        held: [{ number: 'DE0005', month, day }],
        confirmed: ['DE0004'],
        conflicts: [],
      },
      error: null,
    });
    await syncOfflineQuoteNumbers();
    expect(fake.rpc).toHaveBeenCalledWith('sync_quote_reservations', {
      p_device_id: 'device-test-0001',
      p_used: [{ number: 'DE0004', used_at: expect.any(String) }],
      p_keep: 2,
    });
    expect(readReservations(userId)).toMatchObject({ held: [{ number: 'DE0005' }], used: [] });
  });

  it('a refused credit online first brings back the numbers the server holds for this device', async () => {
    fake.rpc
      .mockResolvedValueOnce({
        data: { allowed: false, plan: 'free', quotes_used: 2, remaining: 0, number: null },
        error: null,
      })
      .mockResolvedValueOnce({
        data: { plan: 'free', quotes_used: 2, remaining: 0, held: [{ number: 'DE0003', month, day }], confirmed: [] },
        error: null,
      });
    await expect(consumeQuoteCredit()).resolves.toMatchObject({ allowed: true, number: 'DE0003' });
    // then the confirmation of the number used
    expect(fake.rpc.mock.calls.map((c) => c[0]).slice(0, 2)).toEqual([
      'consume_quote_credit',
      'sync_quote_reservations',
    ]);
    expect(readReservations(userId)).toMatchObject({ held: [], used: [{ number: 'DE0003' }] });
  });

  it('does not use a number reserved for an earlier day, nor one kept without its day (decision 0053)', () => {
    localStorage.setItem(
      reservationsKey(userId),
      JSON.stringify({
        device: 'device-test-0005',
        held: [
          { number: 'DE0001', month, day: '2020-01-01' },
          { number: 'DE0002', month },
        ],
        used: [],
      }),
    );
    expect(heldQuoteNumbers()).toBe(0);
    expect(takeReservedQuoteNumber()).toBeNull();
    localStorage.setItem(
      reservationsKey(userId),
      JSON.stringify({ device: 'device-test-0005', held: [{ number: 'DE0003', month, day }], used: [] }),
    );
    expect(heldQuoteNumbers()).toBe(1);
    expect(takeReservedQuoteNumber()).toBe('DE0003');
  });

  it('gives the Paris calendar day (a UTC evening is already the next day)', () => {
    expect(parisDay(new Date('2026-11-26T23:30:00Z'))).toBe('2026-11-27');
  });

  it('does not use a number reserved for an earlier month', () => {
    localStorage.setItem(
      reservationsKey(userId),
      JSON.stringify({ device: 'device-test-0002', held: [{ number: 'DE0001', month: '2020-01' }], used: [] }),
    );
    expect(takeReservedQuoteNumber()).toBeNull();
  });

  it('reserves nothing where the app does not open offline, but still confirms used numbers', async () => {
    setController(false);
    await syncQuoteReservations();
    expect(fake.rpc).not.toHaveBeenCalled();
    localStorage.setItem(
      reservationsKey(userId),
      JSON.stringify({ device: 'device-test-0003', held: [], used: [{ number: 'DE0002', usedAt: '2026-11-01' }] }),
    );
    fake.rpc.mockResolvedValueOnce({
      data: { plan: 'free', quotes_used: 1, remaining: 2, held: [], confirmed: ['DE0002'], conflicts: [] },
      error: null,
    });
    await syncQuoteReservations();
    expect(fake.rpc).toHaveBeenCalledWith('sync_quote_reservations', expect.objectContaining({ p_keep: 0 }));
    expect(readReservations(userId).used).toEqual([]);
  });

  it('keeps the numbers to confirm when the sync fails', async () => {
    localStorage.setItem(
      reservationsKey(userId),
      JSON.stringify({ device: 'device-test-0004', held: [], used: [{ number: 'DE0003', usedAt: '2026-11-01' }] }),
    );
    fake.rpc.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(syncQuoteReservations()).resolves.toBeNull();
    expect(readReservations(userId).used).toHaveLength(1);
  });
});
