// Where to go once signed in: '/' by default, '/account' right after choosing a paid plan (until billing
// exists). Read by the /auth guard when the session appears.
let destination: string | null = null;

export function setPostAuthDestination(path: string | null): void {
  destination = path;
}

export function peekPostAuthDestination(): string {
  return destination ?? '/';
}
