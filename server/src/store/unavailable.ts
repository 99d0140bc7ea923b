/**
 * Passing trouble with the database, as opposed to a bug or a bad request: PostgreSQL stopped, restarting or failing
 * over, a connection cut mid-query, no room for another connection, SQLite locked past its busy timeout. The server
 * answers these with 503 and Retry-After (app.ts), keeps running, and is ready again as soon as the database answers:
 * the pool opens fresh connections for the next queries (store/postgres/pool.ts drops the broken ones).
 */

/** PostgreSQL's SQLSTATEs for a database that is away or cannot take the connection now. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_ctl stop -m fast / smart ended this session
  '57P02', // crash_shutdown: another backend crashed, or pg_ctl stop -m immediate
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
]);

/** Socket-level failures on the way to the database (refused, reset, unreachable, name not found during a failover). */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'SQLITE_BUSY',
]);

/** The driver's own words for a connection that ended or could not be made (pg sets no code on these). */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Connection terminated due to connection timeout)/;

/** True when the error (or what it wraps: a StoreOpenError's cause, an AggregateError's errors) says the database is away for now. */
export function isStoreUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_ERRNOS.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08/.test(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (cause !== undefined && isStoreUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((e) => isStoreUnavailable(e, depth + 1));
}

/** Seconds a visitor's browser is asked to wait before sending again while the database is away. */
export const STORE_RETRY_AFTER_SECONDS = 5;
