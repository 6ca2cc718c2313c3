import { useCallback, useEffect, useState } from 'react';
import { asapScheduler, filter, observeOn } from 'rxjs';

import { storageIssues$, type StorageIssue, type StoredValue } from './stored-value';
import { useExternalValue } from './use-external-value';

/**
 * The store's current value; re-renders on same-tab writes and on other tabs' writes. Renders read the cached
 * snapshot (a large client book is not re-read and re-parsed on every keystroke); storage is re-read when the
 * component subscribes, and React re-renders if it differed. A change that is not the user's own (the server's
 * rows arriving, another tab) re-renders in a transition (`useExternalValue`).
 */
export function useStoredValue<T>(store: StoredValue<T>): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const unsubscribe = store.subscribe(onChange);
      store.get();
      return unsubscribe;
    },
    [store],
  );
  return useExternalValue(subscribe, store.snapshot);
}

// Dismissed issues stay dismissed for the page's life, although storageIssues$ replays them.
const dismissed = new Set<string>();

/** Storage issues (corrupt values set aside) for the given keys, or all keys when omitted. */
export function useStorageIssues(keys?: readonly string[]): {
  issues: StorageIssue[];
  dismiss: (issue: StorageIssue) => void;
} {
  const [issues, setIssues] = useState<StorageIssue[]>([]);
  const keyList = keys?.join('\u0000');
  useEffect(() => {
    const wanted = keyList === undefined ? null : new Set(keyList.split('\u0000'));
    // Issues are found while reading, often during another component's render: deliver them asynchronously.
    const sub = storageIssues$
      .pipe(
        filter((issue) => (wanted === null || wanted.has(issue.key)) && !dismissed.has(issue.backupKey)),
        observeOn(asapScheduler),
      )
      .subscribe((issue) =>
        setIssues((prev) => (prev.some((p) => p.backupKey === issue.backupKey) ? prev : [...prev, issue])),
      );
    return () => sub.unsubscribe();
  }, [keyList]);
  const dismiss = (issue: StorageIssue) => {
    dismissed.add(issue.backupKey);
    setIssues((prev) => prev.filter((p) => p !== issue));
  };
  return { issues, dismiss };
}
