// Module Federation runtime plugin of the shell: the modules of a page are evaluated in tasks of their own instead
// of one long task, so the browser can paint and take input in between (issue 14, TBT on a phone).
// - Loading a remote's module: the runtime's snapshot plugin reads the remote's manifest and adds a preload for each of
//   the module's files (its `afterResolve`); the remote's remoteEntry.js script is added in the next task (ours runs
//   after it).
// - A remote's container is started (its own federation runtime, its share scope) in a task of its own, not in the
//   one that evaluated its remoteEntry.js; the exposed module is requested in the next one.
// - A remote's exposed module (e.g. the devis page's whole module graph) runs in a task of its own, not in the one
//   that evaluated the remote's remoteEntry.js and started its container: the runtime awaits `beforeExecuteFactory`
//   just before it runs the module's factory.
// - A shared module (React DOM, styled-components, supabase-js, each @atelier package…) is evaluated in a task of its
//   own as soon as its code has arrived, instead of all of them in the microtasks of whichever chunk arrives last,
//   then in one stack when the first page module imports them. Its factory's result is kept: the module is evaluated
//   once, as before, only earlier.
import { registerGlobalPlugins, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
// The module itself, not @atelier/platform's index: runtime plugins run inside the federation runtime, before any
// shared module can be consumed, so this one is bundled into the shell's entry.
import { nextTask } from '@atelier/platform/src/next-task';

type SharedGetter = () => Promise<() => unknown> | (() => unknown);
interface SharedEntry {
  get?: SharedGetter;
  lib?: () => unknown;
}
const evaluatedInOwnTask = new WeakSet<SharedEntry>();
let registeredGlobally = false;

/** Wraps a shared module's getter once: code arrives, next task, factory runs, its exports are kept. */
export function evaluateInOwnTask(shared: SharedEntry): void {
  const { get } = shared;
  if (typeof get !== 'function' || shared.lib || evaluatedInOwnTask.has(shared)) return;
  evaluatedInOwnTask.add(shared);
  shared.get = async () => {
    const factory = await get();
    await nextTask();
    const exports = factory();
    return () => exports;
  };
}

export default function atelierYieldPlugin(): ModuleFederationRuntimePlugin {
  const plugin: ModuleFederationRuntimePlugin = {
    name: 'atelier-yield-plugin',
    async afterResolve(args) {
      await nextTask();
      return args;
    },
    async beforeInitContainer(args) {
      await nextTask();
      return args;
    },
    async initContainer(args) {
      await nextTask();
      return args;
    },
    beforeExecuteFactory() {
      return nextTask();
    },
    // Each shared module's resolution goes on in a task of its own (they all start in the same one).
    async beforeLoadShare(args) {
      await nextTask();
      return args;
    },
    resolveShare(args) {
      const { resolver } = args;
      args.resolver = () => {
        const resolved = resolver();
        if (resolved?.shared) evaluateInOwnTask(resolved.shared as SharedEntry);
        return resolved;
      };
      return args;
    },
  };
  // Each remote's remoteEntry.js starts a federation runtime of its own: registered globally (once per page), the
  // plugin is also theirs, so a remote page's shared modules are resolved and evaluated in short tasks too.
  if (!registeredGlobally) registerGlobalPlugins([plugin]);
  registeredGlobally = true;
  return plugin;
}
