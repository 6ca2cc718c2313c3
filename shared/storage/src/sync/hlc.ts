// Hybrid logical clock of one device (decision record 0040): the physical part is the device's time corrected by
// the offset to the server's clock measured at each pull, so that « when the user made it » compares across devices
// whose clocks disagree; the counter orders changes within one millisecond and after a clock that went backwards;
// the node id breaks ties. Serialised so that a byte-wise comparison is the clock order (migration 0070's
// sync_merge compares them with collate "C"): 15-digit milliseconds, '-', 6-digit counter, '-', node.

export interface HlcState {
  ms: number;
  counter: number;
}

const PATTERN = /^(\d{15})-(\d{6})-([A-Za-z0-9]{1,40})$/;

export function formatClock(ms: number, counter: number, node: string): string {
  return `${String(Math.max(0, Math.floor(ms))).padStart(15, '0')}-${String(counter).padStart(6, '0')}-${node}`;
}

export function parseClock(clock: string): (HlcState & { node: string }) | null {
  const match = PATTERN.exec(clock);
  return match ? { ms: Number(match[1]), counter: Number(match[2]), node: match[3]! } : null;
}

export class HybridLogicalClock {
  constructor(
    readonly node: string,
    private state: HlcState = { ms: 0, counter: 0 },
  ) {}

  get current(): HlcState {
    return { ...this.state };
  }

  /** A clock seen elsewhere (the base of a change): the next tick is after it. */
  observe(clock: string | null | undefined): void {
    const seen = clock ? parseClock(clock) : null;
    if (!seen) return;
    if (seen.ms > this.state.ms || (seen.ms === this.state.ms && seen.counter > this.state.counter)) {
      this.state = { ms: seen.ms, counter: seen.counter };
    }
  }

  /**
   * The server's time is known again (the offset measured at a pull): a state ahead of it by more than
   * toleranceMs came from stamps made before the offset was known, on a fast clock. Kept, it would carry every
   * later change of this device (and, through observe, of the others) into the future, where it beats the changes
   * the user made after it. Set back to now; the server has brought those stamps back to its own time too.
   */
  rebase(physicalMs: number, toleranceMs = 1_000): void {
    if (this.state.ms > physicalMs + toleranceMs) this.state = { ms: Math.floor(physicalMs), counter: 0 };
  }

  /** The clock of a change made now (physical time in ms, offset already applied). */
  tick(physicalMs: number): string {
    if (physicalMs > this.state.ms) this.state = { ms: physicalMs, counter: 0 };
    else this.state = { ms: this.state.ms, counter: this.state.counter + 1 };
    return formatClock(this.state.ms, this.state.counter, this.node);
  }
}
