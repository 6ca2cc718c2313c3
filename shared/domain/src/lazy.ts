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
