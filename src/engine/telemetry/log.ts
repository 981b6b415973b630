/**
 * Structured, text-free log records. By construction a record carries ids, counts, timings and
 * statuses only: never query text, file content or answers (callers pass numbers and enums).
 */
export interface LogRecord {
  ts: string;
  level: 'debug' | 'info' | 'warn' | 'error';
  event: string;
  queryId?: string;
  [field: string]: string | number | boolean | undefined | Record<string, number>;
}

export type LogSink = (record: LogRecord) => void;

export interface Logger {
  debug(event: string, fields?: Omit<LogRecord, 'ts' | 'level' | 'event'>): void;
  info(event: string, fields?: Omit<LogRecord, 'ts' | 'level' | 'event'>): void;
  warn(event: string, fields?: Omit<LogRecord, 'ts' | 'level' | 'event'>): void;
  error(event: string, fields?: Omit<LogRecord, 'ts' | 'level' | 'event'>): void;
}

/** A logger writing records to `sink` (a JSON-lines stream, an output channel, a test array). */
export function createLogger(sink: LogSink, clock: () => Date = () => new Date()): Logger {
  const emit = (level: LogRecord['level']) => (event: string, fields: Omit<LogRecord, 'ts' | 'level' | 'event'> = {}) =>
    sink({ ts: clock().toISOString(), level, event, ...fields });
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

/** Sink writing one JSON object per line. */
export function jsonLineSink(write: (line: string) => void): LogSink {
  return (record) => write(JSON.stringify(record) + '\n');
}

export const nullLogger: Logger = createLogger(() => undefined);
