/**
 * What a CDN in front of the site may keep (docs/deploy.md, "Putting a CDN in front"):
 * - public pages and public records answers (reads of Properties): `public, max-age=0, s-maxage=S,
 *   stale-while-revalidate=S` with a strong ETag (a hash of the body), so a shared cache keeps them S seconds and
 *   a browser revalidates each time (304 when unchanged). S is bounded by the synced copy's staleness in Airtable
 *   mode (AIRTABLE_SYNC_INTERVAL_MS, at most 60 s) and short in local mode (10 s: an edit there is live at once);
 * - everything personal or state-changing (staff sessions and tables, forms, chat, favourites, the admin page,
 *   config) stays `private, no-store`;
 * - and whatever a route says, an answer that sets a cookie is never shared: `guardSharedCaching` rewrites it to
 *   `private, no-store` as its headers are written, and gives an answer that names no caching `no-store`.
 */
import { createHash } from 'node:crypto';
import type { OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http';

export const PRIVATE_NO_STORE = 'private, no-store';

/** Seconds a shared cache may keep a public answer in local mode (the store is the source: edits are live at once). */
export const LOCAL_SHARED_MAX_AGE_S = 10;
/** The most a shared cache keeps a public answer in Airtable mode, whatever the sync interval. */
export const MAX_SHARED_MAX_AGE_S = 60;

/** The Cache-Control of public answers: shared caches keep them `s-maxage` seconds, browsers revalidate. */
export function publicCacheControl(options: { airtableMode: boolean; syncIntervalMs: number }): string {
  const s = options.airtableMode ? Math.max(1, Math.min(MAX_SHARED_MAX_AGE_S, Math.floor(options.syncIntervalMs / 1000))) : LOCAL_SHARED_MAX_AGE_S;
  return `public, max-age=0, s-maxage=${s}, stale-while-revalidate=${s}`;
}

/** A strong validator: a hash of the exact (uncompressed) body. */
export function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether a Cache-Control value lets a shared cache (a CDN) store the answer. */
export function isSharedCacheable(cacheControl: unknown): boolean {
  if (cacheControl === undefined) return false;
  const value = String(cacheControl).toLowerCase();
  if (/\b(private|no-store)\b/.test(value)) return false;
  return /\b(public|s-maxage)\b/.test(value);
}

type WriteHead = ServerResponse['writeHead'];

/**
 * Checks an answer's caching as its headers are written (every answer, explicit writeHead or implicit on end):
 * a Set-Cookie answer is `private, no-store`, and one that names no caching is `no-store`.
 */
export function guardSharedCaching(res: ServerResponse): void {
  const original = res.writeHead.bind(res) as (statusCode: number, ...rest: unknown[]) => ServerResponse;
  const guarded = (statusCode: number, ...rest: unknown[]): ServerResponse => {
    const message = typeof rest[0] === 'string' ? rest[0] : undefined;
    const given = (message === undefined ? rest[0] : rest[1]) as OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined;
    if (given && !Array.isArray(given)) {
      // headers passed here join those set before, where they can be read (and Set-Cookie seen)
      for (const [name, value] of Object.entries(given)) if (value !== undefined) res.setHeader(name, value);
    }
    const headers = Array.isArray(given) ? given : undefined;
    if (res.hasHeader('set-cookie') && isSharedCacheable(res.getHeader('cache-control'))) res.setHeader('Cache-Control', PRIVATE_NO_STORE);
    if (!res.hasHeader('cache-control') && !(headers && headers.some((h) => String(h).toLowerCase() === 'cache-control')))
      res.setHeader('Cache-Control', 'no-store');
    return message === undefined ? original(statusCode, headers) : original(statusCode, message, headers);
  };
  res.writeHead = guarded as WriteHead;
}
