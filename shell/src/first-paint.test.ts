import { afterFirstPaint } from './first-paint';

type Callback = (list: { getEntries: () => PerformanceEntryList }) => void;

/** A PerformanceObserver that reports what the test paints, as Chromium reports Paint Timing. */
class FakePaintObserver {
  static supportedEntryTypes = ['paint'];
  static instances: FakePaintObserver[] = [];
  observed: unknown;
  disconnected = false;
  constructor(private readonly callback: Callback) {
    FakePaintObserver.instances.push(this);
  }
  observe(options: unknown) {
    this.observed = options;
  }
  disconnect() {
    this.disconnected = true;
  }
  report(...names: string[]) {
    const entries = names.map((name) => ({ name, entryType: 'paint' }) as PerformanceEntry);
    this.callback({ getEntries: () => entries });
  }
}

/** The one observer afterFirstPaint made. */
function theObserver(): FakePaintObserver {
  expect(FakePaintObserver.instances).toHaveLength(1);
  return FakePaintObserver.instances[0]!;
}

const realObserver = globalThis.PerformanceObserver;
let paints: PerformanceEntry[] = [];

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['performance'] });
  FakePaintObserver.instances = [];
  paints = [];
  globalThis.PerformanceObserver = FakePaintObserver as unknown as typeof PerformanceObserver;
  // jsdom's Performance has no Paint Timing entries.
  Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: () => paints });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  globalThis.PerformanceObserver = realObserver;
  delete (performance as { getEntriesByType?: unknown }).getEntriesByType;
});

/** Every microtask of the current task has run (the promise's callbacks included). */
async function settled(promise: Promise<void>) {
  let resolved = false;
  void promise.then(() => (resolved = true));
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
  return resolved;
}

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint, not for the first paint without content', async () => {
    const waiting = afterFirstPaint();
    const observer = theObserver();
    expect(observer.observed).toEqual({ type: 'paint', buffered: true });
    observer.report('first-paint');
    expect(await settled(waiting)).toBe(false);
    observer.report('first-contentful-paint');
    expect(await settled(waiting)).toBe(true);
    expect(observer.disconnected).toBe(true);
  });

  it('goes on in a later task when the first screen has already been painted', async () => {
    paints = [{ name: 'first-contentful-paint', entryType: 'paint' } as PerformanceEntry];
    const waiting = afterFirstPaint();
    expect(FakePaintObserver.instances).toHaveLength(0);
    expect(await settled(waiting)).toBe(false);
    jest.advanceTimersByTime(0);
    expect(await settled(waiting)).toBe(true);
  });

  it('goes on after the fallback delay when no paint is reported (a tab opened in the background)', async () => {
    const waiting = afterFirstPaint(1000);
    jest.advanceTimersByTime(999);
    expect(await settled(waiting)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);
    expect(theObserver().disconnected).toBe(true);
  });

  it('waits for a frame and a task where Paint Timing is not supported', async () => {
    globalThis.PerformanceObserver = undefined as unknown as typeof PerformanceObserver;
    const frames: FrameRequestCallback[] = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const waiting = afterFirstPaint();
    jest.advanceTimersByTime(100);
    expect(await settled(waiting)).toBe(false);
    frames.forEach((frame) => frame(0));
    jest.advanceTimersByTime(0);
    expect(await settled(waiting)).toBe(true);
  });
});
