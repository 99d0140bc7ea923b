/**
 * A small method + path router on node:http. Other parts of the server (the chat assistant) register their
 * routes here: `app.router.route('POST', '/chat/webhook', handler)`.
 *
 * Path patterns: literal segments, `:name` for one segment (URL-decoded), and a final `*` for the rest
 * (available as params['*']). HEAD requests are answered by GET routes (node drops the body for HEAD).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface RequestContext {
  /** The parsed request URL (absolute, on the request's own origin). */
  url: URL;
  /** `http://host:port` as the browser sees this server. */
  origin: string;
  /** True when the browser reached us over https (directly or behind a trusted proxy). */
  secure: boolean;
  /** Named path parameters. */
  params: Record<string, string>;
  /** The client's address (for rate limits): the socket's, or the one the trusted proxies saw (TRUST_PROXY). */
  clientIp: string;
  /** True when `origin` came from the Host header (no PUBLIC_URL): cacheable answers built from it must `Vary: Host`. */
  originFromHost?: boolean;
}

export type RouteHandler = (req: IncomingMessage, res: ServerResponse, ctx: RequestContext) => void | Promise<void>;

interface Route {
  methods: ReadonlySet<string>;
  pattern: RegExp;
  names: string[];
  handler: RouteHandler;
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const parts = path.split('/').map((segment, index, all) => {
    if (segment === '*' && index === all.length - 1) {
      names.push('*');
      return '(.*)';
    }
    if (segment.startsWith(':')) {
      names.push(segment.slice(1));
      return '([^/]+)';
    }
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return { pattern: new RegExp(`^${parts.join('/')}$`), names };
}

export class Router {
  private readonly routes: Route[] = [];

  /** Registers a handler. Later registrations of the same path are tried after earlier ones. */
  route(method: HttpMethod | readonly HttpMethod[], path: string, handler: RouteHandler): this {
    const methods = new Set<string>(typeof method === 'string' ? [method] : method);
    if (methods.has('GET')) methods.add('HEAD');
    const { pattern, names } = compile(path);
    this.routes.push({ methods, pattern, names, handler });
    return this;
  }

  /** Finds the route for a request: the handler and its params, or `methodNotAllowed` when only the method differs. */
  match(method: string, pathname: string): { handler: RouteHandler; params: Record<string, string> } | { methodNotAllowed: string[] } | null {
    const allowed = new Set<string>();
    for (const route of this.routes) {
      const m = route.pattern.exec(pathname);
      if (!m) continue;
      if (!route.methods.has(method)) {
        route.methods.forEach((x) => allowed.add(x));
        continue;
      }
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        const raw = m[i + 1] ?? '';
        try {
          params[name] = decodeURIComponent(raw);
        } catch {
          params[name] = raw;
        }
      });
      return { handler: route.handler, params };
    }
    return allowed.size > 0 ? { methodNotAllowed: [...allowed] } : null;
  }
}
