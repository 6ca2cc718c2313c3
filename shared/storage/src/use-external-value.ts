import { startTransition, useEffect, useState } from 'react';

/**
 * Runs a React state update: at once while the user's own event is being dispatched (typing, a click: a controlled
 * field must show its keystroke in the same frame), otherwise — data arriving from IndexedDB, the server, a timer —
 * as a transition, which React renders in slices that let the browser paint and take input in between instead of
 * one long task (issue 14, TBT on a phone).
 */
export function startUpdate(update: () => void): void {
  if (typeof window !== 'undefined' && window.event) update();
  else startTransition(update);
}

/**
 * A value kept outside React (a stored value, a session cell), re-rendered when it changes — like
 * useSyncExternalStore, but a change that does not come from the user's own event re-renders in a transition
 * (`startUpdate`): useSyncExternalStore renders every change synchronously, so each piece of data arriving at start
 * redrew the whole devis page in one long task. Every component reading the same source moves to the new value in
 * the same render (their updates share the transition). `subscribe` and `getSnapshot` must be stable for a source;
 * a new source is read at once.
 */
export function useExternalValue<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T): T {
  const [state, setState] = useState(() => ({ getSnapshot, value: getSnapshot() }));
  let { value } = state;
  if (state.getSnapshot !== getSnapshot) {
    // Another source: its value now, not the previous source's for one render.
    value = getSnapshot();
    setState({ getSnapshot, value });
  }
  useEffect(() => {
    const follow = () => {
      const next = getSnapshot();
      startUpdate(() =>
        setState((prev) =>
          prev.getSnapshot === getSnapshot && Object.is(prev.value, next) ? prev : { getSnapshot, value: next },
        ),
      );
    };
    const unsubscribe = subscribe(follow);
    // A change between this component's render and its subscription is not missed (same value: no render).
    follow();
    return unsubscribe;
  }, [subscribe, getSnapshot]);
  return value;
}
