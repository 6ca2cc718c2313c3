import type { Task } from '@atelier/domain';
import { postProcess } from './post-process';

const catalogue: Task[] = [
  { name: 'Peinture murs', unit: 'm2', price: 25 },
  { name: 'Pose de carrelage sol', unit: 'm2', price: 45 },
  { name: 'Dépose de carrelage', unit: 'm2', price: 18 },
  { name: 'Installation prise électrique', unit: 'unité', price: 65 },
];

describe('postProcess', () => {
  it('maps tasks to catalogue names and units, drops the unknown ones and merges repeats', () => {
    const result = postProcess(
      {
        projectTitle: 'rénovation cuisine',
        tasks: [
          { name: 'peinture des murs', quantity: '12,5', unit: 'mètres carrés' },
          { name: 'Prises électriques', quantity: 'deux' },
          { name: 'Cuisine équipée', quantity: 1 },
          { name: 'Peinture', quantity: 10 },
          { name: 'dépose carrelage', quantity: 0 },
          'pose carrelage',
          null,
          { quantity: 3 },
        ],
        client: {
          name: 'Mme Martin',
          phone: '+33612345678',
          email: 'MARTIN arobase free point fr',
          address: '5 rue Haute, 75001 Paris',
        },
      },
      catalogue,
      'voice',
    );
    expect(result).toEqual({
      projectTitle: 'Rénovation Cuisine',
      tasks: [
        { name: 'Peinture murs', quantity: 22.5, unit: 'm2' },
        { name: 'Installation prise électrique', quantity: 2, unit: 'unité' },
        { name: 'Dépose de carrelage', quantity: 1, unit: 'm2' },
        { name: 'Pose de carrelage sol', quantity: 1, unit: 'm2' },
      ],
      client: { name: 'Martin', phone: '06 12 34 56 78', email: 'martin@free.fr', address: '5 rue Haute, 75001 Paris' },
    });
  });

  it('caps image-flow quantities above 2000 at 200', () => {
    expect(
      postProcess({ tasks: [{ name: 'Peinture murs', quantity: 4500 }] }, catalogue, 'image').tasks[0]?.quantity,
    ).toBe(200);
    expect(
      postProcess({ tasks: [{ name: 'Peinture murs', quantity: 4500 }] }, catalogue, 'voice').tasks[0]?.quantity,
    ).toBe(4500);
  });

  it('drops invalid client fields and defaults the title', () => {
    const result = postProcess(
      { tasks: [], client: { name: '12', phone: '12 34', email: 'nope', address: 'Lyon' } },
      catalogue,
      'voice',
    );
    expect(result).toEqual({ projectTitle: 'Projet BTP', tasks: [], client: {} });
    expect(postProcess({ tasks: [{ name: 'Peinture murs', quantity: 3 }] }, catalogue, 'voice').projectTitle).toBe(
      'Travaux Peinture Murs',
    );
  });

  it('survives garbage', () => {
    expect(postProcess(null, catalogue, 'image')).toEqual({ projectTitle: 'Projet BTP', tasks: [], client: {} });
    expect(
      postProcess({ tasks: 'peinture', client: 'x', projectTitle: 42 } as never, catalogue, 'voice').tasks,
    ).toEqual([]);
  });
});
