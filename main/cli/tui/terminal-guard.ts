/**
 * Never leave the user's terminal broken: whatever ends the terminal UI — a normal quit, an
 * exception, SIGTERM, SIGINT, SIGHUP — the alternate screen is left, the cursor shown and raw mode
 * turned off. Ink restores these when it unmounts; this guard covers the paths where it cannot
 * (a crash, a signal), and writing the restore twice is harmless.
 */

/** Leave the alternate screen, show the cursor, end bracketed paste, reset SGR. */
export const RESTORE_SEQUENCE = '\x1b[?1049l\x1b[?25h\x1b[?2004l\x1b[0m';

/** The terminal streams the guard restores. */
export interface GuardedTerminal {
  readonly stdout: { write(text: string): unknown };
  readonly stdin: { readonly isTTY?: boolean; setRawMode?(mode: boolean): unknown };
}

/** The process whose events the guard listens to (an EventEmitter in tests, so they can fire them). */
export type GuardedProcess = Pick<NodeJS.EventEmitter, 'on' | 'off'>;

/** What the guard reports and how it is released. */
export interface TerminalGuard {
  /** Restores now (idempotent). */
  restore(): void;
  /** Stops listening; for the normal end, where Ink has restored the terminal itself (a second `?1049l` would move the cursor). */
  release(): void;
}

/**
 * Guards `terminal`. A signal calls `onSignal` (the UI stops and the command exits with 128 + n);
 * an uncaught error calls `onCrash` after the terminal is restored.
 */
export function guardTerminal(
  terminal: GuardedTerminal,
  proc: GuardedProcess,
  handlers: { onSignal(signal: 'SIGTERM' | 'SIGINT' | 'SIGHUP'): void; onCrash(error: unknown): void },
): TerminalGuard {
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    try {
      if (terminal.stdin.isTTY) terminal.stdin.setRawMode?.(false);
    } catch {
      // A closed terminal (SIGHUP) cannot be set back; nothing is left to restore.
    }
    try {
      terminal.stdout.write(RESTORE_SEQUENCE);
    } catch {
      // As above.
    }
  };
  const signals = (['SIGTERM', 'SIGINT', 'SIGHUP'] as const).map((signal) => {
    // The UI stops first (Ink leaves the alternate screen itself), then whatever it left is restored.
    const listener = () => {
      try {
        handlers.onSignal(signal);
      } finally {
        restore();
      }
    };
    proc.on(signal, listener);
    return [signal, listener] as const;
  });
  const crash = (error: unknown) => {
    restore();
    handlers.onCrash(error);
  };
  proc.on('exit', restore);
  proc.on('uncaughtException', crash);
  proc.on('unhandledRejection', crash);
  return {
    restore,
    release() {
      proc.off('exit', restore);
      proc.off('uncaughtException', crash);
      proc.off('unhandledRejection', crash);
      for (const [signal, listener] of signals) proc.off(signal, listener);
    },
  };
}
