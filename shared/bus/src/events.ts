// Every one-off event that crosses remotes, declared in one place (DESIGN.md §4).
// State that late-loading remotes must see (session, plan, quota) is NOT here: it lives in
// @atelier/platform as BehaviorSubject-style streams.
import type { ExtractedClient } from '@atelier/domain';

export interface RecognisedTask {
  /** Catalogue task name (post-processing already matched it against the user's catalogue). */
  name: string;
  quantity: number;
  unit: string;
}

/**
 * Recognition → quote:
 * - `quote/tasks-recognised`: each task with the name of an existing line raises that line's quantity;
 *   otherwise a line is added with the catalogue price.
 * - `quote/client-recognised`: merged into the current client (non-empty fields win); the client is saved
 *   into the client book once it has both a name and an email.
 * - `quote/title-recognised`: replaces the project title.
 * The quote side may refuse them (free quota exhausted); it answers with `quote/recognition-refused`.
 */
export type AtelierEvent =
  | { type: 'quote/tasks-recognised'; payload: { tasks: RecognisedTask[]; source: 'image' | 'voice' | 'text' } }
  | { type: 'quote/client-recognised'; payload: { client: ExtractedClient; source: 'image' | 'voice' | 'text' } }
  | { type: 'quote/title-recognised'; payload: { title: string; source: 'image' | 'voice' | 'text' } }
  | { type: 'quote/recognition-refused'; payload: { reason: 'quota-exhausted'; message: string } }
  | { type: 'quote/generated'; payload: { quoteId: string; number: string; clientEmail: string } }
  | { type: 'toast/show'; payload: { kind: 'success' | 'error' | 'info'; message: string } };

export type AtelierEventType = AtelierEvent['type'];
export type EventPayload<T extends AtelierEventType> = Extract<AtelierEvent, { type: T }>['payload'];

export interface EventMeta {
  id: string;
  ts: number;
  source?: string;
}

export type EventEnvelope<T extends AtelierEventType = AtelierEventType> = Extract<AtelierEvent, { type: T }> & {
  meta: EventMeta;
};
