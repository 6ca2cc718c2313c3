// Page-wide state (session, plan) as a BehaviorSubject-style stream WITHOUT a static rxjs import: rxjs is a
// shared singleton (the names the apps use, shared/build/rxjs.mjs: ~6 KB gzip) and the signed-out /auth cold load
// must not pay for it. `subscribe` works at once, synchronously, like a BehaviorSubject; `pipe(...)` and rxjs
// interop (`from`, `combineLatest`, `firstValueFrom`…) go through the real rxjs, loaded on first use.
import type { Observable, Observer, Subscription } from 'rxjs';

type Listener<T> = (value: T) => void;
type RxModule = typeof import('rxjs');
type PartialObserver<T> = Partial<Observer<T>> & { add?: (teardown: () => void) => void };

/** rxjs's interop key: Symbol.observable when defined, else '@@observable'. */
const OBSERVABLE_KEY: string | symbol =
  (typeof Symbol === 'function' && (Symbol as unknown as { observable?: symbol }).observable) || '@@observable';

let rxModule: RxModule | null = null;
let rxLoading: Promise<RxModule> | null = null;

function loadRx(): Promise<RxModule> {
  rxLoading ??= import('rxjs').then((module) => (rxModule = module));
  return rxLoading;
}

function subscription(unsubscribe: () => void): Subscription {
  let closed = false;
  return {
    get closed() {
      return closed;
    },
    unsubscribe() {
      if (closed) return;
      closed = true;
      unsubscribe();
    },
  } as unknown as Subscription;
}

interface InteropFacade {
  subscribe(observerOrNext?: unknown): Subscription;
  pipe(...operators: unknown[]): Observable<unknown>;
  [key: string | symbol]: unknown;
}

function toObserver<T>(observerOrNext?: PartialObserver<T> | ((value: T) => void) | null): PartialObserver<T> {
  if (typeof observerOrNext === 'function') return { next: observerOrNext };
  return observerOrNext ?? {};
}

/** An Observable whose rxjs-backed source is built once rxjs is loaded. */
function lazyRx<T>(make: (rx: RxModule) => Observable<T>): Observable<T> {
  const facade: InteropFacade = {
    subscribe(observerOrNext?: unknown): Subscription {
      const observer = toObserver(observerOrNext as PartialObserver<T>);
      if (rxModule) return make(rxModule).subscribe(observer);
      let inner: Subscription | null = null;
      const outer = subscription(() => inner?.unsubscribe());
      void loadRx().then((rx) => {
        if (!outer.closed) inner = make(rx).subscribe(observer);
      });
      observer.add?.(() => outer.unsubscribe());
      return outer;
    },
    pipe(...operators: unknown[]): Observable<unknown> {
      return lazyRx((rx) => (make(rx).pipe as (...ops: unknown[]) => Observable<unknown>)(...operators));
    },
    [OBSERVABLE_KEY]: (): InteropFacade => facade,
  };
  return facade as unknown as Observable<T>;
}

export class StateCell<T> {
  private current: T;
  private readonly listeners = new Set<Listener<T>>();
  /** The stream view of this cell (contract type: rxjs Observable). */
  readonly stream: Observable<T>;

  constructor(initial: T) {
    this.current = initial;
    const cellFacade: InteropFacade = {
      subscribe: (observerOrNext?: unknown): Subscription => {
        const observer = toObserver(observerOrNext as PartialObserver<T>);
        const listener: Listener<T> = (value) => observer.next?.(value);
        this.listeners.add(listener);
        const handle = subscription(() => this.listeners.delete(listener));
        // An rxjs Subscriber (from(), firstValueFrom()…) tears us down when it closes.
        observer.add?.(() => handle.unsubscribe());
        listener(this.current);
        return handle;
      },
      pipe: (...operators: unknown[]): Observable<unknown> =>
        lazyRx((rx) =>
          (rx.from(cellFacade as unknown as Observable<T>).pipe as (...ops: unknown[]) => Observable<unknown>)(
            ...operators,
          ),
        ),
      [OBSERVABLE_KEY]: (): InteropFacade => cellFacade,
    };
    this.stream = cellFacade as unknown as Observable<T>;
  }

  getValue(): T {
    return this.current;
  }

  next(value: T): void {
    this.current = value;
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        console.error('[atelier] state subscriber failed', error);
      }
    }
  }

  /** Plain subscription for React hooks and platform internals. */
  subscribe(listener: Listener<T>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
