// Plan, subscription details and the billing actions of /account (SPEC §4 Plan change, §8 Checkout and account).
import type { PlanId } from '@atelier/domain';
import {
  checkoutReturnUrls,
  createBillingPortalSession,
  createCheckoutSession,
  loadBillingDetails,
  refreshPlanState,
  syncSubscription,
  usePlanState,
  type BillingDetails,
  type PlanState,
} from '@atelier/platform';
import { useCallback, useEffect, useRef, useState } from 'react';

import { PLAN_CATALOG } from '@atelier/domain';
import { formatDate } from '@atelier/ui';

import { ACTIVATED_BANNER_MS, BILLING_MESSAGES as M } from '../messages';
import { redirectTo } from './redirect';

/** A message for the user; `plan` ties it to that plan's card (shown next to its button, scrolled into view). */
export type BillingNotice = { tone: 'success' | 'error' | 'info'; text: string; plan?: PlanId } | null;
export type BillingBusy = null | 'checkout' | 'portal' | 'sync';

const errorText = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

export function useBilling(userId: string | null) {
  const plan = usePlanState();
  const [details, setDetails] = useState<BillingDetails | null>(null);
  const [detailsFailed, setDetailsFailed] = useState(false);
  const [notice, setNotice] = useState<BillingNotice>(null);
  const [activated, setActivated] = useState(false);
  const [busy, setBusy] = useState<BillingBusy>(null);
  const previous = useRef<PlanState | null>(null);

  const loadDetails = useCallback(async () => {
    if (!userId) return;
    try {
      setDetails(await loadBillingDetails(userId));
      setDetailsFailed(false);
    } catch (error) {
      console.error('[atelier] billing details failed', error);
      setDetailsFailed(true);
    }
  }, [userId]);

  const reload = useCallback(async () => {
    await refreshPlanState();
    await loadDetails();
  }, [loadDetails]);

  // Details follow the plan state (refreshed every 10 s by the platform).
  useEffect(() => {
    void loadDetails();
  }, [loadDetails, plan.plan, plan.active]);

  // SPEC §4: when the status turns from non-active to active during a refresh, a success message shows for 5 s.
  useEffect(() => {
    const before = previous.current;
    previous.current = plan;
    if (!before || before.loading || plan.loading) return;
    if (!before.active && plan.active && plan.plan !== 'free') {
      setActivated(true);
      const timer = setTimeout(() => setActivated(false), ACTIVATED_BANNER_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [plan]);

  const choosePlan = useCallback(
    async (target: PlanId) => {
      setNotice(null);
      const paid = plan.active && plan.plan !== 'free';
      if (target === 'free') {
        setNotice({ tone: 'info', text: paid ? M.toFree : M.freeAlreadyActive, plan: target });
        return;
      }
      setBusy('checkout');
      try {
        const session = await createCheckoutSession(target, checkoutReturnUrls(window.location.origin, target));
        if (!session.changed) {
          redirectTo(session.url);
          return;
        }
        const name = PLAN_CATALOG[session.changed.plan].name;
        const { effective, periodEnd } = session.changed;
        const date = periodEnd ? formatDate(new Date(periodEnd * 1000).toISOString()) : null;
        await reload();
        setNotice({
          tone: 'success',
          text: effective === 'now' ? M.upgraded(name) : M.downgraded(name, date),
          plan: target,
        });
        setBusy(null);
      } catch (error) {
        console.error('[atelier] checkout failed', error);
        setNotice({ tone: 'error', text: errorText(error, M.changeFailed), plan: target });
        setBusy(null);
      }
    },
    [plan.active, plan.plan, reload],
  );

  const openPortal = useCallback(async () => {
    setNotice(null);
    setBusy('portal');
    try {
      redirectTo(await createBillingPortalSession(`${window.location.origin}/account`));
    } catch (error) {
      console.error('[atelier] billing portal failed', error);
      setNotice({ tone: 'error', text: M.portalFailed });
      setBusy(null);
    }
  }, []);

  const sync = useCallback(async () => {
    setNotice(null);
    if (!details?.customerId) {
      setNotice({ tone: 'error', text: M.noCustomer });
      return;
    }
    setBusy('sync');
    try {
      await syncSubscription(details.customerId);
      await reload();
      setNotice({ tone: 'success', text: M.syncSuccess });
    } catch (error) {
      console.error('[atelier] subscription sync failed', error);
      setNotice({ tone: 'error', text: M.syncError(errorText(error, M.syncFailed)) });
    } finally {
      setBusy(null);
    }
  }, [details?.customerId, reload]);

  return { plan, details, detailsFailed, notice, setNotice, activated, busy, choosePlan, openPortal, sync, reload };
}
