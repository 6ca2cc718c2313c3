// Entry (main.js): the runtime configuration and the remote locations are requested right away, while the
// bootstrap chunk and the shared modules load, instead of one round trip after them (issue 14, LCP).
import { nextTask } from '@atelier/platform/src/next-task';

import { EARLY_FETCHES_KEY, type EarlyFetches } from './early-fetches';

const early = globalThis as typeof globalThis & { [EARLY_FETCHES_KEY]?: EarlyFetches };
const request = (url: string) => fetch(url, { cache: 'no-store' }).catch(() => null);
early[EARLY_FETCHES_KEY] = { '/config.json': request('/config.json'), '/remotes.json': request('/remotes.json') };

// The federation runtime has just been set up in this task: the shared modules of the first page are consumed in
// the next one (two shorter tasks instead of one long one; issue 14, TBT on a phone).
void nextTask().then(() => import('./bootstrap'));
