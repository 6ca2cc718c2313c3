import atelierFallbackPlugin, { fetchWithTimeout } from './fallback-plugin';

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));
afterEach(() => jest.useRealTimers());

it('lets the share negotiation skip a dead remote and rethrows elsewhere', async () => {
  const plugin = atelierFallbackPlugin();
  const hook = plugin.errorLoadRemote as (args: object) => Promise<unknown>;
  await expect(
    hook({ id: 'mf_clients', error: new Error('down'), lifecycle: 'beforeLoadShare', from: 'runtime' }),
  ).resolves.toBeUndefined();
  await expect(
    hook({ id: 'mf_clients/ClientsPage', error: new Error('down'), lifecycle: 'onLoad', from: 'runtime' }),
  ).resolves.toBeUndefined();
  expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('beforeLoadShare'), expect.any(Error));
});

it('aborts a manifest request that never answers', async () => {
  jest.useFakeTimers();
  global.fetch = jest.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
      ),
  ) as unknown as typeof fetch;
  const pending = fetchWithTimeout('http://localhost:3003/mf-manifest.json', {}, 10_000);
  jest.advanceTimersByTime(10_000);
  await expect(pending).rejects.toThrow('Remote manifest timed out');
});
