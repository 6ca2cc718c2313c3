import { createSendQueue, newSendKey } from './send-queue';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

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

  it('gives each queued send an idempotency key kept across reloads and tabs; a try’s own key is kept', () => {
    const queue = createSendQueue('u1');
    queue.add({ table: 'quotes', id: 'q1' });
    const key = queue.list()[0]!.key;
    expect(key).toMatch(UUID_V4);
    expect(createSendQueue('u1').list()[0]!.key).toBe(key); // another tab reads the same key
    const tried = newSendKey();
    queue.add({ table: 'invoices', id: 'i1', key: tried });
    expect(queue.list().find((e) => e.id === 'i1')!.key).toBe(tried);
    queue.add({ table: 'invoices', id: 'i2', key: 'not-a-uuid' });
    expect(queue.list().find((e) => e.id === 'i2')!.key).toMatch(UUID_V4);
  });

  it('an entry queued by an older version gets one key, the same for every tab that reads it', () => {
    localStorage.setItem('sendQueue.u1', JSON.stringify([{ table: 'quotes', id: 'q1', queuedAt: 'x' }]));
    const first = createSendQueue('u1').list()[0]!.key;
    expect(first).toMatch(UUID_V4);
    expect(createSendQueue('u1').list()[0]!.key).toBe(first);
  });

  it('does not send an entry another tab sent (removed) while this tab’s run was going', async () => {
    const tabA = createSendQueue('u1');
    const tabB = createSendQueue('u1');
    tabA.add({ table: 'quotes', id: 'q1' });
    tabA.add({ table: 'quotes', id: 'q2' });
    const sent: string[] = [];
    await tabA.flush(async (e) => {
      sent.push(e.id);
      tabB.remove('q2'); // tab B sent q2 meanwhile
      return 'sent';
    });
    expect(sent).toEqual(['q1']);
    expect(tabA.list()).toEqual([]);
  });

  it('newSendKey makes v4 UUIDs without crypto.randomUUID too (http on the LAN)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 50 }, () => newSendKey()));
      expect(keys.size).toBe(50);
      for (const k of keys) expect(k).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
