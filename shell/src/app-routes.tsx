// Every route of SPEC.md §2. Remote pages load at run time behind their own RemoteBoundary.
import { lazy, Suspense, useLayoutEffect, type ComponentType } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { Spinner } from '@atelier/ui';

import { PublicOnly, RequireAuth } from './features/auth/auth-guard';
import { AuthPage } from './features/auth/auth-page';
import { EMAIL_CONFIRMATION_PATH, emailLinkOutcome } from './features/auth/email-link';
import { RemoteView } from './federation/remote-view';
import { REMOTE_MODULES, type HomePageProps, type RemoteModule } from './federation/remotes';
import { AppLayout } from './layout/app-layout';
import { revealApp } from './static-shell';

// Legal texts are only needed on /legal: keep them out of the /auth bundle.
const LegalRoute = lazy(() => import('./features/legal/legal-route'));
// The client's public page of a devis / an invoice (a mail link, no account: issue 26).
const PublicDocumentPage = lazy(() => import('./features/public-document/public-document-page'));
// Likewise the new-password page and the e-mail confirmation landing (reached from a mail link only).
const EmailConfirmationPage = lazy(() =>
  import('./features/auth/email-confirmation-page').then((m) => ({ default: m.EmailConfirmationPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);

/**
 * The recognition section of / is a placeholder of the shell (its own chunk, not on /auth) until the user uses
 * it; mf-recognition loads then (issue 14). The chunk is fetched with mf-quotes' HomePage, which renders only once
 * both are there: the placeholder is drawn with the editor, nothing moves when it arrives (no reserved height).
 */
let RecognitionSlotContent: ComponentType | null = null;
const loadRecognitionSlot = () =>
  import(/* webpackChunkName: "recognition-slot" */ './features/recognition-slot/recognition-slot').then((m) => {
    RecognitionSlotContent = m.RecognitionSlotContent;
  });

const HOME_WITH_SLOT: RemoteModule<HomePageProps> = {
  ...REMOTE_MODULES.home,
  // The devis editor never depends on the placeholder's chunk: without it, the section stays empty.
  load: () =>
    Promise.all([REMOTE_MODULES.home.load(), loadRecognitionSlot().catch(() => undefined)]).then(
      ([home]) => home,
      (error: unknown) => {
        revealApp(); // the « momentanément indisponible » box is shown, not the static copy of the page
        throw error;
      },
    ),
};

function RecognitionSlot() {
  // Drawn by the home page inside its recognition card: the page's first screen is there, the static copy goes
  // in the same commit (shell/src/static-shell.ts).
  useLayoutEffect(revealApp, []);
  return RecognitionSlotContent ? <RecognitionSlotContent /> : null;
}

function HomeRoute() {
  return <RemoteView module={HOME_WITH_SLOT} props={{ recognitionSlot: <RecognitionSlot /> }} />;
}

/**
 * Where an e-mail confirmation link's outcome (URL fragment) sends this page load, read once with the tokens
 * dropped from the address bar; null when there is none or once it was shown.
 */
let emailLanding: string | null | undefined;
function takeEmailLanding(): string | null {
  if (emailLanding === undefined) {
    const outcome = emailLinkOutcome(window.location.hash, window.location.pathname);
    emailLanding = outcome
      ? `${EMAIL_CONFIRMATION_PATH}?resultat=${outcome === 'confirmed' ? 'confirmee' : 'invalide'}`
      : null;
    if (outcome) window.history.replaceState(null, '', window.location.pathname);
  }
  return emailLanding;
}

export function AppRoutes() {
  const { pathname } = useLocation();
  // Rendered instead of the routes, so no guard of the page the link opened redirects elsewhere in the meantime.
  const landing = takeEmailLanding();
  if (landing && pathname !== EMAIL_CONFIRMATION_PATH) return <Navigate to={landing} replace />;
  if (landing) emailLanding = null;
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
          path={EMAIL_CONFIRMATION_PATH}
          element={
            <Suspense fallback={<Spinner />}>
              <EmailConfirmationPage />
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
        {['/signer/:token', '/facture-en-ligne/:token'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={<Spinner />}>
                <PublicDocumentPage />
              </Suspense>
            }
          />
        ))}
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
