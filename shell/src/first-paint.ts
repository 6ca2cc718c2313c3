/**
 * Resolves once the page's first contentful paint has been presented (the static first screen of index.html,
 * auth.html or app.html), or after `fallbackMs` when none is reported: a tab opened in the background paints only
 * when shown, and its app should be ready by then.
 *
 * The shell starts its app code only then (index.ts), for what was measured in issue 14:
 * - Before, on a slow first layout, the start-up chunks (preloaded with the HTML, ≈ 155 KB) arrived and ran before
 *   the first frame, and their evaluation pushed the static first screen back (observed paint at 150–185 ms instead
 *   of ≈ 90 ms).
 * - Lighthouse's simulated LCP counts every script received before that observed paint (it assumes a short
 *   evaluation may have been needed for it): the later the paint, the more of those chunks counted, up to 2.15 s.
 *   A/B on this machine, 9 runs each: LCP over 2.0 s in 2 of 9 runs before, none after; TBT median 142 → 79 ms.
 * The chunks are still downloaded with the page (the preloads): the app is not one round trip later, at most a frame.
 *
 * The paint entry is reported after the frame is presented, so nothing started here can land before it. Without
 * Paint Timing (old browsers), a frame then a task stand in for it.
 */
export function afterFirstPaint(fallbackMs = 1000): Promise<void> {
  return new Promise<void>((resolve) => {
    const painted = (entries: PerformanceEntryList) => entries.some((entry) => entry.name === 'first-contentful-paint');
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
      else setTimeout(resolve, 0);
      return;
    }
    if (painted(performance.getEntriesByType('paint'))) {
      setTimeout(resolve, 0);
      return;
    }
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (painted(list.getEntries())) done();
    });
    const timer = setTimeout(done, fallbackMs);
    observer.observe({ type: 'paint', buffered: true });
  });
}
