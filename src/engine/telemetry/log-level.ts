import type { LogRecord, LogSink } from './log';

export type LogLevelSetting = 'off' | 'error' | 'warn' | 'info' | 'debug';

const RANK: Record<LogLevelSetting, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** True when a record of `level` is written at the `setting` (`off` writes nothing, `debug` everything). */
export function levelAllows(setting: LogLevelSetting, level: LogRecord['level']): boolean {
  return RANK[level] <= (RANK[setting] ?? RANK.info);
}

/** A sink that passes on only the records the current level setting allows (read per record). */
export function levelFilteredSink(sink: LogSink, setting: () => LogLevelSetting): LogSink {
  return (record) => { if (levelAllows(setting(), record.level)) sink(record); };
}
