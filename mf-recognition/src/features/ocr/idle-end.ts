/**
 * Ends something after it has not been used for `ms`: `begin()` when a use starts (cancels a pending end), `done()`
 * when it ends; once no use is open, `end` is called after `ms` unless a new use begins first.
 */
export function idleEnd(ms: number, end: () => void): { begin(): void; done(): void; cancel(): void } {
  let open = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    begin() {
      open += 1;
      cancel();
    },
    done() {
      open = Math.max(0, open - 1);
      if (open > 0) return;
      cancel();
      timer = setTimeout(() => {
        timer = null;
        end();
      }, ms);
    },
    cancel,
  };
}
