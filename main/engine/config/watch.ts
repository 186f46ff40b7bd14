/**
 * Apply config edits without a restart. Watches the config file itself, not its directory: the
 * directory also holds the database, its write-ahead log and the queue-status file, which the engine
 * writes many times a second under load, and a directory watch woke the engine for every one of those
 * writes (about 35 wake-ups a second with 40 agents prompting; strace, 2026-12-06). Editors save by
 * writing a new file and renaming it over the old one, which a watch on one file would lose: every
 * event re-arms the watch on whatever file the path names now, and a slow stat poll catches what no
 * watch can see (the file appearing, or replaced between a stat and a watch). Bursts of events are
 * debounced through the injected clock before a reload. A valid edit that changes something is
 * announced; an invalid one is reported with its key paths while the last good config stays in force.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Clock, TimerHandle } from '../platform/clock.ts';
import { silentLogger, type Logger } from '../platform/log.ts';
import { parseConfigText, type ConfigIssue, type ConfigResult } from './load.ts';
import { DEFAULT_CONFIG, type Config } from './schema.ts';

/** How to watch. */
export interface ConfigWatcherOptions {
  readonly file: string;
  readonly clock: Clock;
  readonly logger?: Logger;
  /** Quiet time after the last file event before reloading (default 150 ms). */
  readonly debounceMs?: number;
  /** How often the file's stat is polled for what the watch cannot see (default STAT_POLL_MS). */
  readonly statPollMs?: number;
}

/** A config file created where there was none is applied within this long (the stat poll's pace). */
export const STAT_POLL_MS = 2000;

type ChangeListener = (config: Config, previous: Config) => void;
type ErrorListener = (errors: readonly ConfigIssue[], file: string) => void;

/** Holds the config in force and keeps it in step with the file. */
export class ConfigWatcher {
  private config: Config = DEFAULT_CONFIG;
  private lastText: string | null | undefined = undefined;
  private lastResult: ConfigResult | null = null;
  private watcher: fs.FSWatcher | null = null;
  /** The inode the watch is on (an atomic save puts a new one at the path). */
  private watchedIno: number | null = null;
  private polling = false;
  private timer: TimerHandle | null = null;
  private disposed = false;
  private readonly changeListeners = new Set<ChangeListener>();
  private readonly errorListeners = new Set<ErrorListener>();
  private readonly logger: Logger;
  private readonly debounceMs: number;

  constructor(private readonly options: ConfigWatcherOptions) {
    this.logger = options.logger ?? silentLogger;
    this.debounceMs = options.debounceMs ?? 150;
  }

  /** The config in force: the last valid one loaded (defaults until one is). */
  get current(): Config {
    return this.config;
  }

  /**
   * Load the file now and start watching. The first load is returned, not announced to listeners;
   * when it is invalid, the defaults are in force until a valid edit.
   */
  start(): ConfigResult {
    if (this.disposed) throw new Error('ConfigWatcher was disposed');
    if (this.polling) throw new Error('ConfigWatcher already started');
    fs.mkdirSync(path.dirname(this.options.file), { recursive: true });
    this.polling = true;
    fs.watchFile(this.options.file, { interval: this.options.statPollMs ?? STAT_POLL_MS }, this.onFileEvent);
    this.arm();
    return this.load(false);
  }

  /**
   * The watch or the stat poll saw the file change, appear, go or be replaced (an atomic save): watch
   * what is there now, and reload after the debounce.
   */
  private readonly onFileEvent = (): void => {
    this.arm();
    this.schedule();
  };

  /** Watch the file the path names now (nothing while there is none: the stat poll sees it appear). */
  private arm(): void {
    if (this.disposed) return;
    const file = this.options.file;
    const ino = statIno(file);
    if (ino !== null && ino === this.watchedIno && this.watcher) return;
    this.watcher?.close();
    this.watcher = null;
    this.watchedIno = null;
    if (ino === null) return;
    try {
      this.watcher = fs.watch(file, this.onFileEvent);
      this.watchedIno = ino;
      this.watcher.on('error', (err) => this.logger.log('warn', 'config.watch-error', { file, message: err.message }));
    } catch (err) {
      // Gone between the stat and the watch: the stat poll sees what comes next.
      const e = err as NodeJS.ErrnoException;
      if (e.code !== 'ENOENT') this.logger.log('warn', 'config.watch-error', { file, message: e.message });
    }
  }

  /** Called with the new and the previous config after a valid edit that changed something. */
  onChange(listener: ChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Called with every problem (and its key path) after an invalid edit; the old config stays. */
  onError(listener: ErrorListener): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  /** Read the file now (the debounce timer calls this); does nothing if its text has not changed. */
  reload(): ConfigResult {
    return this.load(true);
  }

  private load(announce: boolean): ConfigResult {
    const read = readText(this.options.file);
    if ('text' in read && read.text === this.lastText && this.lastResult) return this.lastResult;
    this.lastText = 'text' in read ? read.text : undefined;
    const result: ConfigResult =
      'error' in read
        ? { ok: false, errors: [read.error] }
        : read.text === null
          ? { ok: true, config: DEFAULT_CONFIG }
          : parseConfigText(read.text);
    this.lastResult = result;
    if (!result.ok) {
      this.logger.log('warn', 'config.invalid', { file: this.options.file, errors: result.errors });
      if (announce) for (const l of this.errorListeners) l(result.errors, this.options.file);
      return result;
    }
    const previous = this.config;
    this.config = result.config;
    if (announce && JSON.stringify(previous) !== JSON.stringify(result.config)) {
      this.logger.log('info', 'config.applied', { file: this.options.file });
      for (const l of this.changeListeners) l(result.config, previous);
    }
    return result;
  }

  /** Stop watching: closes the file watcher and the stat poll, cancels a pending reload, drops listeners. */
  dispose(): void {
    this.disposed = true;
    if (this.polling) fs.unwatchFile(this.options.file, this.onFileEvent);
    this.polling = false;
    this.watcher?.close();
    this.watcher = null;
    this.timer?.cancel();
    this.timer = null;
    this.changeListeners.clear();
    this.errorListeners.clear();
  }

  private schedule(): void {
    if (this.disposed) return;
    this.timer?.cancel();
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null;
      if (!this.disposed) this.reload();
    }, this.debounceMs);
  }
}

/** The inode the path names now, or null when there is nothing to watch there. */
function statIno(file: string): number | null {
  try {
    return fs.statSync(file).ino;
  } catch {
    return null;
  }
}

/** The file's text (null when it does not exist), or why it cannot be read. */
function readText(file: string): { text: string | null } | { error: ConfigIssue } {
  try {
    return { text: fs.readFileSync(file, 'utf8') };
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT') return { text: null };
    return { error: { path: '', message: `cannot read ${file}: ${e.message}` } };
  }
}
