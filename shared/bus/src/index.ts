export { bus } from './bus';
export type { AtelierBus } from './bus';
export type { AtelierEvent, AtelierEventType, EventEnvelope, EventMeta, EventPayload, RecognisedTask } from './events';
