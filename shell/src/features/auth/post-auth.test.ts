import { destinationAfterSignIn, rememberPendingCheckout } from './post-auth';

beforeEach(() => localStorage.clear());

it('a paid plan waiting for email confirmation opens its checkout at the first sign-in of that email only', () => {
  rememberPendingCheckout('Marie@Example.fr ', 'enterprise');
  expect(destinationAfterSignIn('autre@example.fr')).toBe('/');
  expect(destinationAfterSignIn('marie@example.fr')).toBe('/account?checkout=enterprise');
  expect(destinationAfterSignIn('marie@example.fr')).toBe('/');
});

it('ignores an unreadable entry', () => {
  localStorage.setItem('atelier.pendingCheckout', '{oops');
  expect(destinationAfterSignIn('marie@example.fr')).toBe('/');
});
