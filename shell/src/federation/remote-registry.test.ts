import { defaultRemoteEntries, parseRemoteEntries } from './remote-registry';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

it('reads remote locations from remotes.json over the defaults', () => {
  const entries = parseRemoteEntries({
    quotes: 'https://quotes.example.fr/mf-manifest.json',
    clients: 4003,
    admin: 42,
    bogus: 'x',
  });
  expect(entries.quotes).toBe('https://quotes.example.fr/mf-manifest.json');
  expect(entries.clients).toBe('http://localhost:4003/mf-manifest.json');
  expect(entries.recognition).toBe('http://localhost:3002/mf-manifest.json');
  expect(entries.admin).toBe('http://localhost:42/mf-manifest.json');
});

it('resolves relative entries against the page and ignores invalid files', () => {
  expect(parseRemoteEntries({ account: '/remotes/account/mf-manifest.json' }).account).toBe(
    'http://localhost/remotes/account/mf-manifest.json',
  );
  expect(parseRemoteEntries('nope')).toEqual(defaultRemoteEntries());
  expect(parseRemoteEntries({ quotes: '' }).quotes).toBe('http://localhost:3001/mf-manifest.json');
});
