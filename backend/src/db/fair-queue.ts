// A fair queue in front of the database (issue 25 §2). PGlite has one connection and its own queue is FIFO: a
// user firing many requests (an import loop, a sync burst) puts every other user's read behind all of them. Here
// each caller (JWT subject) has its own lane and the lanes are served round-robin, one request per turn, so a
// waiting request is behind at most one request of each other active user, whatever one user has queued.
// Together with the statement timeout and the body/row caps, no user's request waits more than a short slice.
export class FairQueue {
  private readonly lanes = new Map<string, Array<() => void>>();
  /** Lanes with waiting work, in service order. */
  private readonly order: string[] = [];
  private running = 0;

  constructor(private readonly concurrency: number) {}

  run<T>(lane: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running += 1;
        task()
          .then(resolve, reject)
          .finally(() => {
            this.running -= 1;
            this.next();
          });
      };
      if (this.running < this.concurrency && this.order.length === 0) return start();
      const queue = this.lanes.get(lane);
      if (queue) queue.push(start);
      else {
        this.lanes.set(lane, [start]);
        this.order.push(lane);
      }
    });
  }

  /** Requests waiting (not running), for tests and the bench. */
  get waiting(): number {
    let n = 0;
    for (const queue of this.lanes.values()) n += queue.length;
    return n;
  }

  private next(): void {
    while (this.running < this.concurrency && this.order.length > 0) {
      const lane = this.order.shift()!;
      const queue = this.lanes.get(lane)!;
      const start = queue.shift()!;
      if (queue.length > 0) this.order.push(lane);
      else this.lanes.delete(lane);
      start();
    }
  }
}
