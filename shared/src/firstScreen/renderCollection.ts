/**
 * What one server render of a page collects (the layer's own; not exported from @gta/shared): the data its
 * components read and the loads they wait for (useFirstScreenData), the remote modules it drew (the remote loader)
 * and the page's meta (usePageMeta). Given to the render's tree through React context by renderWithFirstScreenData,
 * so renders of different requests never mix, whatever runs between them.
 */
import { createContext, useContext } from 'react';

export interface RenderCollection {
  used: Map<string, unknown>;
  pending: Promise<unknown>[];
  /** Remote modules drawn outside any `<HydrateWhenVisible>`: the browser loads them before it hydrates. */
  remotes: Set<string>;
  /** Remote modules drawn inside one, by its id: loaded when that part comes into view. */
  onSight: Map<string, Set<string>>;
  /** The page's meta (the deepest usePageMeta wins, as in the browser); a PageMeta, typed by its reader. */
  meta: unknown;
}

export function newRenderCollection(): RenderCollection {
  return { used: new Map(), pending: [], remotes: new Set(), onSight: new Map(), meta: null };
}

export const RenderCollectionContext = createContext<RenderCollection | null>(null);

/** The collection of the server render this component is in; null in the browser (and outside such a render). */
export function useRenderCollection(): RenderCollection | null {
  return useContext(RenderCollectionContext);
}

/** Records a remote module a render drew, outside any on-sight part (`part` null) or inside the part `part`. */
export function recordRemote(collection: Pick<RenderCollection, 'remotes' | 'onSight'>, id: string, part: string | null): void {
  if (part === null) collection.remotes.add(id);
  else {
    const ids = collection.onSight.get(part) ?? new Set<string>();
    ids.add(id);
    collection.onSight.set(part, ids);
  }
}

/** The on-sight ids to send: a module also drawn outside any part is loaded before hydration anyway. */
export function onSightToSend(collection: Pick<RenderCollection, 'remotes' | 'onSight'>): Record<string, string[]> {
  const onSight: Record<string, string[]> = {};
  for (const [part, ids] of collection.onSight) {
    const needed = [...ids].filter((id) => !collection.remotes.has(id));
    if (needed.length > 0) onSight[part] = needed;
  }
  return onSight;
}
