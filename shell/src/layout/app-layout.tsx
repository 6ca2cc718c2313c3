import { useAuth } from '@atelier/platform';
import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';

import { SHELL_MESSAGES } from '../messages';
import { revealApp } from '../static-shell';
import { OfflineNotice, UpdatePrompt } from '../pwa/update-prompt';
import { Footer } from './footer';
import { TopNav } from './top-nav';
import { UserDataNotice } from './user-data-notice';

const Page = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

/**
 * Signed in, the page's content arrives after the first paint (remotes): the main area starts a screen tall so the
 * footer is below the fold and does not jump down when the page fills in (Lighthouse CLS, issue 14).
 */
const Main = styled.main<{ $screenTall: boolean }>`
  flex: 1;
  min-height: ${({ $screenTall }) => ($screenTall ? '100vh' : 'auto')};
  width: 100%;
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: 1.25rem 1rem;
`;

/** Same height and brand position as the signed-in bar, so /auth and the app line up. */
const PlainHeader = styled.header`
  background: ${({ theme }) => theme.colors.primary};
  color: #fff;
  font-weight: 700;
  font-size: 1.2rem;
  letter-spacing: 0.02em;
  > div {
    max-width: ${({ theme }) => theme.maxWidth};
    margin: 0 auto;
    padding: 0 1rem;
    min-height: 56px;
    display: flex;
    align-items: center;
  }
`;

/** Navigation for signed-in users, a plain header otherwise; the footer on every page. */
export function AppLayout() {
  const { status } = useAuth();
  const { pathname, search } = useLocation();
  // The home page's static copy (index.html) stays only while the home page itself is on its way: another route
  // (the sign-in page after a redirect, a link) or a saved devis being opened shows the app at once.
  useLayoutEffect(() => {
    if (pathname !== '/' || new URLSearchParams(search).has('devis')) revealApp();
  }, [pathname, search]);
  return (
    <Page>
      {status === 'signed-in' ? (
        <TopNav />
      ) : (
        <PlainHeader>
          <div>{SHELL_MESSAGES.brand}</div>
        </PlainHeader>
      )}
      <OfflineNotice />
      <Main $screenTall={status !== 'signed-out'}>
        {status === 'signed-in' ? <UserDataNotice /> : null}
        <Outlet />
      </Main>
      <Footer />
      <UpdatePrompt />
    </Page>
  );
}
