import { useStorageIssues } from '@atelier/storage';

import { Banner, Button } from './primitives';

/** Tells the user that stored data was unreadable and where it was set aside. */
export function StorageIssuesBanner({ keys }: { keys: readonly string[] }) {
  const { issues, dismiss } = useStorageIssues(keys);
  return (
    <>
      {issues.map((issue) => (
        <Banner key={issue.backupKey} $tone="warning" role="alert">
          <span>{issue.message}</span>
          <Button type="button" $variant="secondary" onClick={() => dismiss(issue)}>
            OK
          </Button>
        </Banner>
      ))}
    </>
  );
}
