import { PLANS } from '@atelier/domain/src/plans';
import { Button, Card, formatDate, formatDateTime, formatPhone, formatSiret } from '@atelier/ui';
import styled from 'styled-components';

import type { AdminUser } from '../api/admin-api';
import { ADMIN_MESSAGES } from '../messages';

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.25rem 0.75rem;
  margin: 0 0 1rem;
  font-size: ${({ theme }) => theme.font.size.sm};
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Email = styled.h2`
  overflow-wrap: anywhere;
`;

export function fullName(user: Pick<AdminUser, 'first_name' | 'last_name'>): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}

export function UserCard({ user, onDelete }: { user: AdminUser; onDelete: (user: AdminUser) => void }) {
  const f = ADMIN_MESSAGES.fields;
  return (
    <Card as="article" aria-label={user.user_email} data-testid="admin-user-card">
      <Email>{user.user_email}</Email>
      <Details>
        <dt>{f.name}</dt>
        <dd>{fullName(user)}</dd>
        <dt>{f.company}</dt>
        <dd>{user.company_name ?? ''}</dd>
        <dt>{f.phone}</dt>
        <dd>{formatPhone(user.user_phone)}</dd>
        <dt>{f.address}</dt>
        <dd>{user.address ?? ''}</dd>
        <dt>{f.siret}</dt>
        <dd>{formatSiret(user.siret)}</dd>
        <dt>{f.createdAt}</dt>
        <dd>{formatDate(user.user_created_at)}</dd>
        <dt>{f.lastSignIn}</dt>
        <dd>{user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : ADMIN_MESSAGES.never}</dd>
        <dt>{f.emailVerified}</dt>
        <dd>{user.email_confirmed ? ADMIN_MESSAGES.yes : ADMIN_MESSAGES.no}</dd>
        <dt>{f.plan}</dt>
        <dd>{PLANS[user.plan_id]?.name ?? user.plan_id}</dd>
        <dt>{f.quotes}</dt>
        <dd>{user.quotes_used_this_month}</dd>
      </Details>
      <Button $variant="danger" onClick={() => onDelete(user)}>
        {ADMIN_MESSAGES.delete}
      </Button>
    </Card>
  );
}
