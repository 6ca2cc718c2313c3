import { useAuth } from '@atelier/platform';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';

import { SHELL_MESSAGES } from '../messages';
import { Footer } from './footer';
import { TopNav } from './top-nav';

const Page = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const Main = styled.main`
  flex: 1;
  width: 100%;
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: 1.25rem 1rem;
`;

const PlainHeader = styled.header`
  background: ${({ theme }) => theme.colors.primary};
  color: #fff;
  padding: 0.9rem 1rem;
  font-weight: 700;
  font-size: 1.2rem;
`;

/** Navigation for signed-in users, a plain header otherwise; the footer on every page. */
export function AppLayout() {
  const { status } = useAuth();
  return (
    <Page>
      {status === 'signed-in' ? <TopNav /> : <PlainHeader>{SHELL_MESSAGES.brand}</PlainHeader>}
      <Main>
        <Outlet />
      </Main>
      <Footer />
    </Page>
  );
}
