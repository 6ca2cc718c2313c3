// Issue 27's devis (the same as @atelier/domain's devis-lines.test.ts): two sections, a comment, a detailed
// ouvrage, a 10 % and an amount line remise, an option not accepted, an option section; remise globale 5 %.
// By hand: total HT avant remise 1 446,69 ; remise 72,33 ; HT 1 374,36 ; TVA 19,00 + 121,84 + 3,35 = 144,19 ;
// TTC 1 518,55.
import type { QuoteLine } from '@atelier/domain';

const blank = { unit: '', price: 0, quantity: 0 };

export const DEVIS_LINES: QuoteLine[] = [
  { kind: 'section', name: 'Salle de bain', ...blank },
  { name: 'Carrelage', unit: 'm2', quantity: 12.5, price: 42, vatRate: 10, discount: { kind: 'percent', value: 10 } },
  { kind: 'text', name: 'Pose droite, joints gris', ...blank },
  {
    name: 'Chauffe-eau',
    unit: 'u',
    quantity: 1,
    price: 849.39,
    vatRate: 10,
    description: 'Atlantic 200 L\nGroupe de sécurité inclus',
    components: [
      { kind: 'fourniture', name: 'Chauffe-eau 200 L', unit: 'u', quantity: 1, price: 612.4 },
      { kind: 'fourniture', name: 'Raccord', unit: 'u', quantity: 3, price: 4.15 },
      { kind: 'main_oeuvre', name: 'Pose', unit: 'h', quantity: 2.5, price: 45.5 },
    ],
    coefficient: 1.15,
    detailed: true,
    discount: { kind: 'amount', value: 39.39 },
  },
  { kind: 'section', name: 'Cuisine', ...blank },
  { name: 'Peinture', unit: 'm2', quantity: 3, price: 33.33, vatRate: 20 },
  { name: 'Robinet thermostatique', unit: 'u', quantity: 1, price: 250, vatRate: 20, option: true },
  {
    name: 'Isolation',
    unit: 'm2',
    quantity: 7.5,
    price: 10.07,
    vatRate: 5.5,
    discount: { kind: 'percent', value: 15 },
  },
  { kind: 'section', name: 'Terrasse', option: true, ...blank },
  { name: 'Dalles', unit: 'm2', quantity: 2, price: 100, vatRate: 20 },
];
