// A remote's own page (its index.html, for working on it alone): the remote's code runs on the federation runtime a
// host provides (`experiments.externalRuntime`, see index.cjs); in the product the shell's runtime plugin sets this
// global before any remote loads, here this script does, before the remote's main.js.
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
