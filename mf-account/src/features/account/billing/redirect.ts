// Leaving the app for Stripe (checkout, portal): one place, so tests can observe it instead of navigating.
export function redirectTo(url: string): void {
  window.location.assign(url);
}
