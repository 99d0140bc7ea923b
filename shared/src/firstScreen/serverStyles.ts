/**
 * The styles of a server-rendered page, and how the browser takes them over (docs/performance.md, "Styles of the
 * first screen").
 *
 * The server's render leaves its styles in its emotion cache (compat mode), and the page's <head> carries them in
 * two elements: `<style data-server-styles="global">` (font faces, base element styles, keyframes) and
 * `<style data-server-styles="classes">`, each naming the emotion ids it holds in `data-ids`.
 *
 * They do not use emotion's own `data-emotion` attribute on purpose: emotion's browser cache moves every element
 * carrying it to the end of <head> (twice, once when @emotion/react loads and again when the cache adopts it), and
 * <Global> moves its own once more. Each move drops and re-adds a stylesheet with the page's font faces in it, which
 * restyles and lays out the whole page while it hydrates: 100 to 150 ms each on a slow phone. Here the elements
 * stay where the server put them; the browser's cache only learns their ids, so it does not insert those rules again.
 */
import createCache, { type EmotionCache } from '@emotion/cache';

export const SERVER_STYLES_ATTRIBUTE = 'data-server-styles';
const IDS_ATTRIBUTE = 'data-ids';

/** `</style` inside a rule (a content string, say) would end the element early. */
const safe = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/**
 * The styles a server render inserted into `cache` (created with `compat = true`), as the <head> elements described
 * above. Globals come first, as in the browser, where <Global> sheets go before the class rules.
 */
export function serverStyleElements(cache: EmotionCache): string {
  const globals: { ids: string[]; css: string } = { ids: [], css: '' };
  const classes: { ids: string[]; css: string } = { ids: [], css: '' };
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    // a class is registered under its class name; a <Global>'s styles and keyframes are not
    const group = cache.registered[`${cache.key}-${id}`] !== undefined ? classes : globals;
    group.ids.push(id);
    group.css += rules;
  }
  const element = (kind: 'global' | 'classes', group: { ids: string[]; css: string }) =>
    group.ids.length > 0 ? `<style ${SERVER_STYLES_ATTRIBUTE}="${kind}" ${IDS_ATTRIBUTE}="${group.ids.join(' ')}">${safe(group.css)}</style>` : '';
  return element('global', globals) + element('classes', classes);
}

/**
 * The browser's emotion cache for a page: it knows the ids of the server's styles (so it inserts only what the
 * server did not render) and leaves their elements in place. On a page without server styles it is a plain cache.
 */
export function cacheAdoptingServerStyles(doc: Document = document): EmotionCache {
  const cache = createCache({ key: 'css' });
  for (const element of Array.from(doc.querySelectorAll(`style[${SERVER_STYLES_ATTRIBUTE}]`))) {
    for (const id of (element.getAttribute(IDS_ATTRIBUTE) ?? '').split(' ')) if (id) cache.inserted[id] = true;
  }
  return cache;
}

/** Whether the page came with the server's global styles: <GlobalStyles> then leaves them as they are. */
export function hasServerGlobalStyles(): boolean {
  return typeof document !== 'undefined' && document.querySelector(`style[${SERVER_STYLES_ATTRIBUTE}="global"]`) !== null;
}
