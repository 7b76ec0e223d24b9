import type { LoggerService } from '@nestjs/common';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Structured logs: one JSON object per line on stdout. */
export class JsonLogger implements LoggerService {
  constructor(private readonly min: Level | 'silent' = 'info') {}

  log(message: unknown, context?: string): void {
    this.write('info', message, context);
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.write('error', message, context, trace);
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }

  private write(level: Level, message: unknown, context?: string, trace?: string): void {
    if (ORDER[level] < ORDER[this.min]) return;
    const line: Record<string, unknown> = { time: new Date().toISOString(), level, context, msg: typeof message === 'string' ? message : JSON.stringify(message) };
    if (trace) line.trace = trace;
    process.stdout.write(JSON.stringify(line) + '\n');
  }
}
