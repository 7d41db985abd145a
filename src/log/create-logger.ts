import { pino, type Logger } from 'pino';
import type { LogLevel } from '../config/resolve-config.js';

/** Structured JSON logs on stderr (stdout is kept for what commands print for people and scripts). */
export function createLogger(level: LogLevel): Logger {
  return pino({ level, base: { service: 'service' } }, pino.destination({ fd: 2, sync: false }));
}
