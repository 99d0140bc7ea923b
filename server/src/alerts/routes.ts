/**
 * The listing-alert endpoints:
 *  - POST /api/alerts {email, frequency, criteria}: the forms' guard in its own words (http/formGuard.ts: same-site
 *    Origin 403, JSON 415, rate limit per address 429 with Retry-After, body size 413), then a limit per email address
 *    (a few a day, so nobody fills a stranger's inbox with confirm emails), validation (400 with field errors); the
 *    saved search is kept unconfirmed with random tokens together with its confirm-email delivery, then 200
 *    {ok: true}. 503 when no n8n is configured (the site sends no email itself: nothing could reach the visitor).
 *  - GET /api/alerts/confirm?token=…: the double opt-in link; a small page on the site's look.
 *  - GET|POST /api/alerts/unsubscribe?token=…: one click, no JavaScript, idempotent (POST for mail clients'
 *    List-Unsubscribe-Post one-click); a small page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ALERT_API, ALERT_FREQUENCY_LABELS, describeAlertCriteria, siteProfile, validateAlertRequest } from '@gta/shared/core';
import type { Router } from '../http/router';
import { readBody, sendJson } from '../http/respond';
import { guardVisitorPost } from '../http/formGuard';
import type { TokenBucketLimiter } from '../http/rateLimit';
import type { Logger } from '../log';
import type { SavedSearch, Store } from '../store/store';
import { newRecordId } from '../store/ids';
import { hashToken, newToken, savedDeliveries, searchUrl, staffRowUpdate, unsubscribeUrl, type AlertTargets } from './deliveries';

export const ALERT_BODY_LIMIT = 16 * 1024;
/** Alerts one email address may ask for in a day (each sends a confirm email). */
export const ALERTS_PER_EMAIL_PER_DAY = 5;
export const ALERTS_UNAVAILABLE = 'Listing alerts are not available right now. Please try again later.';
export const TOO_MANY_ALERTS = 'Too many alert requests from your network, try again in a minute.';
export const TOO_MANY_FOR_EMAIL = 'This email address has asked for several alerts today. Please confirm the ones in your inbox first.';

export interface AlertRoutesDeps {
  store: Store;
  targets: AlertTargets;
  /** False when no n8n is configured: no confirm email could be sent. */
  canSend: boolean;
  limiter?: TokenBucketLimiter;
  /** The outbox looks for work at once (a new delivery is waiting). */
  kickOutbox: () => void;
  /** The matcher takes a newly confirmed search's baseline soon. */
  kickMatcher: () => void;
  log?: Logger;
  now?: () => number;
}

/** The site's icon, as the app page carries it (shared/build/index.html): without it the browser asks for a /favicon.ico there is not. */
const SITE_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='4' fill='%2314161a'/%3E%3Cpath d='M8 22V12l8-5 8 5v10h-5v-6h-6v6z' fill='%23c2a878'/%3E%3C/svg%3E";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** A small page on the site's look (no script: the links work without JavaScript). */
export function alertPage(title: string, paragraphs: readonly string[], links: readonly { href: string; label: string }[]): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n      ');
  const actions = links.map((l) => `<a class="button" href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`).join('\n        ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex, nofollow">
    <link rel="icon" href="${SITE_ICON}">
    <title>${escapeHtml(title)} | ${escapeHtml(siteProfile.teamName)}</title>
    <style>
      body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; background: #f7f4ee; color: #14161a; font: 1.0625rem/1.6 system-ui, -apple-system, 'Segoe UI', sans-serif; }
      main { max-width: 36rem; margin: 2rem; padding: 2.5rem; background: #fff; border-radius: 8px; box-shadow: 0 12px 40px rgba(20,22,26,.12); }
      .brand { margin: 0 0 1.5rem; color: #7a5c2e; letter-spacing: .18em; text-transform: uppercase; font-size: .8rem; }
      h1 { margin: 0 0 1rem; font: 500 2rem/1.2 Georgia, 'Times New Roman', serif; }
      p { margin: 0 0 1rem; color: #2a2d33; }
      .actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.5rem; }
      .button { display: inline-block; padding: .7rem 1.2rem; border-radius: 999px; background: #14161a; color: #f7f4ee; text-decoration: none; }
      .button + .button { background: transparent; color: #14161a; border: 1px solid #14161a; }
      .button:focus-visible { outline: 3px solid #7a5c2e; outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main>
      <p class="brand">${escapeHtml(siteProfile.teamName)}</p>
      <h1>${escapeHtml(title)}</h1>
      ${body}
      <div class="actions">
        ${actions}
      </div>
    </main>
  </body>
</html>
`;
}

function sendPage(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
    // the token is in this page's URL: never send it on to another site
    'Referrer-Policy': 'no-referrer',
    'X-Robots-Tag': 'noindex',
  });
  res.end(html);
}

const invalidLink = (origin: string): string =>
  alertPage(
    'This link has expired',
    ['This listing alert link is not valid. It may have been copied only in part. You can save your search again from the listings page.'],
    [{ href: `${origin}/active-listings`, label: 'Search listings' }],
  );

/** A HEAD of a link (a preview or a checker: GET routes answer HEAD too) changes nothing. */
const linkPreview = (origin: string): string =>
  alertPage('Listing alert', ['Open this link to change your listing alert.'], [{ href: `${origin}/active-listings`, label: 'Search listings' }]);

function tokenOf(url: URL): string | null {
  const token = url.searchParams.get('token')?.trim() ?? '';
  return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

function frequencyWords(search: SavedSearch): string {
  return search.frequency === 'instant'
    ? 'as soon as a matching home is listed or reduced'
    : search.frequency === 'daily'
      ? 'at most once a day'
      : 'at most once a week';
}

export function registerAlertRoutes(router: Router, deps: AlertRoutesDeps): void {
  const now = deps.now ?? Date.now;

  router.route('POST', ALERT_API.create, async (req, res, ctx) => {
    const guarded = await guardVisitorPost(req, res, ctx, {
      noun: 'request',
      crossSite: 'Alerts can only be saved from this site.',
      tooMany: TOO_MANY_ALERTS,
      limiter: deps.limiter,
      bodyLimit: ALERT_BODY_LIMIT,
    });
    if (!guarded) return;
    const { body } = guarded;
    const result = validateAlertRequest(body);
    if (!result.ok) return sendJson(res, 400, { ok: false, errors: result.errors });
    if (!deps.canSend) return sendJson(res, 503, { ok: false, error: ALERTS_UNAVAILABLE }, { 'Retry-After': '3600' });
    const { email, frequency, criteria } = result.value;
    const at = now();
    const day = 24 * 60 * 60 * 1000;
    const emailKey = hashToken(email.toLowerCase());
    // counted up to one past the limit: past it, the address is refused until the day is over
    const asked = await deps.store.counters.update<number>('alert-email', emailKey, (n) => Math.min((n ?? 0) + 1, ALERTS_PER_EMAIL_PER_DAY + 1), at + day);
    if ((asked ?? 0) > ALERTS_PER_EMAIL_PER_DAY) return sendJson(res, 429, { ok: false, error: TOO_MANY_FOR_EMAIL, errors: { email: TOO_MANY_FOR_EMAIL } });
    const confirmToken = newToken();
    const search = {
      id: newRecordId(),
      email,
      frequency,
      criteria,
      summary: describeAlertCriteria(criteria),
      siteOrigin: ctx.origin,
      confirmTokenHash: hashToken(confirmToken),
      unsubscribeToken: newToken(),
      createdAt: at,
    };
    await deps.store.alerts.create(search, savedDeliveries(search, confirmToken, deps.targets));
    deps.kickOutbox();
    deps.log?.info({ search: search.id, frequency }, 'alerts: saved search kept, confirm email queued');
    sendJson(res, 200, { ok: true, id: search.id, message: 'Check your inbox to confirm.' });
  });

  router.route('GET', ALERT_API.confirm, async (req, res, ctx) => {
    if (req.method === 'HEAD') return sendPage(res, 200, linkPreview(ctx.origin));
    const token = tokenOf(ctx.url);
    const change = token ? await deps.store.alerts.confirm(hashToken(token), now(), staffRowUpdate('confirmed', now(), deps.targets)) : undefined;
    if (!change) return sendPage(res, 404, invalidLink(ctx.origin));
    const { search } = change;
    if (search.unsubscribedAt !== null) {
      return sendPage(
        res,
        200,
        alertPage(
          'This alert is turned off',
          [`You unsubscribed from the alert for: ${search.summary}.`, 'You can save the search again from the listings page.'],
          [{ href: searchUrl(search.siteOrigin, search.criteria), label: 'See this search' }],
        ),
      );
    }
    if (change.changed) {
      deps.kickOutbox();
      deps.kickMatcher();
    }
    sendPage(
      res,
      200,
      alertPage(
        'Your listing alert is on',
        [
          `We will email ${search.email} ${frequencyWords(search)} (${ALERT_FREQUENCY_LABELS[search.frequency].toLowerCase()}) about new and price-reduced homes matching: ${search.summary}.`,
          'Every email has a link to unsubscribe in one click.',
        ],
        [
          { href: searchUrl(search.siteOrigin, search.criteria), label: 'See the current listings' },
          { href: unsubscribeUrl(search.siteOrigin, search.unsubscribeToken), label: 'Unsubscribe' },
        ],
      ),
    );
  });

  const unsubscribe = async (req: IncomingMessage, res: ServerResponse, url: URL, origin: string): Promise<void> => {
    if (req.method === 'HEAD') return sendPage(res, 200, linkPreview(origin));
    if (req.method === 'POST') await readBody(req, 4096).catch(() => undefined); // List-Unsubscribe=One-Click: the body says nothing more
    const token = tokenOf(url);
    const at = now();
    const change = token ? await deps.store.alerts.unsubscribe(token, at, staffRowUpdate('unsubscribed', at, deps.targets)) : undefined;
    if (!change) return sendPage(res, 404, invalidLink(origin));
    if (change.changed) {
      deps.kickOutbox();
      deps.log?.info({ search: change.search.id }, 'alerts: unsubscribed');
    }
    sendPage(
      res,
      200,
      alertPage(
        'You are unsubscribed',
        [`You will receive no more listing alerts for: ${change.search.summary}.`],
        [{ href: searchUrl(change.search.siteOrigin, change.search.criteria), label: 'Search listings' }],
      ),
    );
  };
  router.route('GET', ALERT_API.unsubscribe, (req, res, ctx) => unsubscribe(req, res, ctx.url, ctx.origin));
  router.route('POST', ALERT_API.unsubscribe, (req, res, ctx) => unsubscribe(req, res, ctx.url, ctx.origin));
}
