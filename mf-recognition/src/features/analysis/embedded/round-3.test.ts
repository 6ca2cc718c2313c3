// Round 3 (issue 31): understanding site talk — whole-extractor behaviours the passes compose into.
import type { Task } from '@atelier/domain';

import { extractFromText } from './extract-from-text';

const catalogue: Task[] = [
  ['Peinture murs', 'm2'],
  ['Peinture plafond', 'm2'],
  ['Pose de carrelage sol', 'm2'],
  ['Dépose de carrelage', 'm2'],
  ['Pose de plinthes', 'ml'],
  ['Pose de parquet flottant', 'm2'],
  ['Dépose de moquette', 'm2'],
  ['Montage cloison placo', 'm2'],
  ['Pose faux plafond placo', 'm2'],
  ['Isolation des combles', 'm2'],
  ["Isolation des murs par l'intérieur", 'm2'],
  ['Réfection toiture tuiles', 'm2'],
  ['Remplacement de tuiles', 'unité'],
  ['Dalle béton', 'm3'],
  ['Évacuation des gravats', 'forfait'],
  ['Rénovation salle de bain', 'forfait'],
].map(([name, unit]) => ({ name: name!, unit: unit!, price: 10 }) as Task);
const lines = (text: string) => extractFromText(text, catalogue).tasks.map((t) => `${t.quantity} ${t.unit} ${t.name}`);

describe('round 3: site talk', () => {
  it.each([
    ['pas de peinture au plafond juste les murs 38 m2', ['38 m2 Peinture murs']],
    ['murs de l’entrée en peinture 8 m2 non pardon 9 m2', ['9 m2 Peinture murs']],
    ['peinture du plafond 35 mètres carrés non attendez trente-huit', ['38 m2 Peinture plafond']],
    ['dépose du carrelage 22 m2 et la pose 22 aussi', ['22 m2 Dépose de carrelage', '22 m2 Pose de carrelage sol']],
    ['poser du placo pour faire une cloison, 3 mètres de long sur 2,50 de haut', ['7.5 m2 Montage cloison placo']],
    ['laine soufflée dans les combles perdus, soixante-dix mètres carrés', ['70 m2 Isolation des combles']],
    ['faux plafond quinze mètres carrés, non seize', ['16 m2 Pose faux plafond placo']],
    ['réfection toiture quatre-vingt-dix mètres carrés enfin quatre-vingt-quinze', ['95 m2 Réfection toiture tuiles']],
    ['décoller la moquette à la décolleuse, vingt-six mètres carrés', ['26 m2 Dépose de moquette']],
    ['refaire entièrement la salle de bains, forfait complet', ['1 forfait Rénovation salle de bain']],
    ['couler une dalle de 5 mètres sur 4 en 10 centimètres d’épaisseur', ['2 m3 Dalle béton']],
    [
      'dépose de l’ancien carrelage, évacuation des gravats, puis pose de carreaux neufs, trente-deux mètres carrés',
      ['32 m2 Dépose de carrelage', '1 forfait Évacuation des gravats', '32 m2 Pose de carrelage sol'],
    ],
    [
      'chambre de 3,50 sur 4 mètres, parquet flottant, plinthes tout autour',
      ['14 m2 Pose de parquet flottant', '15 ml Pose de plinthes'],
    ],
  ])('%s', (text, expected) => expect(lines(text)).toEqual(expected));
});
