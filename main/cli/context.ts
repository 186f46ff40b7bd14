/** Everything a CLI command may touch, injected so commands run in-process in tests. */
import type { Clock } from '../engine/platform/clock.ts';

export interface CliContext {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly platform: NodeJS.Platform;
  readonly homedir: string;
  readonly clock: Clock;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly stdin: () => Promise<string>;
  /** One line typed on standard input (without its newline; null at end of input); absent: the first line of `stdin()`. */
  readonly stdinLine?: () => Promise<string | null>;
  /** Resolves when the process is asked to stop (SIGINT/SIGTERM); for long-running commands. */
  readonly stopSignal: AbortSignal;
}

/** Exit codes, a promise to scripts that call the CLI: 0 done, 1 refused with a reason, 2 no engine running / usage / tmux missing. */
export const EXIT = { ok: 0, refused: 1, usage: 2 } as const;
