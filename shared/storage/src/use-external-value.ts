import { startTransition, useEffect, useState } from 'react';

/**
 * Runs a React state update: at once while the user's own event is being dispatched (typing, a click: a controlled
 * field must show its keystroke in the same frame), otherwise — data arriving from IndexedDB, the server, a timer —
 * as a transition, which React renders in slices that let the browser paint and take input in between instead of
 * one long task (issue 14, TBT on a phone).
 */
export function startUpdate(update: () => void): void {
  if (isUserEvent(typeof window === 'undefined' ? undefined : window.event)) update();
  else startTransition(update);
}

/**
 * The events a person makes (React's discrete events). `window.event` is also set while IndexedDB's `success`, a
 * MessageChannel's `message` (React's own scheduler), a script's `load` or another tab's `storage` event is
 * dispatched, and during the microtasks that follow it: rows read from IndexedDB would otherwise render urgently,
 * in one long task.
 */
const USER_EVENT_TYPES = new Set(
  (
    'auxclick beforeinput blur change click compositionend compositionstart compositionupdate contextmenu copy cut dblclick ' +
    'dragend dragstart drop focus focusin focusout input invalid keydown keypress keyup mousedown ' +
    'mouseup paste pointercancel pointerdown pointerup reset select submit touchcancel touchend touchstart'
  ).split(' '),
);

function isUserEvent(event: Event | undefined): boolean {
  return event !== undefined && USER_EVENT_TYPES.has(event.type);
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
