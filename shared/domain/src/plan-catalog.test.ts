import { PLAN_CATALOG, planPriceLabel } from './plan-catalog';
import { PLANS, PLAN_IDS } from './plans';

describe('plan catalogue (issue 29.8)', () => {
  it('says what each plan really gets: embedded recognition for everyone, the AI for paid plans only', () => {
    const line = (plan: 'free' | 'pro' | 'enterprise', label: string) =>
      PLAN_CATALOG[plan].features.find((f) => f.label === label)?.included;
    expect(line('free', 'Reconnaissance photo et vocale intégrée')).toBe(true);
    expect(line('free', 'Analyse par IA des photos et de la dictée')).toBe(false);
    expect(line('pro', 'Analyse par IA des photos et de la dictée')).toBe(true);
    expect(line('enterprise', 'Analyse par IA des photos et de la dictée')).toBe(true);
    expect(PLAN_CATALOG.free.details.features).toContain('Reconnaissance photo et vocale intégrée');
    expect(PLAN_CATALOG.free.details.features).not.toContain('Analyse par IA des photos et de la dictée');
  });

  it('takes names, prices and quota lines from the plans themselves', () => {
    for (const id of PLAN_IDS) {
      expect(PLAN_CATALOG[id].name).toBe(PLANS[id].name);
      expect(PLAN_CATALOG[id].priceCents).toBe(PLANS[id].priceCents);
    }
    expect(PLAN_CATALOG.free.details.quotas).toEqual(['3 devis par mois', '100 Mo de stockage', "Jusqu'à 10 clients"]);
    expect(PLAN_CATALOG.pro.details.quotas).toEqual(['Devis illimités', '1 Go de stockage', 'Clients illimités']);
    expect(PLAN_CATALOG.enterprise.details.quotas).toEqual([
      'Devis illimités',
      '10 Go de stockage',
      'Clients illimités',
    ]);
    expect(planPriceLabel('pro')).toMatch(/^29,99\s€\/mois$/);
  });
});
