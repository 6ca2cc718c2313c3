import { startTransition, useEffect, useState } from 'react';

import type { StateCell } from './state-stream';

/**
 * React binding for a platform state cell (session, plan). A change re-renders in a transition: the session
 * arriving (or the plan) redraws the whole page, which React then does in slices that let the browser breathe
 * instead of one long task (useSyncExternalStore renders every store change synchronously; issue 14, TBT on a
 * phone). Every component reading a cell moves to the new value in the same render.
 */
export function useCellState<T>(cell: StateCell<T>): T {
  const [value, setValue] = useState(() => cell.getValue());
  useEffect(() => {
    const follow = () => {
      const next = cell.getValue();
      startTransition(() => setValue(() => next));
    };
    // A change between this component's render and its subscription is not missed (same value: no render).
    follow();
    return cell.subscribe(follow);
  }, [cell]);
  return value;
}
