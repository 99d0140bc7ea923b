/**
 * Structured logs: one JSON object per line on stdout (pino), with the time, level and message. LOG_LEVEL picks
 * how much (info by default; QUIET=1 with no LOG_LEVEL is silent, for tests). Secrets never go in: the n8n URL is
 * logged without its credentials, and request logs carry no headers or bodies.
 */
import pino from 'pino';
import type { LogLevel } from './config';

export type Logger = pino.Logger;

export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.err },
    },
    // synchronous writes (pino's own default): with an asynchronous destination, a stdout whose reader has gone
    // (a log collector that died, `| head`) made the flush at exit retry EPIPE for ever, and SIGTERM never ended
    // the process; a synchronous write's EPIPE reaches pino at once, which then stops logging
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** A logger that writes nothing (tests that pass none). */
export const silentLogger: Logger = pino({ level: 'silent' });

/**
 * What the process says outside its request logs: the start-up banner, a start that fails, waiting for the database.
 * In production (NODE_ENV=production) every line on stdout and stderr is one JSON record, so these are records of
 * the logger with their details as fields; otherwise (`npm start` on a laptop) they are the friendly text lines.
 */
export interface Announcer {
  info(message: string, fields?: Record<string, unknown>, text?: readonly string[]): void;
  warn(message: string, fields?: Record<string, unknown>, text?: readonly string[]): void;
  /** A start that cannot go on: logged as fatal in production. */
  fatal(message: string, fields?: Record<string, unknown>, text?: readonly string[]): void;
}

/**
 * `text` is what a person reads at a terminal (defaults to the message); `fields` what a log collector indexes.
 * In JSON mode the message and fields go to `logger` (synchronous writes: a record is out before process.exit).
 */
export function createAnnouncer(json: boolean, logger: Logger): Announcer {
  if (json) {
    return {
      info: (message, fields = {}) => logger.info(fields, message),
      warn: (message, fields = {}) => logger.warn(fields, message),
      fatal: (message, fields = {}) => logger.fatal(fields, message),
    };
  }
  const lines = (message: string, text?: readonly string[]): string => (text ?? [message]).join('\n');
  return {
    info: (message, _fields, text) => console.log(lines(message, text)),
    warn: (message, _fields, text) => console.warn(lines(message, text)),
    fatal: (message, _fields, text) => console.error(lines(message, text)),
  };
}

/**
 * Production: a crash is one JSON record, not Node's multi-line stack on stderr. An uncaught exception (or a
 * rejection nobody handled, which Node raises as one) is logged as fatal with the error serialized (type, message,
 * stack as one string), then the process exits 1 as Node's default would. Node's own warnings (deprecations,
 * experimental features) become warn records instead of Node's text on stderr.
 */
export function installJsonCrashLogging(logger: Logger): void {
  process.on('uncaughtException', (err: Error, origin: string) => {
    try {
      logger.fatal({ err, origin }, origin === 'unhandledRejection' ? 'unhandled promise rejection: exiting' : 'uncaught exception: exiting');
    } finally {
      process.exit(1);
    }
  });
  // Node prints warnings through a listener of its own: replaced, so that nothing but JSON reaches stderr
  process.removeAllListeners('warning');
  process.on('warning', (warning: Error & { code?: string }) => {
    logger.warn({ warning: { name: warning.name, code: warning.code, message: warning.message } }, `node warning: ${warning.message}`);
  });
}
