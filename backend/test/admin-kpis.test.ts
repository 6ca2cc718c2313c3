// Issue 29.9 (decision record 0052): admin KPIs over a seeded month — devis counted from the devis rows (not the
// quota counter a plan change resets), revenue from the provider's stored prices by status, and the one plan
// catalogue table that SQL and the apps read.
import { PLANS, PLAN_IDS } from '@atelier/domain/src/plans';

import type { RunningBackend } from '../src/server.ts';
import { anonClient, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

const ADMIN_EMAIL = 'patron-kpis@atelier.test';
const ADMIN_PASSWORD = 'Patron-Atelier-2026!';
const MONTH_START = `(date_trunc('month', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris')`;

describe('admin KPIs over a seeded month', () => {
  let backend: RunningBackend;
  let admin: SignedInUser;
  const users: SignedInUser[] = [];
  // On PostgreSQL the database is shared by every test file: the figures are compared with the ones before seeding.
  let before: Record<string, number>;
  async function dashboardDelta(): Promise<Record<string, number>> {
    const { data, error } = await admin.client.rpc('admin_dashboard');
    expect(error).toBeNull();
    const now = data as Record<string, number>;
    return Object.fromEntries(
      Object.entries(now).map(([k, v]) => [k, typeof v === 'number' ? v - (before[k] ?? 0) : v]),
    ) as Record<string, number>;
  }

  async function sync(user: SignedInUser, plan: string, status: string, price: Record<string, unknown> | null) {
    const customer = `cus_${user.id.slice(0, 8)}`;
    const subscription = price
      ? { subscription_id: `sub_${user.id.slice(0, 8)}`, price_id: `price_${plan}`, status, ...price }
      : null;
    await backend.db.query(
      `select public.apply_billing_sync(p_user_id => $1, p_customer_id => $2, p_subscription => $3::jsonb,
         p_local => $4::jsonb, p_reset_quotas => true)`,
      [
        user.id,
        customer,
        subscription && JSON.stringify(subscription),
        JSON.stringify({ stripe_customer_id: customer, plan_id: plan, status }),
      ],
    );
  }

  async function seedQuotes(user: SignedInUser, thisMonth: number, lastMonth: number, drafts: number) {
    const rows: string[] = [];
    let n = 0;
    const add = (date: string, numbered: boolean) => {
      n += 1;
      rows.push(`($1, ${numbered ? `'DE${String(n).padStart(4, '0')}'` : 'null'}, ${date})`);
    };
    for (let i = 0; i < lastMonth; i++) add(`${MONTH_START} - interval '1 hour'`, true);
    for (let i = 0; i < thisMonth; i++) add(`${MONTH_START} + interval '${i + 1} minutes'`, true);
    for (let i = 0; i < drafts; i++) add('now()', false);
    await backend.db.query(`insert into public.quotes (user_id, number, date) values ${rows.join(', ')}`, [user.id]);
  }

  beforeAll(async () => {
    backend = await startTestBackend({ adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
    const client = anonClient(backend);
    const { data, error } = await client.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    if (error || !data.session) throw error ?? new Error('admin sign-in failed');
    admin = {
      client,
      id: data.user.id,
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
      accessToken: data.session.access_token,
      refreshToken: data.session.refresh_token,
    };
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin']) users.push(await signUpUser(backend, name));
    before = (await admin.client.rpc('admin_dashboard')).data as Record<string, number>;
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('counts the devis made this month from the devis rows, even after a plan change reset the quota counter', async () => {
    const [alice, bob] = users as [SignedInUser, SignedInUser];
    await seedQuotes(alice, 5, 2, 1); // the user of issue 29.9: 5 this month (+ 2 last month, 1 unnumbered draft)
    await seedQuotes(bob, 2, 0, 0);
    // Alice upgrades mid-month: the sync resets her quota counter to 0 — the KPI must not follow it.
    await sync(alice, 'pro', 'active', {
      unit_amount: 28800,
      currency: 'eur',
      price_interval: 'year',
      price_interval_count: 1,
    });
    const quota = await backend.db.query('select quotes_used from public.user_quotas where user_id = $1', [alice.id]);
    expect(quota.rows[0]?.quotes_used).toBe(0);

    expect((await dashboardDelta()).quotes_this_month).toBe(7);
  });

  it('computes revenue from the stored provider prices, status by status', async () => {
    const [, bob, carol, dave, erin] = users as [SignedInUser, SignedInUser, SignedInUser, SignedInUser, SignedInUser];
    // bob: enterprise, past_due, monthly 6000 → counted (and flagged); carol: pro trialing → not revenue yet;
    // dave: pro canceled → nothing; erin: pro active with no stored price → the catalogue's price.
    await sync(bob, 'enterprise', 'past_due', {
      unit_amount: 6000,
      currency: 'eur',
      price_interval: 'month',
      price_interval_count: 1,
    });
    await sync(carol, 'pro', 'trialing', {
      unit_amount: 2999,
      currency: 'eur',
      price_interval: 'month',
      price_interval_count: 1,
    });
    await sync(dave, 'pro', 'canceled', {
      unit_amount: 2999,
      currency: 'eur',
      price_interval: 'month',
      price_interval_count: 1,
    });
    await sync(erin, 'pro', 'active', null);

    const stored = await backend.db.query(
      'select unit_amount, price_interval from public.stripe_subscriptions where user_id = $1',
      [bob.id],
    );
    expect(stored.rows[0]).toMatchObject({ price_interval: 'month' });
    expect(Number(stored.rows[0]?.unit_amount)).toBe(6000);

    expect(await dashboardDelta()).toMatchObject({
      // alice 28800 / 12 = 2400 (active) + bob 6000 (past_due) + erin 2999 (catalogue)
      mrr_cents: 2400 + 6000 + PLANS.pro.priceCents,
      past_due_mrr_cents: 6000,
      past_due: 1,
      trialing: 1,
      trialing_mrr_cents: 2999,
      canceled: 1,
      quotes_this_month: 7,
    });
  });

  it('non-administrators get no figures', async () => {
    expect((await users[0]!.client.rpc('admin_dashboard')).error?.code).toBe('42501');
    expect((await anonClient(backend).rpc('admin_dashboard')).error).not.toBeNull();
  });

  it('has one plan catalogue: readable by anyone, writable by no user, equal to PLANS', async () => {
    const anon = anonClient(backend);
    const { data, error } = await anon.from('plan_catalog').select('*').order('price_cents');
    expect(error).toBeNull();
    expect(data).toHaveLength(PLAN_IDS.length);
    for (const row of data as { plan_id: keyof typeof PLANS; price_cents: number; quotes_per_month: number }[]) {
      expect(row.price_cents).toBe(PLANS[row.plan_id].priceCents);
      expect(row.quotes_per_month).toBe(PLANS[row.plan_id].quota.quotesPerMonth);
    }
    const attacker = users[4]!;
    await attacker.client.from('plan_catalog').update({ price_cents: 0 }).eq('plan_id', 'pro');
    await attacker.client.from('plan_catalog').insert({ plan_id: 'pro', name: 'x', price_cents: 1 });
    const after = await anon.from('plan_catalog').select('price_cents').eq('plan_id', 'pro').single();
    expect(after.data?.price_cents).toBe(PLANS.pro.priceCents);
    // The billing write path stays closed to users.
    expect((await attacker.client.rpc('apply_billing_sync', { p_user_id: attacker.id })).error).not.toBeNull();
  });

  it('the free quota limit comes from the catalogue (3 credits, then refused)', async () => {
    const fresh = await signUpUser(backend, 'frank');
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push((await fresh.client.rpc('consume_quote_credit')).data as { allowed: boolean });
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false]);
  });
});
