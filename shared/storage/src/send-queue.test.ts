import { createSendQueue } from './send-queue';

describe('send queue', () => {
  beforeEach(() => localStorage.clear());

  it('keeps sends made offline per user and sends each exactly once when back online', async () => {
    const queue = createSendQueue('u1');
    queue.add({ table: 'quotes', id: 'q1' });
    queue.add({ table: 'invoices', id: 'i1' });
    queue.add({ table: 'quotes', id: 'q1' }); // asked twice: one entry
    expect(
      createSendQueue('u1')
        .list()
        .map((e) => e.id),
    ).toEqual(['i1', 'q1']); // survives a reload
    expect(createSendQueue('u2').list()).toEqual([]);

    // Still offline: nothing leaves the queue.
    await queue.flush(async () => 'retry');
    expect(queue.list()).toHaveLength(2);

    const sent: string[] = [];
    await Promise.all([
      queue.flush(async (e) => (sent.push(e.id), 'sent')),
      queue.flush(async (e) => (sent.push(e.id), 'sent')),
    ]);
    expect(sent).toEqual(['i1', 'q1']);
    expect(queue.list()).toEqual([]);
  });

  it('keeps a refusal with its French message and does not retry it', async () => {
    const queue = createSendQueue('u1');
    queue.add({ table: 'quotes', id: 'q1' });
    let calls = 0;
    const seen: number[] = [];
    queue.subscribe(() => seen.push(queue.list().length));
    await queue.flush(async () => (calls++, { error: 'Limite de 50 envois par jour atteinte : réessayez demain.' }));
    await queue.flush(async () => (calls++, 'sent'));
    expect(calls).toBe(1);
    expect(queue.list()[0]).toMatchObject({
      id: 'q1',
      error: 'Limite de 50 envois par jour atteinte : réessayez demain.',
    });
    expect(seen.length).toBeGreaterThan(0);
    queue.remove('q1');
    expect(queue.list()).toEqual([]);
  });

  it('sends what is queued after a run over an empty queue (the run in progress is never left stuck)', async () => {
    const queue = createSendQueue('u1');
    await queue.flush(async () => 'sent');
    queue.add({ table: 'invoices', id: 'i1' });
    const sent: string[] = [];
    await queue.flush(async (e) => (sent.push(e.id), 'sent'));
    expect(sent).toEqual(['i1']);
  });

  it('ignores a corrupt stored value', () => {
    localStorage.setItem('sendQueue.u1', '{oops');
    expect(createSendQueue('u1').list()).toEqual([]);
    localStorage.setItem('sendQueue.u1', JSON.stringify([{ id: 1 }, { table: 'quotes', id: 'q', queuedAt: 'x' }]));
    expect(
      createSendQueue('u1')
        .list()
        .map((e) => e.id),
    ).toEqual(['q']);
  });
});
