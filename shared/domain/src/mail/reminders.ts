// When a late invoice is reminded (relances): pure rules on ISO dates, the clock given by the caller.
import type { MailKind } from './templates';

const DAY_MS = 86_400_000;

function dayNumber(isoDate: string): number {
  const t = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(t)) throw new RangeError(`not a date: ${isoDate}`);
  return Math.floor(t / DAY_MS);
}

export interface ReminderInvoice {
  dueDate: string | null;
  isPaid: boolean;
  cancelled: boolean;
}

/**
 * The reminder step (1, 2 or 3) to send today, or null. Only the latest step that is due and not sent yet, and
 * never a step below one already sent: a scheduler that was down for two weeks sends the firm reminder once,
 * not the courteous and the firm ones together.
 */
export function reminderStepDue(
  invoice: ReminderInvoice,
  today: string,
  days: readonly [number, number, number] | readonly number[],
  sentSteps: readonly number[],
): 1 | 2 | 3 | null {
  if (invoice.isPaid || invoice.cancelled || !invoice.dueDate) return null;
  const late = dayNumber(today) - dayNumber(invoice.dueDate);
  const highestSent = sentSteps.length ? Math.max(...sentSteps) : 0;
  for (let step = 3; step >= 1; step--) {
    if (late >= days[step - 1]! && step > highestSent) return step as 1 | 2 | 3;
    if (late >= days[step - 1]!) return null;
  }
  return null;
}

export function reminderKind(step: 1 | 2 | 3): MailKind {
  return `relance${step}` as MailKind;
}

/** Whole days from `from` to `to` (ISO dates). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}
