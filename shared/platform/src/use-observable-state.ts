import { useSyncExternalStore } from 'react';
import type { BehaviorSubject } from 'rxjs';

/** React binding for a BehaviorSubject-style state stream. */
export function useBehaviorState<T>(subject: BehaviorSubject<T>): T {
  return useSyncExternalStore(
    (onChange) => {
      const subscription = subject.subscribe({ next: onChange, error: onChange });
      return () => subscription.unsubscribe();
    },
    () => subject.getValue(),
    () => subject.getValue(),
  );
}
