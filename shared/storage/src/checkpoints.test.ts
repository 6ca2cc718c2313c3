import { DEFAULT_CUSTOMIZATION, checkpointSchema } from '@atelier/domain';

import { listCheckpointKeys, saveCheckpoint } from './checkpoints';
import { clientsStore, customizationStore, tasksStore } from './stores';

beforeEach(() => localStorage.clear());

describe('saveCheckpoint', () => {
  it('stores checkpoint_<ts> with version 1.0.0 and every local key', () => {
    tasksStore.set([{ name: 'Peinture', unit: 'm2', price: 25 }]);
    clientsStore.set([{ name: 'Dupont', email: 'd@x.fr', phone: '', address: '', quotes: [], invoices: [] }]);
    customizationStore.set(DEFAULT_CUSTOMIZATION);
    const now = new Date('2026-11-21T10:00:00.000Z');
    expect(saveCheckpoint(now)).toEqual({ ok: true });
    const raw = localStorage.getItem(`checkpoint_${now.getTime()}`);
    const checkpoint = checkpointSchema.parse(JSON.parse(raw!));
    expect(checkpoint.version).toBe('1.0.0');
    expect(checkpoint.date).toBe('2026-11-21T10:00:00.000Z');
    expect(checkpoint.tasks).toEqual([{ name: 'Peinture', unit: 'm2', price: 25 }]);
    expect(checkpoint.clients[0]?.email).toBe('d@x.fr');
    expect(checkpoint.customization).toEqual(DEFAULT_CUSTOMIZATION);
    // Keys never written are null, like the original product.
    expect(checkpoint.companyInfo).toBeNull();
    expect(checkpoint.voiceRecognition).toBeNull();
  });

  it('keeps only the 3 newest checkpoints', () => {
    for (const ts of [1000, 5000, 2000, 4000, 3000]) saveCheckpoint(new Date(ts));
    expect(listCheckpointKeys()).toEqual(['checkpoint_5000', 'checkpoint_4000', 'checkpoint_3000']);
    expect(localStorage.getItem('checkpoint_1000')).toBeNull();
    expect(localStorage.getItem('checkpoint_2000')).toBeNull();
  });

  it('does not touch keys that merely look like checkpoints', () => {
    localStorage.setItem('checkpoint_notes', 'x');
    for (const ts of [1, 2, 3, 4]) saveCheckpoint(new Date(ts));
    expect(localStorage.getItem('checkpoint_notes')).toBe('x');
    expect(listCheckpointKeys()).toHaveLength(3);
  });
});
