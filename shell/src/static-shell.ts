// The home page's static first screen (index.html `#app-shell`, issue 14): painted before any JavaScript, it lies
// over the app, which renders transparent below it (opacity 0), until the home page has drawn its own first screen:
// then it is removed, and the page the user sees does not change (same boxes). Without it the user would see the
// copy, then the shell's loading state (plain bar, spinner), then the page. Other pages (auth.html, app.html) have no
// such copy.

/** The copy's element id (index.html). */
export const STATIC_SHELL_ID = 'app-shell';

/** Longest the copy may hide the app (a remote that never answers, a page that never draws the recognition card). */
export const STATIC_SHELL_MAX_MS = 8_000;

/** Stops what watchStaticShell() set up (null: nothing watched). */
let stopWatching: (() => void) | null = null;

/** Removes the copy (idempotent): the app below it is shown as it is. */
export function revealApp(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(STATIC_SHELL_ID)?.remove();
  stopWatching?.();
}

/**
 * Called once at start: the copy also goes as soon as the user presses a key or touches the page (they must reach
 * the real controls, whatever state the app is in) and after STATIC_SHELL_MAX_MS at the latest.
 */
export function watchStaticShell(): void {
  if (stopWatching || typeof document === 'undefined' || !document.getElementById(STATIC_SHELL_ID)) return;
  const timer = setTimeout(revealApp, STATIC_SHELL_MAX_MS);
  window.addEventListener('keydown', revealApp, true);
  window.addEventListener('pointerdown', revealApp, true);
  stopWatching = () => {
    clearTimeout(timer);
    window.removeEventListener('keydown', revealApp, true);
    window.removeEventListener('pointerdown', revealApp, true);
    stopWatching = null;
  };
}
