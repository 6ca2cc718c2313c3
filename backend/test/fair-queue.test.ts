import { FairQueue } from '../src/db/fair-queue.ts';

describe('FairQueue', () => {
  it('serves lanes round-robin: a user with many queued requests does not starve another', async () => {
    const queue = new FairQueue(1);
    const done: string[] = [];
    const task = (label: string) => () =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          done.push(label);
          resolve();
        }, 1),
      );
    const all = [
      ...['h1', 'h2', 'h3', 'h4'].map((l) => queue.run('heavy', task(l))),
      queue.run('reader', task('r1')),
      queue.run('other', task('o1')),
    ];
    await Promise.all(all);
    expect(done).toEqual(['h1', 'h2', 'r1', 'o1', 'h3', 'h4']);
  });

  it('propagates a task failure and keeps serving', async () => {
    const queue = new FairQueue(1);
    await expect(queue.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run('a', () => Promise.resolve(42))).resolves.toBe(42);
    expect(queue.waiting).toBe(0);
  });
});
