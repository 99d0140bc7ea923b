/**
 * The modules each remote exposes: declared once, in exposedModules.json, which each remote's webpack config reads
 * for its `exposes` (shared/build/webpack.cjs, exposesOf) and from which the ids below are typed. A misspelt or
 * removed module is a type error where it is named (the route table, remoteComponent), not a visitor's error.
 */
import exposedModules from './exposedModules.json';
import type { RemoteName } from './config';

type Declared = typeof exposedModules;

/** Every remote's exposed modules with a line on what each is. */
export const EXPOSED_MODULES: { readonly [R in RemoteName]: Readonly<Record<ExposedModuleName<R>, string>> } = exposedModules;

/** A module name exposed by remote R, e.g. 'AboutPage' for 'content'. */
export type ExposedModuleName<R extends RemoteName> = keyof Declared[R] & string;

/** A module id as the federation runtime loads it: `remote/Module`, e.g. 'content/AboutPage'. */
export type ExposedModuleId = { [R in RemoteName]: `${R}/${ExposedModuleName<R>}` }[RemoteName];

/** Every exposed module id, remote by remote in declaration order. */
export const EXPOSED_MODULE_IDS: readonly ExposedModuleId[] = (Object.keys(exposedModules) as RemoteName[]).flatMap((remote) =>
  Object.keys(exposedModules[remote]).map((name) => `${remote}/${name}` as ExposedModuleId),
);

const KNOWN: ReadonlySet<string> = new Set(EXPOSED_MODULE_IDS);

/** True for an id some remote exposes (for ids that come from outside the type system, e.g. configuration). */
export function isExposedModuleId(id: string): id is ExposedModuleId {
  return KNOWN.has(id);
}

/** The remote that exposes a module. */
export function remoteOf(id: ExposedModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}
