import {
  DEFAULT_PRICE_IDS as PRICES,
  PLAN_FEATURES,
  planForPrice,
  resolveSubscriptionStatus,
  type LocalSubscription,
  type ProviderSubscription,
} from './subscription-status';

const PERIOD_END = 1_800_000_000;
const PERIOD_END_ISO = new Date(PERIOD_END * 1000).toISOString();

function provider(patch: Partial<ProviderSubscription> = {}): ProviderSubscription {
  return {
    customer_id: 'cus_1',
    subscription_id: 'sub_1',
    price_id: PRICES.pro,
    status: 'active',
    current_period_start: PERIOD_END - 30 * 86400,
    current_period_end: PERIOD_END,
    cancel_at: null,
    cancel_at_period_end: false,
    ...patch,
  };
}

function local(patch: Partial<LocalSubscription> = {}): LocalSubscription {
  return {
    plan_id: 'pro',
    status: 'active',
    stripe_customer_id: 'cus_1',
    stripe_subscription_id: 'sub_1',
    current_period_start: new Date((PERIOD_END - 30 * 86400) * 1000).toISOString(),
    current_period_end: PERIOD_END_ISO,
    cancel_at: null,
    cancel_at_period_end: false,
    ...patch,
  };
}

type Case = {
  name: string;
  provider: ProviderSubscription | null;
  local: LocalSubscription | null;
  hasQuotas?: boolean;
  status: 'active' | 'inactive';
  plan: 'free' | 'pro' | 'enterprise';
  upsert: boolean;
  upsertPlan?: string;
  resetQuotas: boolean;
};

const CASES: Case[] = [
  // Rule 1: provider active → plan from the price id.
  {
    name: 'provider active pro, local matches',
    provider: provider(),
    local: local(),
    status: 'active',
    plan: 'pro',
    upsert: false,
    resetQuotas: true,
  },
  {
    name: 'provider active enterprise, local missing',
    provider: provider({ price_id: PRICES.enterprise }),
    local: null,
    status: 'active',
    plan: 'enterprise',
    upsert: true,
    upsertPlan: 'enterprise',
    resetQuotas: true,
  },
  {
    name: 'provider active pro, local free inactive',
    provider: provider(),
    local: local({ plan_id: 'free', status: 'inactive' }),
    status: 'active',
    plan: 'pro',
    upsert: true,
    upsertPlan: 'pro',
    resetQuotas: true,
  },
  {
    name: 'provider active enterprise, local active pro (different plan)',
    provider: provider({ price_id: PRICES.enterprise }),
    local: local(),
    status: 'active',
    plan: 'enterprise',
    upsert: true,
    upsertPlan: 'enterprise',
    resetQuotas: true,
  },
  {
    name: 'provider trialing counts as active',
    provider: provider({ status: 'trialing' }),
    local: null,
    status: 'active',
    plan: 'pro',
    upsert: true,
    upsertPlan: 'pro',
    resetQuotas: true,
  },
  {
    name: 'unknown price keeps the local plan',
    provider: provider({ price_id: 'price_other' }),
    local: local({ plan_id: 'enterprise' }),
    status: 'active',
    plan: 'enterprise',
    upsert: false,
    resetQuotas: true,
  },
  {
    name: 'unknown price without local record → free',
    provider: provider({ price_id: 'price_other' }),
    local: null,
    status: 'active',
    plan: 'free',
    upsert: true,
    upsertPlan: 'free',
    resetQuotas: false,
  },
  {
    name: 'provider active, period end moved → upsert',
    provider: provider({ current_period_end: PERIOD_END + 86400 }),
    local: local(),
    status: 'active',
    plan: 'pro',
    upsert: true,
    upsertPlan: 'pro',
    resetQuotas: true,
  },
  {
    name: 'provider active, cancel at period end → upsert',
    provider: provider({ cancel_at_period_end: true, cancel_at: PERIOD_END }),
    local: local(),
    status: 'active',
    plan: 'pro',
    upsert: true,
    upsertPlan: 'pro',
    resetQuotas: true,
  },
  // Provider subscription over: the local record follows (plan free).
  {
    name: 'provider canceled, local active pro',
    provider: provider({ status: 'canceled' }),
    local: local(),
    status: 'inactive',
    plan: 'free',
    upsert: true,
    upsertPlan: 'free',
    resetQuotas: false,
  },
  {
    name: 'provider past_due, local active pro',
    provider: provider({ status: 'past_due' }),
    local: local(),
    status: 'inactive',
    plan: 'free',
    upsert: true,
    upsertPlan: 'free',
    resetQuotas: false,
  },
  {
    name: 'provider canceled, local already canceled free',
    provider: provider({ status: 'canceled' }),
    local: local({ plan_id: 'free', status: 'canceled' }),
    status: 'inactive',
    plan: 'free',
    upsert: false,
    resetQuotas: false,
  },
  // Rule 2: no provider subscription → a locally active record is used.
  {
    name: 'no provider data, local active enterprise',
    provider: null,
    local: local({ plan_id: 'enterprise' }),
    status: 'active',
    plan: 'enterprise',
    upsert: false,
    resetQuotas: true,
  },
  {
    name: 'checkout not finished (not_started), local active pro',
    provider: provider({ status: 'not_started', subscription_id: null, price_id: null }),
    local: local(),
    status: 'active',
    plan: 'pro',
    upsert: false,
    resetQuotas: true,
  },
  // Rule 3: otherwise inactive free.
  {
    name: 'nothing at all',
    provider: null,
    local: null,
    status: 'inactive',
    plan: 'free',
    upsert: true,
    upsertPlan: 'free',
    resetQuotas: false,
  },
  {
    name: 'local inactive free, no provider',
    provider: null,
    local: local({ plan_id: 'free', status: 'inactive', stripe_subscription_id: null }),
    status: 'inactive',
    plan: 'free',
    upsert: false,
    resetQuotas: false,
  },
  {
    name: 'local inactive but says pro → upserted to free',
    provider: null,
    local: local({ plan_id: 'pro', status: 'inactive' }),
    status: 'inactive',
    plan: 'free',
    upsert: true,
    upsertPlan: 'free',
    resetQuotas: false,
  },
  {
    name: 'checkout started, nothing paid',
    provider: provider({ status: 'not_started', subscription_id: null, price_id: null }),
    local: null,
    status: 'inactive',
    plan: 'free',
    upsert: true,
    upsertPlan: 'free',
    resetQuotas: false,
  },
];

describe('resolveSubscriptionStatus (SPEC §4 Subscription status)', () => {
  it.each(CASES)('$name', (c) => {
    const result = resolveSubscriptionStatus({
      provider: c.provider,
      local: c.local,
      hasQuotas: c.hasQuotas ?? true,
      prices: PRICES,
    });
    expect(result.status.status).toBe(c.status);
    expect(result.status.plan_id).toBe(c.plan);
    expect(result.status.features).toEqual(PLAN_FEATURES[c.plan]);
    expect(result.upsertLocal !== null).toBe(c.upsert);
    if (c.upsertPlan) expect(result.upsertLocal?.plan_id).toBe(c.upsertPlan);
    expect(result.resetQuotas).toBe(c.resetQuotas);
    expect(result.createQuotas).toBe(false);
  });

  it('creates the quotas row when it is missing', () => {
    expect(
      resolveSubscriptionStatus({ provider: null, local: null, hasQuotas: false, prices: PRICES }).createQuotas,
    ).toBe(true);
  });

  it('mirrors the provider ids and period end (unix seconds → ISO) into the local record', () => {
    const { upsertLocal, status } = resolveSubscriptionStatus({
      provider: provider({ cancel_at_period_end: true, cancel_at: PERIOD_END }),
      local: null,
      hasQuotas: true,
      prices: PRICES,
    });
    expect(upsertLocal).toMatchObject({
      stripe_customer_id: 'cus_1',
      stripe_subscription_id: 'sub_1',
      current_period_end: PERIOD_END_ISO,
      cancel_at: PERIOD_END_ISO,
      cancel_at_period_end: true,
      status: 'active',
    });
    expect(status).toMatchObject({
      customer_id: 'cus_1',
      subscription_id: 'sub_1',
      current_period_end: PERIOD_END_ISO,
      cancel_at_period_end: true,
    });
  });

  it('voice and image recognition are flagged on in every plan’s status object', () => {
    for (const plan of ['free', 'pro', 'enterprise'] as const) {
      expect(PLAN_FEATURES[plan].voiceRecognition && PLAN_FEATURES[plan].imageRecognition).toBe(true);
    }
  });

  it('maps configured price ids to plans', () => {
    expect(planForPrice(PRICES.pro, PRICES)).toBe('pro');
    expect(planForPrice(PRICES.enterprise, PRICES)).toBe('enterprise');
    expect(planForPrice('price_x', PRICES)).toBeNull();
    expect(planForPrice(null, PRICES)).toBeNull();
  });
});
