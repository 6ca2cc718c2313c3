// Where to go once signed in: '/' by default, '/account?checkout=<plan>' right after choosing a paid plan (the
// account page then redirects to the payment). Read by the /auth guard when the session appears.
let destination: string | null = null;

export function setPostAuthDestination(path: string | null): void {
  destination = path;
}

export function peekPostAuthDestination(): string {
  return destination ?? '/';
}

const PENDING_CHECKOUT_KEY = 'atelier.pendingCheckout';

/**
 * A paid plan chosen at sign-up when the email must be confirmed first: its payment starts at the first sign-in
 * of that email (kept in localStorage, since the confirmation link may open another tab).
 */
export function rememberPendingCheckout(email: string, plan: 'pro' | 'enterprise'): void {
  try {
    localStorage.setItem(PENDING_CHECKOUT_KEY, JSON.stringify({ email: email.trim().toLowerCase(), plan }));
  } catch {
    // storage unavailable: the user chooses the plan again on /account
  }
}

/** Where a sign-in with this email goes: its pending checkout (taken once), else '/'. */
export function destinationAfterSignIn(email: string): string {
  try {
    const pending = JSON.parse(localStorage.getItem(PENDING_CHECKOUT_KEY) ?? 'null') as {
      email?: string;
      plan?: string;
    } | null;
    if (pending?.email === email.trim().toLowerCase() && (pending.plan === 'pro' || pending.plan === 'enterprise')) {
      localStorage.removeItem(PENDING_CHECKOUT_KEY);
      return `/account?checkout=${pending.plan}`;
    }
  } catch {
    // unreadable entry: ignore it
  }
  return '/';
}
