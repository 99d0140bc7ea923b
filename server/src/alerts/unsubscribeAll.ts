/**
 * GET|POST /api/alerts/unsubscribe-all?token=…: the 'unsubscribe from all' link of a listing alert (one email for
 * several saved searches). The token is any one of the visitor's unsubscribe tokens (the alert carries the first
 * search's); every saved search of that email still on is turned off, at once, idempotent (a second click changes
 * nothing), no JavaScript; POST for mail clients' List-Unsubscribe-Post one-click; a HEAD (a link checker) changes
 * nothing. A small page on the site's look, as the other links.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Router } from '../http/router';
import { readBody } from '../http/respond';
import type { Logger } from '../log';
import type { Store } from '../store/store';
import { UNSUBSCRIBE_ALL_PATH, staffRowUpdate, type AlertTargets } from './deliveries';
import { alertPage } from './routes';

export interface UnsubscribeAllDeps {
  store: Store;
  targets: AlertTargets;
  kickOutbox: () => void;
  log?: Logger;
  now?: () => number;
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

function tokenOf(url: URL): string | null {
  const token = url.searchParams.get('token')?.trim() ?? '';
  return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

export function registerUnsubscribeAll(router: Router, deps: UnsubscribeAllDeps): void {
  const now = deps.now ?? Date.now;
  const searchLink = (origin: string) => [{ href: `${origin}/active-listings`, label: 'Search listings' }];
  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL, origin: string): Promise<void> => {
    if (req.method === 'HEAD') return sendPage(res, 200, alertPage('Listing alerts', ['Open this link to stop your listing alerts.'], searchLink(origin)));
    if (req.method === 'POST') await readBody(req, 4096).catch(() => undefined); // List-Unsubscribe=One-Click: the body says nothing more
    const token = tokenOf(url);
    const at = now();
    const changed = token ? await deps.store.alerts.unsubscribeAll(token, at, () => staffRowUpdate('unsubscribed', at, deps.targets)) : undefined;
    if (!changed) {
      return sendPage(
        res,
        404,
        alertPage(
          'This link has expired',
          ['This listing alert link is not valid. It may have been copied only in part. You can save your search again from the listings page.'],
          searchLink(origin),
        ),
      );
    }
    if (changed.length > 0) {
      deps.kickOutbox();
      deps.log?.info({ searches: changed.map((s) => s.id) }, 'alerts: unsubscribed from all');
    }
    const summaries = changed.map((s) => s.summary);
    sendPage(
      res,
      200,
      alertPage(
        'You are unsubscribed',
        changed.length === 0
          ? ['You receive no listing alerts from us any more.']
          : [`You will receive no more listing alerts for: ${summaries.join('; ')}.`, 'You can save a search again from the listings page.'],
        searchLink(origin),
      ),
    );
  };
  router.route('GET', UNSUBSCRIBE_ALL_PATH, (req, res, ctx) => handle(req, res, ctx.url, ctx.origin));
  router.route('POST', UNSUBSCRIBE_ALL_PATH, (req, res, ctx) => handle(req, res, ctx.url, ctx.origin));
}
