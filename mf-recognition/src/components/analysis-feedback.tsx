// The blocks both panels show around an analysis: spinner, red error box (Réessayer / Fermer), green
// success message, quota refusal, empty-catalogue warning and tips (SPEC §2).
import { Banner, Button, Spinner } from '@atelier/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

import type { AnalysisRun } from '../hooks/use-analysis-run';
import { FEEDBACK_MESSAGES } from './messages';

const Actions = styled.div`
  display: flex;
  gap: 0.5rem;
  margin-top: 0.5rem;
  flex-wrap: wrap;
`;

const ErrorBox = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => theme.colors.dangerBg};
  color: ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius};
  padding: 0.75rem 1rem;
  margin-bottom: 1rem;
`;

const Analysing = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  color: ${({ theme }) => theme.colors.muted};
  & > div {
    padding: 0;
  }
`;

export function AnalysisFeedback({
  run,
  onRetry,
  onClose,
}: {
  run: AnalysisRun;
  onRetry?: () => void;
  onClose: () => void;
}) {
  switch (run.status) {
    case 'analysing':
      return (
        <Analysing data-testid="analysis-spinner">
          <Spinner label={FEEDBACK_MESSAGES.analysing} />
          <span>{FEEDBACK_MESSAGES.analysing}</span>
        </Analysing>
      );
    case 'error':
      return (
        <ErrorBox role="alert" data-testid="analysis-error">
          <p style={{ margin: 0 }}>{run.message}</p>
          <Actions>
            {onRetry && (
              <Button $variant="danger" onClick={onRetry}>
                {FEEDBACK_MESSAGES.retry}
              </Button>
            )}
            <Button $variant="secondary" onClick={onClose}>
              {FEEDBACK_MESSAGES.close}
            </Button>
          </Actions>
        </ErrorBox>
      );
    case 'refused':
      return <Banner tone="warning">{run.message}</Banner>;
    case 'success':
      return (
        <div data-testid="analysis-success">
          <Banner tone="success">{run.message}</Banner>
        </div>
      );
    default:
      return null;
  }
}

export function EmptyCatalogueWarning() {
  return (
    <Banner tone="warning">
      <strong>{FEEDBACK_MESSAGES.emptyCatalogueTitle}</strong>
      <p style={{ margin: '0.25rem 0' }}>{FEEDBACK_MESSAGES.emptyCatalogue}</p>
      <Link to="/tasks">{FEEDBACK_MESSAGES.goToTasks}</Link>
    </Banner>
  );
}

export { Tips } from '@atelier/ui/src/recognition-frame';
