// Added before the shell's entry in production builds (shared/build/webpack.cjs). Every remoteEntry.js used to
// carry its own copy of Module Federation's webpack bundler runtime and sdk (about 5 KB compressed each; four
// remotes on the home page); production remotes take the shell's copy from this global instead, as they already
// take its runtime core (experiments.externalRuntime). The bundler runtime's functions keep no state of their own:
// each works on the __webpack_require__ of the app calling it, and each remote copies this object's fields into its
// own federation record before its own fields (name, shared modules, chunk maps) are put back over them.
//
// Two things in the shell's copy are specific to the shell's build, and are adjusted here:
// - the shell exposes no modules, so its build leaves out the container initialiser a remote's entry calls;
// - runtime.init first looks up the instance by the shell's build id (a compile-time constant), which would hand
//   every remote the shell's instance; a remote's init looks its instance up by name, as the runtime does when no
//   build id is compiled in.
import federation from '@module-federation/webpack-bundler-runtime/bundler';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import * as runtime from '@module-federation/runtime';

function initRemoteInstance(options) {
  const normalized = { ...options, id: options.id || '' };
  const instances = (globalThis.__FEDERATION__ && globalThis.__FEDERATION__.__INSTANCES__) || [];
  const existing = instances.find(
    (instance) => instance.options.name === options.name && (options.version ? instance.options.version === options.version : !instance.options.version),
  );
  if (!existing) return runtime.createInstance(normalized);
  existing.initOptions(normalized);
  return existing;
}

self.__GTA_FEDERATION_BUNDLER_RUNTIME__ = {
  ...federation,
  runtime: { ...runtime, init: initRemoteInstance },
  bundlerRuntime: { ...federation.bundlerRuntime, initContainerEntry },
};
