/**
 * A condition that makes the whole app useless until the user fixes it (today: no tmux), as the
 * tray headline and one notification show it. Pure: built from what the start-up found.
 */
import type { TmuxBinary } from '../../engine/platform/tmux-binary.ts';
import { tmuxMissingText } from '../../engine/platform/tmux-binary.ts';

/** What the tray headline says, and the fix the notification and the menu spell out. */
export interface ShellProblem {
  readonly headline: string;
  readonly fix: string;
}

/** The problem a missing tmux makes, or null when tmux was found. */
export function tmuxProblem(binary: TmuxBinary, platform: NodeJS.Platform): ShellProblem | null {
  if (binary.kind === 'found') return null;
  const text = tmuxMissingText(binary, platform);
  return { headline: text.headline, fix: text.body };
}
