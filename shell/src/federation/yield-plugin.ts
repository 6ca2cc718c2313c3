// Module Federation runtime plugin of the shell: a remote's exposed module (a page, e.g. the devis page's whole
// module graph) is evaluated in a task of its own, not in the one that evaluated the remote's remoteEntry.js and
// started its container: one long task becomes two of about half, and the browser can paint and take input in
// between (issue 14, TBT on a phone). The runtime awaits this hook just before it runs the module's factory.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
// The module itself, not @atelier/platform's index: runtime plugins run inside the federation runtime, before any
// shared module can be consumed, so this one is bundled into the shell's entry.
import { nextTask } from '@atelier/platform/src/next-task';

export default function atelierYieldPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'atelier-yield-plugin',
    beforeExecuteFactory() {
      return nextTask();
    },
  };
}
