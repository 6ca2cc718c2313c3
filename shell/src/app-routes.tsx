// Every route of SPEC.md §2. Remote pages load at run time behind their own RemoteBoundary.
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import { Spinner } from '@atelier/ui';

import { PublicOnly, RequireAuth } from './features/auth/auth-guard';
import { AuthPage } from './features/auth/auth-page';
import { RemoteView } from './federation/remote-view';
import { REMOTE_MODULES } from './federation/remotes';
import { AppLayout } from './layout/app-layout';

// Legal texts are only needed on /legal: keep them out of the /auth bundle.
const LegalRoute = lazy(() => import('./features/legal/legal-route'));
// Likewise the new-password page (reached from a mail link only).
const ResetPasswordPage = lazy(() =>
  import('./features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);

/**
 * The photo/voice panels load after the home page, above the editor: their measured height is reserved so the
 * editor does not jump down when they arrive (Lighthouse CLS 0.7 → ~0 on a phone).
 */
const RecognitionSlot = styled.div`
  min-height: 27rem;
  @media (max-width: 720px) {
    min-height: 46rem;
  }
  /* Measured at Lighthouse's phone width (412 px): the panels are 69rem tall there. */
  @media (max-width: 480px) {
    min-height: 69rem;
  }
`;

function HomeRoute() {
  return (
    <RemoteView
      module={REMOTE_MODULES.home}
      props={{
        recognitionSlot: (
          <RecognitionSlot>
            <RemoteView module={REMOTE_MODULES.recognition} />
          </RecognitionSlot>
        ),
      }}
    />
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route
          path="/auth"
          element={
            <PublicOnly>
              <AuthPage />
            </PublicOnly>
          }
        />
        <Route
          path="/auth/nouveau-mot-de-passe"
          element={
            <Suspense fallback={<Spinner />}>
              <ResetPasswordPage />
            </Suspense>
          }
        />
        <Route
          path="/legal/:page?"
          element={
            <Suspense fallback={<Spinner />}>
              <LegalRoute />
            </Suspense>
          }
        />
        <Route
          element={
            <RequireAuth>
              <Outlet />
            </RequireAuth>
          }
        >
          <Route path="/" element={<HomeRoute />} />
          <Route path="/clients" element={<RemoteView module={REMOTE_MODULES.clients} />} />
          <Route path="/customize" element={<RemoteView module={REMOTE_MODULES.customize} />} />
          <Route path="/tasks" element={<RemoteView module={REMOTE_MODULES.tasks} />} />
          <Route path="/company" element={<RemoteView module={REMOTE_MODULES.company} />} />
          <Route path="/account" element={<RemoteView module={REMOTE_MODULES.account} />} />
          <Route path="/admin" element={<RemoteView module={REMOTE_MODULES.admin} />} />
        </Route>
        <Route path="*" element={<Navigate to="/auth" replace />} />
      </Route>
    </Routes>
  );
}
