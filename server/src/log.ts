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
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/** A logger that writes nothing (tests that pass none). */
export const silentLogger: Logger = pino({ level: 'silent' });
