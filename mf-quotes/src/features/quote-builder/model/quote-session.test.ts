import { bus } from '@atelier/bus';
import type { Task } from '@atelier/domain';

import { createQuoteSession, type QuoteSessionDeps } from './quote-session';
import type { DraftClient } from './quote-draft';

const CATALOGUE: Task[] = [
  { name: 'Peinture murale', unit: 'm2', price: 25 },
  { name: 'Pose carrelage', unit: 'm2', price: 45.5 },
];
const QUOTA =
  'Vous avez atteint votre limite de devis mensuelle. Passez à un plan supérieur pour créer des devis illimités.';

function setup(exhausted = false) {
  const savedClients: DraftClient[] = [];
  let quotaExhausted = exhausted;
  const deps: QuoteSessionDeps = {
    bus,
    catalogue: () => CATALOGUE,
    quotaExhausted: () => quotaExhausted,
    saveClient: (c) => {
      savedClients.push(c);
      return { ok: true };
    },
  };
  const session = createQuoteSession(deps);
  const disconnect = session.connect();
  const refused: string[] = [];
  const sub = bus.on('quote/recognition-refused').subscribe((e) => refused.push(e.payload.message));
  return {
    session,
    savedClients,
    refused,
    setExhausted: (v: boolean) => (quotaExhausted = v),
    done: () => {
      disconnect();
      sub.unsubscribe();
    },
  };
}

describe('quote session driven by bus events', () => {
  it('quote/tasks-recognised adds lines with catalogue prices and raises existing ones', () => {
    const { session, done } = setup();
    bus.emit('quote/tasks-recognised', {
      tasks: [{ name: 'Peinture murale', quantity: 10, unit: 'm2' }],
      source: 'voice',
    });
    bus.emit('quote/tasks-recognised', {
      tasks: [
        { name: 'peinture murale', quantity: 5, unit: 'm2' },
        { name: 'Pose carrelage', quantity: 2, unit: 'm2' },
      ],
      source: 'image',
    });
    expect(session.getState().draft.lines.map((l) => [l.name, l.quantity, l.price])).toEqual([
      ['Peinture murale', 15, 25],
      ['Pose carrelage', 2, 45.5],
    ]);
    done();
  });

  it('quote/title-recognised replaces the title', () => {
    const { session, done } = setup();
    bus.emit('quote/title-recognised', { title: 'Travaux Salle De Bain', source: 'text' });
    bus.emit('quote/title-recognised', { title: 'Rénovation Cuisine', source: 'text' });
    expect(session.getState().draft.title).toBe('Rénovation Cuisine');
    done();
  });

  it('quote/client-recognised merges the client and saves it into the client book once it has name and email', () => {
    const { session, savedClients, done } = setup();
    bus.emit('quote/client-recognised', { client: { name: 'Jean Dupont', phone: '06 12 34 56 78' }, source: 'voice' });
    expect(savedClients).toEqual([]);
    bus.emit('quote/client-recognised', { client: { email: 'jean@dupont.fr' }, source: 'voice' });
    expect(session.getState().draft.client).toEqual({
      name: 'Jean Dupont',
      email: 'jean@dupont.fr',
      phone: '06 12 34 56 78',
      address: '',
    });
    expect(savedClients).toEqual([session.getState().draft.client]);
    done();
  });

  it('notifies subscribers on each change', () => {
    const { session, done } = setup();
    const calls = jest.fn();
    const unsubscribe = session.subscribe(calls);
    bus.emit('quote/title-recognised', { title: 'Pose Parquet', source: 'voice' });
    expect(calls).toHaveBeenCalledTimes(1);
    unsubscribe();
    done();
  });

  it('stops listening after disconnect', () => {
    const { session, done } = setup();
    done();
    bus.emit('quote/title-recognised', { title: 'Ignoré', source: 'voice' });
    expect(session.getState().draft.title).toBe('');
  });

  describe('with the free quota exhausted', () => {
    it('refuses recognised tasks, client and title with the spec message and tells the recognition panels', () => {
      const { session, savedClients, refused, done } = setup(true);
      bus.emit('quote/tasks-recognised', {
        tasks: [{ name: 'Peinture murale', quantity: 1, unit: 'm2' }],
        source: 'voice',
      });
      bus.emit('quote/client-recognised', { client: { name: 'A', email: 'a@x.fr' }, source: 'voice' });
      bus.emit('quote/title-recognised', { title: 'Pose Parquet', source: 'voice' });
      const state = session.getState();
      expect(state.draft.lines).toEqual([]);
      expect(state.draft.title).toBe('');
      expect(state.draft.client.name).toBe('');
      expect(savedClients).toEqual([]);
      expect(state.quotaMessage).toBe(QUOTA);
      expect(refused).toEqual([QUOTA, QUOTA, QUOTA]);
      done();
    });

    it('refuses manual additions but still allows editing and removing existing lines', () => {
      const { session, setExhausted, done } = setup();
      session.addLine();
      setExhausted(true);
      session.addLine();
      session.setTitle('X');
      session.setClientField('name', 'B');
      expect(session.getState().draft.lines).toHaveLength(1);
      expect(session.getState().quotaMessage).toBe(QUOTA);
      session.setQuantity('line-1', 4);
      session.setVatRate('10');
      expect(session.getState().draft.lines[0]?.quantity).toBe(4);
      expect(session.getState().draft.vatRate).toBe(10);
      session.removeLine('line-1');
      expect(session.getState().draft.lines).toEqual([]);
      done();
    });
  });
});
