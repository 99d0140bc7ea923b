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
