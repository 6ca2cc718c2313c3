import { combineClients, combineProposals } from './review';

const sure = { name: 'Peinture murs', quantity: 39, unit: 'm2', source: 'peinture des murs 39 m²', unsure: false };
const unsure = { name: 'Pose de lavabo', quantity: 1, unit: 'unité', source: 'lavabo', unsure: true };

describe('combineProposals: the AI can add or correct, never lose a sure line', () => {
  it.each([
    ['no AI', null, [sure, unsure]],
    ['AI drops a sure line', { projectTitle: '', tasks: [] }, [sure, unsure]],
    [
      'AI changes a sure quantity',
      { projectTitle: '', tasks: [{ name: 'Peinture murs', quantity: 12, unit: 'm2' }] },
      [sure, unsure],
    ],
    [
      'AI corrects an unsure quantity',
      { projectTitle: '', tasks: [{ name: 'Pose de lavabo', quantity: 2, unit: 'unité' }] },
      [sure, { ...unsure, quantity: 2 }],
    ],
    [
      'AI adds a line (marked unsure)',
      { projectTitle: '', tasks: [{ name: 'Pose de mitigeur', quantity: 1, unit: 'unité' }] },
      [sure, unsure, { name: 'Pose de mitigeur', quantity: 1, unit: 'unité', source: '', unsure: true }],
    ],
  ] as const)('%s', (_label, ai, expected) => {
    expect(combineProposals([sure, unsure], ai as never)).toEqual(expected);
  });

  it('keeps embedded client fields and completes them with the AI', () => {
    expect(combineClients({ name: 'Hélène de La Tour' }, { name: 'Helene', email: 'h@t.fr' })).toEqual({
      name: 'Hélène de La Tour',
      email: 'h@t.fr',
    });
  });
});
