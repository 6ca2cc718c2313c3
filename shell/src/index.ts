// Entry (main.js). The runtime configuration and the remote locations are already on their way: the page's HTML
// preloads them (index.html), the bootstrap's fetch() of each takes that response.
import { nextTask } from '@atelier/platform/src/next-task';

// The federation runtime has just been set up in this task: the shared modules of the first page are consumed in
// the next one (two shorter tasks instead of one long one; issue 14, TBT on a phone).
void nextTask().then(() => import('./bootstrap'));
