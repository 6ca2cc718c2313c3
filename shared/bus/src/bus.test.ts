import { firstValueFrom, take, toArray } from 'rxjs';

import { bus } from './bus';

describe('bus', () => {
  it('delivers typed events to subscribers of that type only', async () => {
    const titles = firstValueFrom(bus.on('quote/title-recognised').pipe(take(1), toArray()));
    bus.emit('quote/tasks-recognised', { tasks: [], source: 'voice' });
    bus.emit('quote/title-recognised', { title: 'Rénovation cuisine', source: 'voice' }, 'test');
    const [event] = await titles;
    expect(event?.payload.title).toBe('Rénovation cuisine');
    expect(event?.meta.source).toBe('test');
  });

  it('is a single instance per page', () => {
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('atelier.bus.v1')]).toBe(bus);
  });
});
