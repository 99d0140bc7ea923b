/**
 * The lead forms without scripts (issue 39 #2). Every form is a real `<form method="post">` to the page it is on
 * (mfe-forms, declaredForm.tsx: FormPostFields), so a visitor whose scripts are off, or who sends before they have
 * run, sends the form in the request's body, never in its URL. The page's POST is checked as the JSON receivers
 * check theirs (same Origin rule, the same per-network limit, the honeypot) and kept through the same path
 * (keepValidSubmission: the form's rules from FORMS, the store and the outbox). Then:
 *  - a submission with mistakes is answered with the page itself (422, `private, no-store`): the typed values back
 *    in their fields, each message under its field with the field marked invalid, the first one focused
 *    (`autofocus`), and a line at the top of the form;
 *  - a kept one is redirected (303, POST-redirect-GET) to the page with `?sent={form}#form-sent`, whose HTML shows
 *    the form's own thank-you (its `data-sent-text`) at the top of the form; a reload sends nothing again.
 * The HTML is the server's first screen of the page, rewritten in the few places the form marks.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FORMS, HONEYPOT_FIELD, SITE_ROUTES, formInputs, formPayload, inputOfField, isFormName, type FormName } from '@gta/shared/core';
import type { RequestContext, Router } from '../http/router';
import { BodyTooLargeError, readBody, sendText } from '../http/respond';
import { rateKey, sameSiteOrigin } from '../http/client';
import type { TokenBucketLimiter } from '../http/rateLimit';
import type { Logger } from '../log';
import { TOO_MANY_SUBMISSIONS, WEBHOOK_BODY_LIMIT, keepValidSubmission, type WebhookDeps } from './receivers';

/** The hidden input that names the form (mfe-forms' FormPostFields writes it). */
export const FORM_POST_FIELD = '_form';
/** The query parameter of the page a kept form is redirected to, and the id of its thank-you. */
export const SENT_PARAM = 'sent';
export const SENT_ID = 'form-sent';

export interface FormPostDeps extends Pick<WebhookDeps, 'store' | 'outbox' | 'forwardToN8n' | 'airtableMode' | 'now'> {
  /** The same per-network limit as the JSON receivers (the same counter). */
  limiter?: TokenBucketLimiter;
  log?: Logger;
  /** Answers with the app page of the request's URL (app.ts), rewritten for this answer. */
  servePage: (
    req: IncomingMessage,
    res: ServerResponse,
    ctx: RequestContext,
    answer: { status?: number; rewrite?: (html: string) => string; private?: boolean },
  ) => Promise<void>;
  /** Adds the rewrite of a GET page (the thank-you after the redirect). */
  rewritePages: (fn: (url: URL) => ((html: string) => string) | undefined) => void;
}

const DANGER = '#a32a2a';
const SUCCESS = '#1f6b45';
const NOTICE_STYLE = 'padding:1rem 1.25rem;border-radius:2px;background:#f7f4ee;font-weight:500;margin:0 0 1.5rem';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function unescapeAttribute(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const attribute = (tag: string, name: string): string | undefined => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? unescapeAttribute(m[1] ?? '') : undefined;
};

/** A tag with an attribute set (replaced when present, added before the tag's end when not). */
function withAttribute(tag: string, name: string, value: string): string {
  const escaped = escapeHtml(value);
  const pattern = new RegExp(`\\s${name}="[^"]*"`);
  if (pattern.test(tag)) return tag.replace(pattern, ` ${name}="${escaped}"`);
  return tag.replace(/\s*(\/?)>$/, ` ${name}="${escaped}"$1>`);
}

/** Where the form with this name sits in the page: from `<form` to `</form>`, or null. */
function formSpan(html: string, form: FormName): { start: number; end: number } | null {
  const marker = html.search(new RegExp(`<input[^>]*name="${FORM_POST_FIELD}"[^>]*value="${form}"`));
  if (marker < 0) return null;
  const start = html.lastIndexOf('<form', marker);
  const end = html.indexOf('</form>', marker);
  return start < 0 || end < 0 ? null : { start, end };
}

/** A line at the top of the form (after its opening tag). */
function withNotice(form: string, notice: string): string {
  const open = form.indexOf('>') + 1;
  return form.slice(0, open) + notice + form.slice(open);
}

export interface PostedState {
  /** What the visitor typed, by input name. */
  values: Readonly<Record<string, string>>;
  /** Each message by the input that shows it. */
  errors: Readonly<Record<string, string>>;
  /** The line at the top of the form. */
  notice: string;
}

/**
 * The page's form as the visitor sent it: the typed values in their inputs, text areas and selects, the messages
 * under their fields (the input aria-invalid and described by its message), the first invalid input focused.
 */
export function fillForm(html: string, form: FormName, state: PostedState): string {
  const span = formSpan(html, form);
  if (!span) return html;
  let part = html.slice(span.start, span.end);
  let focused = false;
  const messages: { id: string; text: string }[] = [];
  part = part.replace(/<(input|textarea|select)\b[^>]*>/g, (tag: string, kind: string) => {
    const name = attribute(tag, 'name');
    if (!name || name === HONEYPOT_FIELD || name === FORM_POST_FIELD || attribute(tag, 'type') === 'hidden') return tag;
    let out = tag;
    if (kind === 'input' && state.values[name] !== undefined) out = withAttribute(out, 'value', state.values[name]);
    const error = state.errors[name];
    const id = attribute(tag, 'id');
    if (error && id) {
      out = withAttribute(out, 'aria-invalid', 'true');
      out = withAttribute(out, 'aria-describedby', `${id}-error`);
      if (!focused) out = withAttribute(out, 'autofocus', '');
      focused = true;
      messages.push({ id, text: error });
    }
    return out;
  });
  // text areas' text and selects' choice
  part = part.replace(/(<textarea\b[^>]*>)([\s\S]*?)(<\/textarea>)/g, (all, open: string, _text: string, close: string) => {
    const name = attribute(open, 'name');
    return name && state.values[name] !== undefined ? `${open}${escapeHtml(state.values[name])}${close}` : all;
  });
  part = part.replace(/(<select\b[^>]*>)([\s\S]*?)(<\/select>)/g, (all, open: string, options: string, close: string) => {
    const name = attribute(open, 'name');
    const value = name ? state.values[name] : undefined;
    if (value === undefined) return all;
    const chosen = options.replace(/<option\b[^>]*>/g, (tag) => {
      const plain = tag.replace(/\sselected(="[^"]*")?/, '');
      return attribute(plain, 'value') === value ? plain.replace(/\s*>$/, ' selected="">') : plain;
    });
    return `${open}${chosen}${close}`;
  });
  // each message in its field's message line (the first one after its control)
  for (const { id, text } of messages) {
    const control = part.search(new RegExp(`\\sid="${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
    if (control < 0) continue;
    const line = part.indexOf('data-field-message', control);
    const lineEnd = line < 0 ? -1 : part.indexOf('>', line);
    if (lineEnd < 0) continue;
    const p = `<p id="${escapeHtml(id)}-error" role="alert" style="display:flex;gap:0.25rem;align-items:baseline;margin:0;color:${DANGER}"><span aria-hidden="true">!</span>${escapeHtml(text)}</p>`;
    part = part.slice(0, lineEnd + 1) + p + part.slice(lineEnd + 1);
  }
  part = withNotice(
    part,
    `<div role="alert"><p data-testid="form-error" style="${NOTICE_STYLE};border-left:3px solid ${DANGER};color:${DANGER}">${escapeHtml(state.notice)}</p></div>`,
  );
  return html.slice(0, span.start) + part + html.slice(span.end);
}

/** The page after a kept form: the form's own thank-you (its data-sent-text) at its top, where #form-sent leads. */
export function markSent(html: string, form: FormName): string {
  const span = formSpan(html, form);
  if (!span) return html;
  const part = html.slice(span.start, span.end);
  // the form drew its thank-you itself (mfe-forms reads ?sent= as it renders): nothing to add
  if (part.includes(`id="${SENT_ID}"`)) return html;
  const open = part.slice(0, part.indexOf('>') + 1);
  const text = attribute(open, 'data-sent-text') ?? 'Thank you! Your message has been sent.';
  const notice = `<div role="status"><p id="${SENT_ID}" tabindex="-1" data-testid="form-success" style="${NOTICE_STYLE};border-left:3px solid ${SUCCESS};color:${SUCCESS}">${escapeHtml(text)}</p></div>`;
  return html.slice(0, span.start) + withNotice(part, notice) + html.slice(span.end);
}

/** The page's URL after a kept form: its own, with ?sent={form}, at the thank-you. */
export function sentLocation(url: URL, form: FormName): string {
  const params = new URLSearchParams(url.search);
  params.set(SENT_PARAM, form);
  return `${url.pathname}?${params.toString()}#${SENT_ID}`;
}

function summary(count: number): string {
  return count === 1 ? 'Please correct the field marked below.' : `Please correct the ${count} fields marked below.`;
}

export function registerFormPosts(router: Router, deps: FormPostDeps): void {
  const handler = async (req: IncomingMessage, res: ServerResponse, ctx: RequestContext): Promise<void> => {
    // another site's page (its form posted here): refused before anything is read, as the JSON receivers do
    if (!sameSiteOrigin(req, ctx.origin)) {
      req.resume();
      return sendText(res, 403, 'Forms can only be sent from this site.');
    }
    const type = String(req.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') {
      req.resume();
      return sendText(res, 415, 'A form is sent as application/x-www-form-urlencoded.');
    }
    let raw: Buffer;
    try {
      raw = await readBody(req, WEBHOOK_BODY_LIMIT);
    } catch (err) {
      if (err instanceof BodyTooLargeError) return sendText(res, 413, `The form is larger than ${WEBHOOK_BODY_LIMIT / 1024} KB.`);
      throw err;
    }
    const posted = new URLSearchParams(raw.toString('utf8'));
    const form = posted.get(FORM_POST_FIELD) ?? '';
    if (!isFormName(form)) return sendText(res, 400, 'This page has no such form.');
    const declaration = FORMS[form];
    const values: Record<string, string> = {};
    for (const name of formInputs(declaration)) values[name] = posted.get(name) ?? '';
    const fromPage: Record<string, string> = {};
    for (const f of declaration.fields) if (f.fromPage) fromPage[f.name] = posted.get(f.name) ?? '';
    const answerPage = (status: number, errors: Record<string, string>, notice: string, headers: Record<string, string> = {}) => {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      return deps.servePage(req, res, ctx, { status, private: true, rewrite: (html) => fillForm(html, form, { values, errors, notice }) });
    };
    // the same budget as the JSON receivers: the page comes back with what was typed and the reason
    const wait = deps.limiter ? await deps.limiter.take(rateKey(ctx.clientIp)) : 0;
    if (wait > 0) return answerPage(429, {}, TOO_MANY_SUBMISSIONS, { 'Retry-After': String(wait) });
    const trap = posted.get(HONEYPOT_FIELD);
    if (trap !== null && trap.trim() !== '') {
      // a bot: told "sent", nothing kept or forwarded
      deps.log?.info({ form }, 'honeypot submission dropped');
      res.writeHead(303, { Location: sentLocation(ctx.url, form), 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    const kept = await keepValidSubmission(deps, form, formPayload(declaration, values, fromPage));
    if (!kept.ok) {
      const errors: Record<string, string> = {};
      for (const [field, message] of Object.entries(kept.errors)) {
        const input = inputOfField(declaration, field, values);
        if (input && errors[input] === undefined) errors[input] = message;
      }
      return answerPage(422, errors, summary(Object.keys(errors).length || 1));
    }
    res.writeHead(303, { Location: sentLocation(ctx.url, form), 'Cache-Control': 'no-store' });
    res.end();
  };
  // each public page's own URL (a page without a form answers 400: no such form)
  for (const route of SITE_ROUTES) if (route.access === 'public') router.route('POST', route.path, handler);
  deps.rewritePages((url) => {
    const sent = url.searchParams.get(SENT_PARAM);
    return sent !== null && isFormName(sent) ? (html) => markSent(html, sent) : undefined;
  });
}
