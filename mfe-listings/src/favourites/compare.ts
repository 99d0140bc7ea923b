/** The compare page's link (shared/src/core/routes.ts: /compare, noindex): up to COMPARE_MAX homes by record id. */
export const COMPARE_PATH = '/compare';
/** The most homes compared at once. */
export const COMPARE_MAX = 4;

/** The compare page of these homes (the first COMPARE_MAX). */
export function comparePath(ids: readonly string[]): string {
  return `${COMPARE_PATH}?ids=${ids.slice(0, COMPARE_MAX).join(',')}`;
}
