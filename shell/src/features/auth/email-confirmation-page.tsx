// /auth/confirmation: the landing of the e-mail confirmation link (issue 29.8) — « adresse confirmée », or the
// link expired / was already used — with the way on (sign in, or home when this browser is signed in).
import { useAuth } from '@atelier/platform';
import { Banner, Card, PageTitle } from '@atelier/ui';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';

import { AUTH_PAGE_MESSAGES as M } from './messages';

const Narrow = styled.div`
  max-width: 640px;
  margin: 0 auto;
`;

export function EmailConfirmationPage() {
  const [params] = useSearchParams();
  const { status } = useAuth();
  const confirmed = params.get('resultat') === 'confirmee';
  const signedIn = status === 'signed-in';
  return (
    <Narrow>
      <Card>
        <PageTitle>{confirmed ? M.emailConfirmedTitle : M.emailLinkInvalidTitle}</PageTitle>
        <Banner tone={confirmed ? 'success' : 'error'}>{confirmed ? M.emailConfirmed : M.emailLinkInvalid}</Banner>
        <p>{signedIn ? <Link to="/">{M.toHome}</Link> : <Link to="/auth">{M.signInLink}</Link>}</p>
      </Card>
    </Narrow>
  );
}
