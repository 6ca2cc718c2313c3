// The federation runtime of a page (FederationRuntimeCorePlugin in index.cjs): every app is built with
// `experiments.externalRuntime`, so main.js and each remoteEntry.js read the runtime from this global instead of
// carrying their own copy. Loaded before main.js on the shell's pages and on a remote's own page.
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
