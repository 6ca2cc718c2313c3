import { useSyncExternalStore } from 'react';

import type { StateCell } from './state-stream';

/** React binding for a platform state cell (session, plan). */
export function useCellState<T>(cell: StateCell<T>): T {
  return useSyncExternalStore(
    (onChange) => cell.subscribe(onChange),
    () => cell.getValue(),
    () => cell.getValue(),
  );
}
