import atelierYieldPlugin, { evaluateInOwnTask } from './yield-plugin';

/** Every microtask of the current task has run. */
async function drainMicrotasks() {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}
const nextMacrotask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('atelierYieldPlugin', () => {
  it('lets the exposed module run in a later task, not in the current one', async () => {
    const plugin = atelierYieldPlugin();
    let resumed = false;
    const hook = plugin.beforeExecuteFactory as unknown as () => Promise<void>;
    void hook().then(() => (resumed = true));
    await drainMicrotasks();
    expect(resumed).toBe(false);
    await nextMacrotask();
    expect(resumed).toBe(true);
  });

  it('goes on with a shared module’s resolution in a later task, with its arguments unchanged', async () => {
    const plugin = atelierYieldPlugin();
    const args = { pkgName: 'react' };
    let result: unknown;
    const hook = plugin.beforeLoadShare as unknown as (a: typeof args) => Promise<typeof args>;
    void hook(args).then((r) => (result = r));
    await drainMicrotasks();
    expect(result).toBeUndefined();
    await nextMacrotask();
    expect(result).toBe(args);
  });

  it.each(['afterResolve', 'beforeInitContainer', 'initContainer'] as const)(
    'goes on in a later task after %s (remote entry added, container started, module requested: three tasks), with its arguments unchanged',
    async (name) => {
      const plugin = atelierYieldPlugin();
      const args = { id: 'mf_quotes/HomePage' };
      let result: unknown;
      const hook = plugin[name] as unknown as (a: typeof args) => Promise<typeof args>;
      void hook(args).then((r) => (result = r));
      await drainMicrotasks();
      expect(result).toBeUndefined();
      await nextMacrotask();
      expect(result).toBe(args);
    },
  );

  it('is registered globally, so the remotes’ own federation runtimes take it too', () => {
    const plugin = atelierYieldPlugin();
    const global = globalThis as unknown as { __FEDERATION__: { __GLOBAL_PLUGIN__: { name: string }[] } };
    expect(global.__FEDERATION__.__GLOBAL_PLUGIN__.map((p) => p.name)).toContain(plugin.name);
  });

  it('wraps the share resolver: the chosen shared module is evaluated in a task of its own', async () => {
    const plugin = atelierYieldPlugin();
    const factory = jest.fn(() => ({ answer: 42 }));
    const shared = { get: () => Promise.resolve(factory) };
    const args = { resolver: () => ({ shared, useTreesShaking: false }) };
    const resolveShare = plugin.resolveShare as unknown as (a: typeof args) => typeof args;
    const resolved = resolveShare(args).resolver();
    expect(resolved.shared).toBe(shared);
    const got = (shared.get as () => Promise<() => unknown>)();
    await drainMicrotasks();
    expect(factory).not.toHaveBeenCalled();
    await nextMacrotask();
    const lib = await got;
    expect(factory).toHaveBeenCalledTimes(1);
    // The module's exports are kept: its code ran once, the consumers get the same object.
    expect(lib()).toBe(lib());
    expect(lib()).toEqual({ answer: 42 });
    expect(factory).toHaveBeenCalledTimes(1);
  });
});

describe('evaluateInOwnTask', () => {
  it('leaves a module already loaded, or already wrapped, as it is', () => {
    const lib = () => 'loaded';
    const get = () => lib;
    const loaded = { get, lib };
    evaluateInOwnTask(loaded);
    expect(loaded.get).toBe(get);
    const pending = { get: () => Promise.resolve(() => 'x') };
    evaluateInOwnTask(pending);
    const wrapped = pending.get;
    evaluateInOwnTask(pending);
    expect(pending.get).toBe(wrapped);
  });

  it('passes a failing module’s error to its consumers', async () => {
    const shared = {
      get: () =>
        Promise.resolve(() => {
          throw new Error('module en panne');
        }),
    };
    evaluateInOwnTask(shared);
    await expect(shared.get()).rejects.toThrow('module en panne');
  });
});
