// Entry (main.js). The runtime configuration and the remote locations are already on their way: the page's HTML
// preloads them (index.html), and the start-up chunks too; the bootstrap's fetch() of each takes that response.
import { afterFirstPaint } from './first-paint';

// The app starts once the static first screen has been painted: nothing of it runs before that frame (issue 14,
// LCP; first-paint.ts), and the federation runtime set up in this task is not followed by the first page's shared
// modules in the same one (TBT).
void afterFirstPaint().then(() => {
  performance.mark('atelier:app-start');
  return import('./bootstrap');
});
