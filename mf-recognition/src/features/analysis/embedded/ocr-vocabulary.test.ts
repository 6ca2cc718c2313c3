import type { Task } from '@atelier/domain';

import { correctOcrVocabulary, ocrDistance } from './ocr-vocabulary';

const catalogue: Task[] = [
  { name: 'Peinture murs', unit: 'm2', price: 25 },
  { name: 'Peinture plafond', unit: 'm2', price: 28 },
  { name: 'Pose de carrelage sol', unit: 'm2', price: 45 },
  { name: 'Pose de plinthes', unit: 'ml', price: 12 },
  { name: 'Ragréage sol', unit: 'm2', price: 20 },
  { name: 'Installation prise électrique', unit: 'unité', price: 60 },
  { name: 'Installation interrupteur', unit: 'unité', price: 50 },
  { name: 'Nettoyage et démoussage toiture', unit: 'm2', price: 15 },
  { name: 'Mise aux normes électrique', unit: 'forfait', price: 1500 },
  { name: "Installation douche à l'italienne", unit: 'forfait', price: 2500 },
] as Task[];

describe('ocrDistance', () => {
  it.each([
    ['mucs', 'murs', 0.5], // c read for r
    ['rnur', 'mur', 0.5], // rn read for m
    ['carrelase', 'carrelage', 0.5], // s read for g
    ['plintires', 'plinthes', 2],
    ['prise', 'prise', 0],
    ['douche', 'touche', 1],
  ])('%s ↔ %s = %d', (a, b, d) => {
    expect(ocrDistance(a, b)).toBe(d);
    expect(ocrDistance(b, a)).toBe(d);
  });
});

describe('correctOcrVocabulary (photos of handwriting-like notes, issue 13)', () => {
  it.each([
    ['Peinture mucs 4 x 3,5 x 2,60', 'Peinture murs 4 x 3,5 x 2,60'],
    ['CARRELASE soL 3 x 4', 'CARRELAGE soL 3 x 4'],
    ['Plintires 16,4 ml', 'Plinthes 16,4 ml'],
    ['Cagréage 14,5 m²', 'Ragréage 14,5 m²'],
    ['Mise aux nocmês élec. 1 ft', 'Mise aux normes élec. 1 ft'],
    ['Prases x 12', 'Prises x 12'],
    ['Intorrupleur x 2', 'Interrupteur x 2'],
    ['Démoussase Toit 60 M', 'Démoussage Toit 60 M'],
    ['Suisine', 'Cuisine'],
    ['Couloie', 'Couloir'],
    // Words already known stay, even when close to another one (« touche » is not « douche »).
    ['Plafond : on ne touche pas', 'Plafond : on ne touche pas'],
    // Too far from any word, or ambiguous: left as read.
    ['Parquet Flrant 14,5 m²', 'Parquet Flrant 14,5 m²'],
    // The client's lines, emails and words glued to figures are never touched.
    ['Client : Pool Le Goff', 'Client : Pool Le Goff'],
    ['M. Garnier', 'M. Garnier'],
    ['martin.sophie@orange.fr', 'martin.sophie@orange.fr'],
    ['PAOw7a7d00f', 'PAOw7a7d00f'],
    // Right words outside the vocabulary's exact forms stay: other forms of a known word, names, title words.
    ['Volets roulants x 4, interrupteurs x 2', 'Volets roulants x 4, interrupteurs x 2'],
    ['Travaux de toiture', 'Travaux de toiture'],
    ['Karine Leblanc Rénovation', 'Karine Leblanc Rénovation'],
    // Short words (≤ 3 letters) are left alone: too many near neighbours.
    ['Pis lum x 5', 'Pis lum x 5'],
  ])('%s → %s', (input, output) => expect(correctOcrVocabulary(input, catalogue)).toBe(output));

  it('leaves a firm’s line alone (« Boulangerie » is not « Buanderie », « Centre » not « Contre »)', () => {
    for (const line of ['Boulangerie Au Bon Pain', 'Pharmacie du Centre', 'Camping Les Oliviers'])
      expect(correctOcrVocabulary(line, [...catalogue, { name: 'Buanderie', unit: 'forfait', price: 1 } as Task])).toBe(
        line,
      );
  });
});
