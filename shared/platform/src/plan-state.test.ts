import { setSupabaseClient } from './supabase-client';
import { createFakeSupabase, fakeSession, type FakeSupabase } from './testing/fake-supabase';
import { resetAuthForTests, signIn } from './auth/auth-service';
import {
  consumeQuoteCredit,
  derivePlanState,
  getPlanState,
  nextDocumentNumber,
  quotesUsedThisMonth,
  refreshPlanState,
  resetPlanStateForTests,
  cachedPlan,
} from './plan-state';

let fake: FakeSupabase;

beforeEach(async () => {
  fake = createFakeSupabase();
  setSupabaseClient(fake.client);
  resetAuthForTests();
  resetPlanStateForTests();
  const session = fakeSession();
  fake.auth.signInWithPassword!.mockResolvedValue({ data: { session, user: session.user }, error: null });
  await signIn('marie@example.fr', 'secret1');
});

describe('derivePlanState', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  it('uses the active subscription plan', () => {
    expect(derivePlanState({ plan_id: 'pro', status: 'active' }, { quotes_used: 12 }, now)).toEqual({
      plan: 'pro',
      active: true,
      quotesUsed: 12,
      remaining: null,
      loading: false,
    });
  });
  it('falls back to free when the subscription is not active', () => {
    expect(
      derivePlanState(
        { plan_id: 'pro', status: 'canceled' },
        { quotes_used: 2, last_reset: '2026-03-01T00:00:00Z' },
        now,
      ),
    ).toMatchObject({
      plan: 'free',
      active: false,
      quotesUsed: 2,
      remaining: 1,
    });
    expect(derivePlanState(null, null, now)).toMatchObject({ plan: 'free', remaining: 3 });
  });
  it('counts nothing used when the last reset is from an earlier month', () => {
    expect(quotesUsedThisMonth(3, '2026-02-28T23:00:00Z', now)).toBe(0);
    expect(quotesUsedThisMonth(3, '2025-12-10T00:00:00Z', now)).toBe(0);
    expect(quotesUsedThisMonth(3, '2026-03-01T08:00:00Z', now)).toBe(3);
  });
});

describe('refreshPlanState', () => {
  it('reads the user rows and publishes the state', async () => {
    fake.tables.subscriptions = { data: { plan_id: 'enterprise', status: 'active' }, error: null };
    fake.tables.user_quotas = { data: { quotes_used: 4, last_reset: new Date().toISOString() }, error: null };
    await refreshPlanState();
    expect(getPlanState()).toEqual({
      plan: 'enterprise',
      active: true,
      quotesUsed: 4,
      remaining: null,
      loading: false,
    });
    const subQuery = fake.queries.find((q) => q.table === 'subscriptions')!;
    expect(subQuery.calls).toContainEqual(['eq', ['user_id', 'user-1']]);
  });

  it('ignores a missing row (PGRST116) and keeps the previous state on other errors', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    fake.tables.subscriptions = { data: null, error: { code: 'PGRST116' } };
    await refreshPlanState();
    expect(getPlanState()).toMatchObject({ plan: 'free', remaining: 3, loading: false });
    fake.tables.user_quotas = { data: null, error: { code: '42501', message: 'denied' } };
    fake.tables.subscriptions = { data: { plan_id: 'pro', status: 'active' }, error: null };
    await refreshPlanState();
    expect(getPlanState().plan).toBe('free');
  });

  it('offline, a Pro account shows its last known plan, not « Gratuit » (issue 29.8)', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    fake.tables.subscriptions = { data: { plan_id: 'pro', status: 'active' }, error: null };
    fake.tables.user_quotas = { data: { quotes_used: 0, last_reset: new Date().toISOString() }, error: null };
    await refreshPlanState();
    expect(cachedPlan('user-1')).toMatchObject({
      plan: 'pro',
      active: true,
      quota: { quotesUsed: 0, remaining: null },
    });

    // A new page load with no network: the state starts from the default, the server cannot answer.
    resetPlanStateForTests();
    fake.tables.subscriptions = { data: null, error: { message: 'Failed to fetch', code: '' } };
    await refreshPlanState();
    expect(getPlanState()).toMatchObject({ plan: 'pro', active: true, remaining: null, loading: false });
    expect(cachedPlan('someone-else')).toBeNull();
  });
});

describe('consumeQuoteCredit', () => {
  it('returns the allocated number and updates the plan state', async () => {
    fake.rpc.mockResolvedValueOnce({
      data: { allowed: true, plan: 'free', quotes_used: 2, remaining: 1, number: 'DE0002' },
      error: null,
    });
    await expect(consumeQuoteCredit()).resolves.toEqual({
      allowed: true,
      number: 'DE0002',
      plan: 'free',
      quotesUsed: 2,
      remaining: 1,
    });
    expect(fake.rpc).toHaveBeenCalledWith('consume_quote_credit');
    expect(getPlanState()).toMatchObject({ quotesUsed: 2, remaining: 1 });
  });

  it('reports a refusal without number', async () => {
    fake.rpc.mockResolvedValueOnce({
      data: { allowed: false, plan: 'free', quotes_used: 3, remaining: 0, number: null },
      error: null,
    });
    await expect(consumeQuoteCredit()).resolves.toMatchObject({ allowed: false, number: null, remaining: 0 });
  });

  it('treats -1 as unlimited', async () => {
    fake.rpc.mockResolvedValueOnce({
      data: { allowed: true, plan: 'pro', quotes_used: 40, remaining: -1, number: 'DE0040' },
      error: null,
    });
    await expect(consumeQuoteCredit()).resolves.toMatchObject({ remaining: null, plan: 'pro' });
  });
});

describe('nextDocumentNumber', () => {
  it('calls the RPC with the kind', async () => {
    fake.rpc.mockResolvedValueOnce({ data: 'FA0007', error: null });
    await expect(nextDocumentNumber('invoice')).resolves.toBe('FA0007');
    expect(fake.rpc).toHaveBeenCalledWith('next_document_number', { kind: 'invoice' });
  });
});

describe('derivePlanState — one figure for every device (issue 29.4, decision 0051)', () => {
  it('subtracts the numbers held by any device, like the reservation sync', () => {
    const now = new Date('2026-03-10T10:00:00Z');
    const quota = { quotes_used: 1, last_reset: '2026-03-01T00:00:00Z' };
    expect(derivePlanState(null, quota, now, 1).remaining).toBe(1);
    expect(derivePlanState(null, quota, now, 5).remaining).toBe(0);
    expect(derivePlanState({ plan_id: 'pro', status: 'active' }, quota, now, 3).remaining).toBeNull();
  });
});
