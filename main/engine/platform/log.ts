/** A tiny structured logger interface; the engine logs facts through it, surfaces decide where they go. */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  log(level: LogLevel, event: string, fields?: Record<string, unknown>): void;
}

/** Discards everything (tests that do not care). */
export const silentLogger: Logger = { log: () => {} };

/** Writes one JSON line per event to a stream (stderr for the daemon). */
export function streamLogger(write: (line: string) => void, minLevel: LogLevel = 'info'): Logger {
  const order: LogLevel[] = ['debug', 'info', 'warn', 'error'];
  return {
    log(level, event, fields) {
      if (order.indexOf(level) < order.indexOf(minLevel)) return;
      write(JSON.stringify({ t: new Date().toISOString(), level, event, ...fields }) + '\n');
    },
  };
}

/** Keeps events in memory (tests assert on logged facts). */
export class MemoryLogger implements Logger {
  readonly entries: { level: LogLevel; event: string; fields: Record<string, unknown> }[] = [];
  log(level: LogLevel, event: string, fields: Record<string, unknown> = {}): void {
    this.entries.push({ level, event, fields });
  }
}
