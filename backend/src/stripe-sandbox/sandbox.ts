// The Stripe sandbox: a small, stateful, Stripe-API-compatible server the unchanged function code reaches through
// stripe-node's host/port/protocol options when no real STRIPE_SECRET_KEY is configured. It keeps customers,
// checkout sessions, subscriptions and billing-portal sessions in memory, serves a French test-mode checkout page
// and portal page, and — like Stripe — POSTs signed events to the stripe-webhook function. A sandbox clock can be
// moved forward (renewals, cancellations at period end). Mounted by server.ts only when Stripe is not configured.
// As closed as Stripe: the API answers only this install's secret key (401 otherwise, Stripe's JSON), events are
// signed with this install's webhook secret, the clock needs the service role, and a checkout or portal page
// exists only for a session created through the API (i.e. by the functions, for the signed-in user's customer).
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { readBody, send, sendJson } from '../http.ts';
import { parseStripeForm, type FormValue } from './form.ts';
import { checkoutPage, portalPage } from './pages.ts';

export const SANDBOX_API_VERSION = '2026-10-28.endive';

/** Test cards (Stripe's documented numbers). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  /** Accepted at checkout, declined at the first renewal (invoice.payment_failed). */
  failsOnRenewal: '4000000000000341',
};

export const SANDBOX_MESSAGES = {
  declined: 'Votre carte a été refusée. Veuillez utiliser un autre moyen de paiement.',
  invalidCard: 'Numéro de carte invalide.',
  invalidExpiry: "Date d'expiration invalide.",
  invalidCvc: 'Code de sécurité (CVC) invalide.',
  expiredSession: 'Cette session de paiement a expiré.',
};

interface Price {
  id: string;
  unitAmount: number;
  productName: string;
}

type Json = Record<string, unknown>;

interface Customer extends Json {
  id: string;
  card?: string;
}

interface Subscription extends Json {
  id: string;
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  items: {
    object: 'list';
    data: Array<Json & { price: Json; current_period_start: number; current_period_end: number }>;
  };
}

export interface StripeSandboxOptions {
  /** Where events go: the stripe-webhook function of this backend. */
  webhookUrl: () => string;
  /** The only API key the sandbox answers (per install, security/secrets.ts). */
  secretKey: string;
  /** Signs the events (per install). */
  webhookSecret: string;
  /** True for a request carrying the backend's service-role key (clock and other test controls). */
  isServiceRole: (req: IncomingMessage) => boolean;
  /** Known prices (id → amount/name); other `price_…` ids are accepted at 0 €. */
  prices?: Price[];
  log?: (line: string) => void;
}

export class StripeSandboxError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

// 122 random bits (more than Stripe's ids need); randomUUID draws from a buffered pool, not one syscall per id.
const id = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '')}`;

function addMonth(seconds: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** Stripe's v1 signature: t=<unix>,v1=<hex HMAC-SHA256(secret, `${t}.${payload}`)>. */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export class StripeSandbox {
  private readonly customers = new Map<string, Customer>();
  private readonly sessions = new Map<string, Json>();
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly portals = new Map<string, Json>();
  private readonly prices = new Map<string, Price>();
  /** Seconds added to the wall clock by test-clock advances. */
  private offsetSeconds = 0;
  readonly webhookSecret: string;
  private readonly log: (line: string) => void;
  /** Serialises event delivery: Stripe sends one customer's events one after another in tests too. */
  private delivery: Promise<unknown> = Promise.resolve();
  /** Tests: events kept instead of delivered (to replay or reorder them). */
  private held: string[] | null = null;

  constructor(private readonly options: StripeSandboxOptions) {
    if (!/^sk_test_.{24,}$/.test(options.secretKey) || options.webhookSecret.length < 24)
      throw new Error('the Stripe sandbox needs a per-install secret key and webhook secret');
    this.webhookSecret = options.webhookSecret;
    this.log = options.log ?? (() => undefined);
    for (const price of options.prices ?? [
      { id: 'price_atelier_pro', unitAmount: 2999, productName: 'Atelier Pro' },
      { id: 'price_atelier_enterprise', unitAmount: 5499, productName: 'Atelier Enterprise' },
    ])
      this.prices.set(price.id, price);
  }

  /** The install's sandbox API key (tests act as the functions with it). */
  get secretKey(): string {
    return this.options.secretKey;
  }

  /** The sandbox's current time (wall clock plus test-clock advances), unix seconds. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.offsetSeconds;
  }

  // ---- HTTP ------------------------------------------------------------------------------------------------

  /** Handles /v1/* (the API) and /stripe-sandbox/* (pages, clock); false for anything else. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname;
    if (path.startsWith('/v1/')) {
      await this.api(req, res, url);
      return true;
    }
    if (path.startsWith('/stripe-sandbox/')) {
      await this.pages(req, res, url);
      return true;
    }
    return false;
  }

  private async api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const key = apiKeyOf(req.headers.authorization);
    if (!key || !sameSecret(key, this.options.secretKey)) {
      req.resume();
      // Stripe's answers (no key / a wrong key), with the key masked as Stripe does.
      return sendJson(
        res,
        401,
        {
          error: {
            type: 'invalid_request_error',
            message: key
              ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
              : 'You did not provide an API key. You need to provide your API key in the Authorization header, using ' +
                "Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
          },
        },
        { 'www-authenticate': 'Bearer realm="Stripe"' },
      );
    }
    try {
      const body =
        req.method === 'GET' || req.method === 'DELETE'
          ? {}
          : parseStripeForm((await readBody(req, 1 << 20)).toString('utf8'));
      const query = parseStripeForm(url.search.slice(1));
      const result = await this.route(req.method ?? 'GET', url.pathname.slice('/v1'.length), { ...query, ...body });
      sendJson(res, 200, result, { 'request-id': id('req'), 'stripe-version': SANDBOX_API_VERSION });
    } catch (error) {
      if (error instanceof StripeSandboxError) {
        return sendJson(res, error.status, {
          error: { type: 'invalid_request_error', message: error.message, code: error.code, param: error.param },
        });
      }
      throw error;
    }
  }

  private async route(method: string, path: string, params: Record<string, FormValue>): Promise<unknown> {
    const [resource, second, third, fourth] = path.split('/').filter(Boolean);
    const str = (key: string): string | undefined =>
      typeof params[key] === 'string' ? (params[key] as string) : undefined;
    const is = (m: string, r: string, withId: boolean) => method === m && resource === r && !!second === withId;
    if (is('POST', 'customers', false))
      return this.createCustomer({ email: str('email') ?? null, metadata: (params.metadata as Json) ?? {} });
    if (is('GET', 'customers', true) && !third) return this.customer(second!);
    if (is('DELETE', 'customers', true)) {
      this.customer(second!);
      this.customers.delete(second!);
      return { id: second, object: 'customer', deleted: true };
    }
    if (method === 'POST' && resource === 'checkout' && second === 'sessions' && !third)
      return this.createSession(params);
    if (method === 'GET' && resource === 'checkout' && second === 'sessions' && third) return this.session(third);
    if (is('GET', 'subscriptions', false))
      return this.listSubscriptions(str('customer'), str('status'), Number(str('limit') ?? 10));
    if (is('GET', 'subscriptions', true)) return this.subscription(second!);
    if (is('POST', 'subscriptions', true)) return this.updateSubscription(second!, params);
    if (is('DELETE', 'subscriptions', true)) return this.cancelNow(second!);
    if (method === 'POST' && resource === 'billing_portal' && second === 'sessions')
      return this.createPortal(str('customer'), str('return_url'));
    if (method === 'POST' && resource === 'test_helpers' && second === 'test_clocks') {
      if (third && fourth === 'advance') await this.advanceTo(Number(str('frozen_time')));
      return {
        id: third ?? 'clock_sandbox',
        object: 'test_helpers.test_clock',
        frozen_time: this.now(),
        status: 'ready',
      };
    }
    throw new StripeSandboxError(404, `Unrecognized request URL (${method}: /v1${path}).`);
  }

  private async pages(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const parts = url.pathname.split('/').filter(Boolean).slice(1); // after 'stripe-sandbox'
    const html = (status: number, body: string) =>
      send(res, status, { 'content-type': 'text/html; charset=utf-8' }, body);
    const form = async () => new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
    if (parts[0] === 'checkout' && parts[1]) {
      const session = this.sessions.get(parts[1]);
      // Only a session opened by create-checkout for a user's own customer has a page.
      if (!session || !session.customer || !this.customers.has(session.customer as string))
        return html(404, '<p>Session de paiement introuvable.</p>');
      if (req.method === 'GET') return html(200, this.renderCheckout(session));
      if (req.method === 'POST' && parts[2] === 'pay') {
        const fields = await form();
        const outcome = await this.pay(session, {
          card: fields.get('card') ?? '',
          exp: fields.get('exp') ?? '',
          cvc: fields.get('cvc') ?? '',
        });
        if (outcome.error) return html(402, this.renderCheckout(session, outcome.error));
        return send(res, 303, { location: outcome.redirect! });
      }
    }
    if (parts[0] === 'portal' && parts[1]) {
      const portal = this.portals.get(parts[1]);
      if (!portal) return html(404, '<p>Session du portail introuvable.</p>');
      if (req.method === 'GET') return html(200, this.renderPortal(portal));
      if (req.method === 'POST' && (parts[2] === 'cancel' || parts[2] === 'resume')) {
        const sub = this.currentSubscription(portal.customer as string);
        if (sub)
          await this.updateSubscription(sub.id, { cancel_at_period_end: parts[2] === 'cancel' ? 'true' : 'false' });
        return send(res, 303, { location: `/stripe-sandbox/portal/${encodeURIComponent(parts[1])}` });
      }
    }
    if (parts[0] === 'clock' && !this.options.isServiceRole(req)) {
      req.resume();
      return sendJson(res, 401, { message: 'The sandbox clock needs the service_role key' });
    }
    if (parts[0] === 'clock' && req.method === 'GET')
      return sendJson(res, 200, { now: this.now(), offset: this.offsetSeconds });
    if (parts[0] === 'clock' && parts[1] === 'advance' && req.method === 'POST') {
      let body: { seconds?: number; to?: number };
      try {
        body = JSON.parse((await readBody(req, 4096)).toString('utf8') || '{}') as typeof body;
      } catch {
        return sendJson(res, 400, { message: 'Invalid JSON body' });
      }
      await this.advanceTo(body.to ?? this.now() + Number(body.seconds ?? 0));
      return sendJson(res, 200, { now: this.now() });
    }
    html(404, '<p>Page introuvable.</p>');
  }

  private renderCheckout(session: Json, error?: string): string {
    const price = this.price((session.line_items as Array<{ price: string }>)[0]!.price);
    const customer = this.customers.get(session.customer as string);
    return checkoutPage({
      sessionId: session.id as string,
      productName: price.productName,
      amountCents: price.unitAmount,
      email: (customer?.email as string | null) ?? null,
      cancelUrl: session.cancel_url as string,
      error,
    });
  }

  private renderPortal(portal: Json): string {
    const sub = this.currentSubscription(portal.customer as string);
    const item = sub?.items.data[0];
    const price = item ? this.price(item.price.id as string) : null;
    return portalPage({
      portalId: portal.id as string,
      productName: price?.productName ?? null,
      amountCents: price?.unitAmount ?? 0,
      periodEnd: item?.current_period_end ?? null,
      cancelAtPeriodEnd: !!sub?.cancel_at_period_end,
      active: !!sub && ['active', 'trialing', 'past_due'].includes(sub.status),
      returnUrl: portal.return_url as string,
    });
  }

  // ---- Objects ---------------------------------------------------------------------------------------------

  private price(priceId: string): Price {
    const known = this.prices.get(priceId);
    if (known) return known;
    if (/^price_/.test(priceId)) return { id: priceId, unitAmount: 0, productName: priceId };
    throw new StripeSandboxError(400, `No such price: '${priceId}'`, 'resource_missing', 'line_items[0][price]');
  }

  createCustomer(args: { email: string | null; metadata: Json }): Customer {
    const customer: Customer = {
      id: id('cus'),
      object: 'customer',
      email: args.email,
      metadata: args.metadata,
      created: this.now(),
      livemode: false,
      test_clock: null,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private customer(customerId: string): Customer {
    const customer = this.customers.get(customerId);
    if (!customer) throw new StripeSandboxError(404, `No such customer: '${customerId}'`, 'resource_missing', 'id');
    return customer;
  }

  private createSession(params: Record<string, FormValue>): Json {
    const customerId = params.customer as string | undefined;
    if (customerId) this.customer(customerId);
    const items = (params.line_items as Array<Record<string, string>> | undefined) ?? [];
    if (!items[0]?.price)
      throw new StripeSandboxError(400, 'Missing required param: line_items.', 'parameter_missing', 'line_items');
    this.price(items[0].price);
    for (const key of ['success_url', 'cancel_url']) {
      if (typeof params[key] !== 'string')
        throw new StripeSandboxError(400, `Missing required param: ${key}.`, 'parameter_missing', key);
    }
    const sessionId = `cs_test_${randomBytes(16).toString('hex')}`;
    const session: Json = {
      id: sessionId,
      object: 'checkout.session',
      mode: params.mode ?? 'payment',
      customer: customerId ?? null,
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      subscription_data: params.subscription_data ?? {},
      line_items: items.map((item) => ({ price: item.price, quantity: Number(item.quantity ?? 1) })),
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      currency: 'eur',
      amount_total: this.price(items[0].price).unitAmount,
      created: this.now(),
      expires_at: this.now() + 24 * 3600,
      livemode: false,
      url: `${this.baseUrl()}/stripe-sandbox/checkout/${sessionId}`,
    };
    this.sessions.set(sessionId, session);
    return session;
  }

  private session(sessionId: string): Json {
    const session = this.sessions.get(sessionId);
    if (!session)
      throw new StripeSandboxError(404, `No such checkout.session: '${sessionId}'`, 'resource_missing', 'session');
    const { subscription_data: _omit, line_items: _items, ...visible } = session;
    return visible;
  }

  private listSubscriptions(customer: string | undefined, status: string | undefined, limit: number): Json {
    const all = [...this.subscriptions.values()]
      .filter((sub) => !customer || sub.customer === customer)
      .filter((sub) =>
        status === 'all'
          ? true
          : status
            ? sub.status === status
            : !['canceled', 'incomplete_expired'].includes(sub.status),
      )
      .sort((a, b) => (b.created as number) - (a.created as number));
    return {
      object: 'list',
      data: all.slice(0, limit || 10),
      has_more: all.length > (limit || 10),
      url: '/v1/subscriptions',
    };
  }

  private subscription(subscriptionId: string): Subscription {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new StripeSandboxError(404, `No such subscription: '${subscriptionId}'`, 'resource_missing', 'id');
    return sub;
  }

  private currentSubscription(customerId: string): Subscription | null {
    return (
      [...this.subscriptions.values()]
        .filter((sub) => sub.customer === customerId)
        .sort((a, b) => (b.created as number) - (a.created as number))[0] ?? null
    );
  }

  private async updateSubscription(subscriptionId: string, params: Record<string, FormValue>): Promise<Subscription> {
    const sub = this.subscription(subscriptionId);
    const previous: Json = {};
    if (typeof params.cancel_at_period_end === 'string') {
      if (sub.status === 'canceled')
        throw new StripeSandboxError(400, 'A canceled subscription can only update its metadata.');
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
      sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0]!.current_period_end : null;
      sub.canceled_at = sub.cancel_at_period_end ? this.now() : null;
    }
    if (params.metadata && typeof params.metadata === 'object')
      sub.metadata = { ...(sub.metadata as Json), ...(params.metadata as Json) };
    const proration = this.changePrice(sub, params, previous);
    await this.emit('customer.subscription.updated', sub, previous);
    if (proration) await this.emit('invoice.paid', proration);
    return sub;
  }

  /**
   * `items[0][price]` (with the item's `id`) moves the subscription to another price, as Stripe does: the period
   * stays, and `proration_behavior` decides what the rest of it costs — `create_prorations` (default) and
   * `always_invoice` charge the difference for the time left (the latter at once: the returned invoice), `none`
   * charges nothing now (the new price applies from the next renewal).
   */
  private changePrice(sub: Subscription, params: Record<string, FormValue>, previous: Json): Json | null {
    if (params.items === undefined) return null;
    const items = params.items;
    if (!Array.isArray(items) || items.length !== 1 || typeof items[0] !== 'object' || Array.isArray(items[0]))
      throw new StripeSandboxError(400, 'Invalid array', 'parameter_invalid_array', 'items');
    const change = items[0] as Record<string, FormValue>;
    const item = sub.items.data[0]!;
    if (change.id !== undefined && change.id !== item.id)
      throw new StripeSandboxError(
        400,
        `No such subscription item: '${String(change.id)}'`,
        'resource_missing',
        'items[0][id]',
      );
    if (typeof change.price !== 'string') return null;
    if (!['active', 'trialing', 'past_due'].includes(sub.status))
      throw new StripeSandboxError(400, `A ${sub.status} subscription cannot change its price.`);
    const behavior = params.proration_behavior ?? 'create_prorations';
    if (behavior !== 'create_prorations' && behavior !== 'always_invoice' && behavior !== 'none')
      throw new StripeSandboxError(400, 'Invalid proration_behavior', 'parameter_invalid', 'proration_behavior');
    const price = this.price(change.price);
    if (price.id === item.price.id) return null;
    previous.items = { object: 'list', data: [{ ...item, price: { ...item.price } }] };
    const oldAmount = item.price.unit_amount as number;
    item.price = {
      id: price.id,
      object: 'price',
      currency: 'eur',
      unit_amount: price.unitAmount,
      recurring: { interval: 'month', interval_count: 1 },
      product: `prod_${price.id.replace(/^price_/, '')}`,
    };
    if (behavior === 'none') return null;
    const period = Math.max(1, item.current_period_end - item.current_period_start);
    const left = Math.min(period, Math.max(0, item.current_period_end - this.now()));
    const amount = Math.max(0, Math.round(((price.unitAmount - oldAmount) * left) / period));
    const invoice: Json = {
      ...this.invoice(sub, 'paid'),
      amount_due: amount,
      amount_paid: amount,
      billing_reason: 'subscription_update',
    };
    sub.latest_invoice = invoice.id;
    return behavior === 'always_invoice' ? invoice : null;
  }

  private async cancelNow(subscriptionId: string): Promise<Subscription> {
    const sub = this.subscription(subscriptionId);
    if (sub.status !== 'canceled') {
      sub.status = 'canceled';
      sub.canceled_at = this.now();
      sub.ended_at = this.now();
      await this.emit('customer.subscription.deleted', sub);
    }
    return sub;
  }

  private createPortal(customerId: string | undefined, returnUrl: string | undefined): Json {
    if (!customerId)
      throw new StripeSandboxError(400, 'Missing required param: customer.', 'parameter_missing', 'customer');
    this.customer(customerId);
    const portalId = id('bps');
    const portal: Json = {
      id: portalId,
      object: 'billing_portal.session',
      customer: customerId,
      return_url: returnUrl ?? null,
      created: this.now(),
      livemode: false,
      url: `${this.baseUrl()}/stripe-sandbox/portal/${portalId}`,
    };
    this.portals.set(portalId, portal);
    return portal;
  }

  // ---- Payment and time ------------------------------------------------------------------------------------

  /** Pays a checkout session with a test card: creates the subscription and sends its events. */
  async pay(
    session: Json,
    card: { card: string; exp: string; cvc: string },
  ): Promise<{ error?: string; redirect?: string }> {
    if (session.status === 'complete') return { redirect: this.successUrl(session) };
    if (session.status !== 'open') return { error: SANDBOX_MESSAGES.expiredSession };
    const number = card.card.replace(/[\s-]/g, '');
    if (!/^\d{13,19}$/.test(number) || !luhn(number)) return { error: SANDBOX_MESSAGES.invalidCard };
    if (!/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(card.exp.trim())) return { error: SANDBOX_MESSAGES.invalidExpiry };
    if (!/^\d{3,4}$/.test(card.cvc.trim())) return { error: SANDBOX_MESSAGES.invalidCvc };
    if (number === TEST_CARDS.declined) return { error: SANDBOX_MESSAGES.declined };

    const customerId = session.customer as string;
    const customer = this.customer(customerId);
    customer.card = number;
    const now = this.now();
    const priceId = (session.line_items as Array<{ price: string }>)[0]!.price;
    const price = this.price(priceId);
    const sub: Subscription = {
      id: id('sub'),
      object: 'subscription',
      customer: customerId,
      status: 'active',
      created: now,
      start_date: now,
      billing_cycle_anchor: now,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      collection_method: 'charge_automatically',
      currency: 'eur',
      livemode: false,
      latest_invoice: id('in'),
      default_payment_method: null,
      metadata: ((session.subscription_data as Json | undefined)?.metadata as Json) ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            quantity: 1,
            price: {
              id: price.id,
              object: 'price',
              currency: 'eur',
              unit_amount: price.unitAmount,
              recurring: { interval: 'month', interval_count: 1 },
              product: `prod_${price.id.replace(/^price_/, '')}`,
            },
            current_period_start: now,
            current_period_end: addMonth(now),
          },
        ],
      },
    };
    this.subscriptions.set(sub.id, sub);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
    // Stripe does not promise an order; send them in the order it usually does.
    await this.emit('customer.subscription.created', sub);
    await this.emit('checkout.session.completed', this.session(session.id as string));
    await this.emit('invoice.paid', this.invoice(sub, 'paid'));
    return { redirect: this.successUrl(session) };
  }

  private successUrl(session: Json): string {
    return (session.success_url as string).replace('{CHECKOUT_SESSION_ID}', session.id as string);
  }

  private invoice(sub: Subscription, status: 'paid' | 'open'): Json {
    const item = sub.items.data[0]!;
    return {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status,
      amount_due: item.price.unit_amount,
      amount_paid: status === 'paid' ? item.price.unit_amount : 0,
      currency: 'eur',
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
      created: this.now(),
    };
  }

  /** Moves the sandbox clock forward; periods that end on the way renew, or end the subscription. */
  async advanceTo(target: number): Promise<void> {
    if (!Number.isFinite(target) || target <= this.now()) return;
    this.offsetSeconds += target - this.now();
    for (const sub of this.subscriptions.values()) {
      while (['active', 'trialing', 'past_due'].includes(sub.status)) {
        const item = sub.items.data[0]!;
        if (item.current_period_end > target) break;
        if (sub.cancel_at_period_end) {
          sub.status = 'canceled';
          sub.ended_at = item.current_period_end;
          await this.emit('customer.subscription.deleted', sub);
          break;
        }
        const card = this.customers.get(sub.customer)?.card;
        if (card === TEST_CARDS.failsOnRenewal) {
          sub.status = 'past_due';
          await this.emit('invoice.payment_failed', this.invoice(sub, 'open'));
          await this.emit('customer.subscription.updated', sub, { status: 'active' });
          break;
        }
        item.current_period_start = item.current_period_end;
        item.current_period_end = addMonth(item.current_period_end);
        await this.emit('customer.subscription.updated', sub, { items: {} });
        await this.emit('invoice.paid', this.invoice(sub, 'paid'));
      }
    }
  }

  // ---- Events ----------------------------------------------------------------------------------------------

  /** Builds a Stripe event and POSTs it, signed, to the webhook; resolves once the webhook has answered. */
  emit(type: string, object: Json, previous?: Json): Promise<void> {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: SANDBOX_API_VERSION,
      created: this.now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
    };
    if (this.held) {
      this.held.push(JSON.stringify(event));
      return Promise.resolve();
    }
    const run = this.delivery.then(async () => {
      await this.deliver(JSON.stringify(event), type);
    });
    this.delivery = run.catch(() => undefined);
    return run;
  }

  /** Tests: keep the next events instead of delivering them. */
  holdEvents(): void {
    this.held = [];
  }

  /** Tests: stop holding; returns the held payloads (JSON strings), in emission order. */
  releaseEvents(): string[] {
    const held = this.held ?? [];
    this.held = null;
    return held;
  }

  /** Sends a raw payload with a valid signature (tests also use it to replay or reorder events). */
  async deliver(payload: string, label = 'event'): Promise<number> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        const res = await fetch(this.options.webhookUrl(), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(payload, this.webhookSecret) },
          body: payload,
        });
        await res.arrayBuffer();
        if (res.ok) return res.status;
        this.log(`[stripe-sandbox] webhook answered ${res.status} to ${label}`);
        if (res.status < 500) return res.status;
      } catch (error) {
        this.log(`[stripe-sandbox] webhook delivery failed (${label}): ${(error as Error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
    return 0;
  }

  private baseUrl(): string {
    return new URL(this.options.webhookUrl()).origin;
  }
}

/** The key of `Authorization: Bearer sk_…` or of Basic auth with the key as user name (both accepted by Stripe). */
function apiKeyOf(header: string | undefined): string | null {
  if (!header) return null;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1]!;
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic) return Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0] || null;
  return null;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
