// The plan list of the product (SPEC §3 « Plan list entry »): one catalogue shown by the sign-up cards and the
// /account cards, so names, prices and features are the same everywhere (DESIGN §8). French texts: they are the
// cards' content, shared by two apps.
import { formatEuros } from './money';
import { PLANS, type PlanId } from './plans';

export interface PlanFeatureLine {
  label: string;
  included: boolean;
}

export interface PlanCatalogEntry {
  id: PlanId;
  name: string;
  /** Monthly price in cents. */
  priceCents: number;
  period: 'mois';
  /** Card features: the quota lines come from PLANS; the AI analysis is marked off for free (DESIGN §8). */
  features: PlanFeatureLine[];
  /** /account panels. */
  details: { quotas: string[]; features: string[]; support: string[] };
}

/** « 3 devis par mois » / « Devis illimités », from the plan's quota (never typed twice). */
export function quotesLine(plan: PlanId): string {
  const n = PLANS[plan].quota.quotesPerMonth;
  return n < 0 ? 'Devis illimités' : `${n} devis par mois`;
}

export function clientsLine(plan: PlanId): string {
  const n = PLANS[plan].quota.clients;
  return n < 0 ? 'Clients illimités' : `Jusqu'à ${n} clients`;
}

export function storageLine(plan: PlanId): string {
  const mb = PLANS[plan].quota.storageMb;
  return mb >= 1024 ? `${mb / 1024} Go de stockage` : `${mb} Mo de stockage`;
}

/**
 * What recognition each plan gets (DESIGN §6, §8): the embedded photo and voice analyser runs in the browser for
 * everyone; the AI provider (the `ai` function) serves paid plans only.
 */
export const EMBEDDED_RECOGNITION_LINE = 'Reconnaissance photo et vocale intégrée';
export const AI_RECOGNITION_LINE = 'Analyse par IA des photos et de la dictée';

export function planHasAiRecognition(plan: PlanId): boolean {
  return plan !== 'free';
}

function entry(
  id: PlanId,
  extra: { features: PlanFeatureLine[]; details: { features: string[]; support: string[] } },
): PlanCatalogEntry {
  const ai = planHasAiRecognition(id);
  return {
    id,
    name: PLANS[id].name,
    priceCents: PLANS[id].priceCents,
    period: 'mois',
    features: [
      { label: quotesLine(id), included: true },
      { label: clientsLine(id), included: true },
      { label: storageLine(id), included: true },
      { label: EMBEDDED_RECOGNITION_LINE, included: true },
      { label: AI_RECOGNITION_LINE, included: ai },
      ...extra.features,
    ],
    details: {
      quotas: [quotesLine(id), storageLine(id), clientsLine(id)],
      features: [EMBEDDED_RECOGNITION_LINE, ...(ai ? [AI_RECOGNITION_LINE] : []), ...extra.details.features],
      support: extra.details.support,
    },
  };
}

export const PLAN_CATALOG: Record<PlanId, PlanCatalogEntry> = {
  free: entry('free', {
    features: [{ label: 'Support par email', included: true }],
    details: { features: ['Export PDF des devis et factures'], support: ['Support par email'] },
  }),
  pro: entry('pro', {
    features: [
      { label: 'Modèles personnalisés', included: true },
      { label: 'Support prioritaire', included: true },
    ],
    details: { features: ['Modèles personnalisés', '1 utilisateur'], support: ['Support prioritaire'] },
  }),
  enterprise: entry('enterprise', {
    features: [
      { label: "Jusqu'à 5 utilisateurs", included: true },
      { label: 'Accès API', included: true },
      { label: 'Support dédié 24/7 et formation personnalisée', included: true },
    ],
    details: {
      features: ['Modèles personnalisés', "Jusqu'à 5 utilisateurs", 'Accès API'],
      support: ['Support dédié 24/7', 'Formation personnalisée'],
    },
  }),
};

/** « 0 € », « 29,99 €/mois » — the same label on every card. */
export function planPriceLabel(plan: PlanId): string {
  const cents = PLAN_CATALOG[plan].priceCents;
  return cents === 0 ? '0 €' : `${formatEuros(cents)}/mois`;
}
