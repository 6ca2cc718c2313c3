import styled from 'styled-components';

import { QUOTE_MESSAGES as M } from '../messages';

const Orange = styled.div`
  background: #fff4e5;
  border: 1px solid #f6ad55;
  border-left: 4px solid #dd6b20;
  color: #7b341e;
  border-radius: ${({ theme }) => theme.radius};
  padding: 0.75rem 1rem;
  margin-bottom: 1rem;
  strong {
    display: block;
    margin-bottom: 0.25rem;
  }
`;

/** The orange « Limite de devis atteinte » banner with the spec's quota message. */
export function QuotaBanner() {
  return (
    <Orange role="alert" data-testid="quota-banner">
      <strong>{M.quotaBannerTitle}</strong>
      {M.quotaExhausted}
    </Orange>
  );
}
