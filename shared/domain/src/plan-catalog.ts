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
  /** Card features (recognition marked off for free, SPEC §6). */
  features: PlanFeatureLine[];
  /** /account panels. */
  details: { quotas: string[]; features: string[]; support: string[] };
}

export const PLAN_CATALOG: Record<PlanId, PlanCatalogEntry> = {
  free: {
    id: 'free',
    name: PLANS.free.name,
    priceCents: PLANS.free.priceCents,
    period: 'mois',
    features: [
      { label: '3 devis par mois', included: true },
      { label: "Jusqu'à 10 clients", included: true },
      { label: '100 Mo de stockage', included: true },
      { label: 'Support par email', included: true },
      { label: 'Reconnaissance photo et vocale', included: false },
      { label: 'Modèles personnalisés', included: false },
    ],
    details: {
      quotas: ['3 devis par mois', '100 Mo de stockage', "Jusqu'à 10 clients"],
      features: ['Analyse intégrée des photos et de la dictée', 'Export PDF des devis et factures'],
      support: ['Support par email'],
    },
  },
  pro: {
    id: 'pro',
    name: PLANS.pro.name,
    priceCents: PLANS.pro.priceCents,
    period: 'mois',
    features: [
      { label: 'Devis illimités', included: true },
      { label: 'Clients illimités', included: true },
      { label: '1 Go de stockage', included: true },
      { label: 'Reconnaissance photo et vocale', included: true },
      { label: 'Modèles personnalisés', included: true },
      { label: 'Support prioritaire', included: true },
    ],
    details: {
      quotas: ['Devis illimités', '1 Go de stockage', 'Clients illimités'],
      features: ['Reconnaissance photo et vocale', 'Modèles personnalisés', '1 utilisateur'],
      support: ['Support prioritaire'],
    },
  },
  enterprise: {
    id: 'enterprise',
    name: PLANS.enterprise.name,
    priceCents: PLANS.enterprise.priceCents,
    period: 'mois',
    features: [
      { label: 'Devis illimités', included: true },
      { label: '10 Go de stockage', included: true },
      { label: "Jusqu'à 5 utilisateurs", included: true },
      { label: 'Accès API', included: true },
      { label: 'Reconnaissance photo et vocale', included: true },
      { label: 'Support dédié 24/7 et formation personnalisée', included: true },
    ],
    details: {
      quotas: ['Devis illimités', '10 Go de stockage', 'Clients illimités'],
      features: ['Reconnaissance photo et vocale', 'Modèles personnalisés', "Jusqu'à 5 utilisateurs", 'Accès API'],
      support: ['Support dédié 24/7', 'Formation personnalisée'],
    },
  },
};

/** « 0 € », « 29,99 €/mois » — the same label on every card. */
export function planPriceLabel(plan: PlanId): string {
  const cents = PLAN_CATALOG[plan].priceCents;
  return cents === 0 ? '0 €' : `${formatEuros(cents)}/mois`;
}
