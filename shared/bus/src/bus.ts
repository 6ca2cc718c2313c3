import { Observable, Subject, filter } from 'rxjs';

import type { AtelierEventType, EventEnvelope, EventPayload } from './events';

export interface AtelierBus {
  emit<T extends AtelierEventType>(type: T, payload: EventPayload<T>, source?: string): void;
  on<T extends AtelierEventType>(type: T): Observable<EventEnvelope<T>>;
  all(): Observable<EventEnvelope>;
}

let counter = 0;

function createBus(): AtelierBus {
  const subject = new Subject<EventEnvelope>();
  return {
    emit(type, payload, source) {
      const meta = { id: `${Date.now().toString(36)}-${(counter++).toString(36)}`, ts: Date.now(), source };
      subject.next({ type, payload, meta } as unknown as EventEnvelope);
    },
    on<T extends AtelierEventType>(type: T) {
      return subject.pipe(filter((event): event is EventEnvelope<T> => event.type === type));
    },
    all() {
      return subject.asObservable();
    },
  };
}

// One bus per page, even if two copies of this package were ever loaded (version drift, standalone remote).
const KEY = Symbol.for('atelier.bus.v1');
type GlobalWithBus = typeof globalThis & { [KEY]?: AtelierBus };

export const bus: AtelierBus = ((globalThis as GlobalWithBus)[KEY] ??= createBus());
