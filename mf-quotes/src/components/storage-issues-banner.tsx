import { useStorageIssues } from '@atelier/storage';
import styled from 'styled-components';

import { Banner, LinkButton } from './primitives';

const Row = styled.span`
  display: flex;
  gap: 1rem;
  justify-content: space-between;
  align-items: baseline;
`;

/** Tells the user that stored data was unreadable and where it was set aside. */
export function StorageIssuesBanner({ keys }: { keys: readonly string[] }) {
  const { issues, dismiss } = useStorageIssues(keys);
  return (
    <>
      {issues.map((issue) => (
        <Banner key={issue.backupKey} tone="warning">
          <Row>
            <span>{issue.message}</span>
            <LinkButton onClick={() => dismiss(issue)}>OK</LinkButton>
          </Row>
        </Banner>
      ))}
    </>
  );
}
