/**
 * Ends the current task: what follows runs in a new one, so the browser can paint and take input in between
 * (long start-up work split into short tasks; issue 14, TBT on a phone).
 */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}
