/**
 * A value made on first use and kept: for `Intl` formatters, whose construction loads the locale's data and costs
 * milliseconds — at module evaluation that cost lands in the page's first long task (issue 14, TBT).
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}

/**
 * « 2026-11-21 »: the calendar day in Paris (en-CA writes ISO dates), whatever the device's time zone — invoices'
 * dates and the quota month. One formatter: a time-zone formatter loads its zone's rules when made.
 */
export const parisDayFormat = lazy(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }));

/** « 21/11/2026 »: the one French calendar-date format of the app (screens and PDFs). */
export const frenchDateFormat = lazy(
  () => new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' }),
);
