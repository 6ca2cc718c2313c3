// The hook's own module, not @atelier/storage's index: the stores and their schemas stay off the /auth first load.
import { useExternalValue } from '@atelier/storage/src/use-external-value';
import { useCallback } from 'react';

import type { StateCell } from './state-stream';

/**
 * React binding for a platform state cell (session, plan). A change that is not the user's own (the session or the
 * plan arriving) re-renders in a transition: it redraws the whole page, which React then does in slices that let
 * the browser breathe instead of one long task (issue 14, TBT on a phone; `useExternalValue` of @atelier/storage).
 * Every component reading a cell moves to the new value in the same render.
 */
export function useCellState<T>(cell: StateCell<T>): T {
  const subscribe = useCallback((onChange: () => void) => cell.subscribe(onChange), [cell]);
  const getValue = useCallback(() => cell.getValue(), [cell]);
  return useExternalValue(subscribe, getValue);
}
