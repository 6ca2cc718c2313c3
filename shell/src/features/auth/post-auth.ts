// Where to go once signed in: '/' by default, '/account?checkout=<plan>' right after choosing a paid plan (the
// account page then redirects to the payment). Read by the /auth guard when the session appears.
let destination: string | null = null;

export function setPostAuthDestination(path: string | null): void {
  destination = path;
}

export function peekPostAuthDestination(): string {
  return destination ?? '/';
}
