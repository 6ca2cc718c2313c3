import atelierYieldPlugin from './yield-plugin';

describe('atelierYieldPlugin', () => {
  it('lets the exposed module run in a later task, not in the current one', async () => {
    const plugin = atelierYieldPlugin();
    let resumed = false;
    const hook = plugin.beforeExecuteFactory as unknown as () => Promise<void>;
    void hook().then(() => (resumed = true));
    // Every microtask of the current task has run: the factory is still waiting.
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(resumed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(resumed).toBe(true);
  });
});
