import { createSendQueue } from '@atelier/storage';

import { flushAcrossTabs } from './flush-queue';

/** The Web Locks API as two tabs of one browser share it: one holder per name; ifAvailable gives null when held. */
function fakeLocks() {
  const held = new Set<string>();
  return {
    async request(name: string, _options: { ifAvailable: true }, run: (lock: unknown) => Promise<void>) {
      if (held.has(name)) return run(null);
      held.add(name);
      try {
        return await run({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

describe('flushing the send queue across tabs', () => {
  beforeEach(() => localStorage.clear());

  it('two tabs flushing at once: one sends, the other waits for its next try; each entry leaves once', async () => {
    const locks = fakeLocks();
    const tabA = createSendQueue('u1');
    const tabB = createSendQueue('u1'); // the other tab: its own queue object over the same localStorage
    tabA.add({ table: 'quotes', id: 'q1' });
    const key = tabB.list()[0]!.key;
    const sends: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const a = flushAcrossTabs(
      'u1',
      tabA,
      async (e) => {
        sends.push(`A:${e.id}:${e.key}`);
        await slow;
        return 'sent';
      },
      locks,
    );
    await flushAcrossTabs('u1', tabB, async (e) => (sends.push(`B:${e.id}`), 'sent'), locks);
    release();
    await a;
    // B's later try finds nothing left.
    await flushAcrossTabs('u1', tabB, async (e) => (sends.push(`B:${e.id}`), 'sent'), locks);
    expect(sends).toEqual([`A:q1:${key}`]);
    expect(tabA.list()).toEqual([]);
  });

  it('another user’s queue is not held by this user’s lock', async () => {
    const locks = fakeLocks();
    const mine = createSendQueue('u1');
    const theirs = createSendQueue('u2');
    mine.add({ table: 'quotes', id: 'q1' });
    theirs.add({ table: 'quotes', id: 'q2' });
    const sends: string[] = [];
    await Promise.all([
      flushAcrossTabs('u1', mine, async (e) => (sends.push(e.id), 'sent'), locks),
      flushAcrossTabs('u2', theirs, async (e) => (sends.push(e.id), 'sent'), locks),
    ]);
    expect(sends.sort()).toEqual(['q1', 'q2']);
  });

  it('without Web Locks it still flushes (the server’s idempotency key prevents a second mail)', async () => {
    const queue = createSendQueue('u1');
    queue.add({ table: 'quotes', id: 'q1' });
    const sends: string[] = [];
    await flushAcrossTabs('u1', queue, async (e) => (sends.push(e.id), 'sent'), undefined);
    expect(sends).toEqual(['q1']);
  });
});
