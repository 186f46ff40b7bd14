/** Doctor check: tmux is installed, which binary, and whether its version is new enough. */
import { ProcessError } from '../../../engine/platform/run.ts';
import { tmuxMissingText } from '../../../engine/platform/tmux-binary.ts';
import { ok, problem, type DoctorCheck } from '../check.ts';

/** The watcher's control client starts with `new-session -f no-output,ignore-size`: tmux 3.2 added -f. */
export const MIN_TMUX = { major: 3, minor: 2 } as const;

/** `tmux 3.3a` / `tmux next-3.5` / `tmux openbsd-7.4` → major and minor, or null when unreadable. */
export function parseTmuxVersion(text: string): { major: number; minor: number } | null {
  const match = /(\d+)\.(\d+)/.exec(text);
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : null;
}

const INSTALL = 'install tmux 3.2 or newer (Debian/Ubuntu: sudo apt install tmux; macOS: brew install tmux) and make sure it is on PATH';

export const tmuxCheck: DoctorCheck = {
  id: 'tmux',
  title: 'tmux',
  async run({ ctx, runner, tmux: binary }) {
    // Found the way the desktop app finds it (tmux.path, PATH, the login shell's PATH, the usual places).
    if (binary.kind === 'missing') {
      const text = tmuxMissingText(binary, ctx.platform);
      return problem(
        `${text.headline} (searched ${binary.searched.length} places: ${binary.searched.slice(0, 4).join(', ')}…)`,
        binary.configured !== null ? text.body : INSTALL,
      );
    }
    const path = binary.path;
    let text: string;
    try {
      const result = await runner.run('tmux', ['-V'], { timeoutMs: 10_000 });
      text = (result.stdout || result.stderr).trim();
    } catch (error) {
      if (error instanceof ProcessError) return problem(`${path} does not run: ${error.message}`, INSTALL);
      throw error;
    }
    const version = parseTmuxVersion(text);
    const needed = `${MIN_TMUX.major}.${MIN_TMUX.minor}`;
    if (version === null) return ok(`${text} at ${path} (cannot read its version; needs ${needed} or newer)`);
    const oldOne = version.major < MIN_TMUX.major || (version.major === MIN_TMUX.major && version.minor < MIN_TMUX.minor);
    if (oldOne) return problem(`${text} at ${path} is too old: Trail Boss needs tmux ${needed} or newer`, INSTALL);
    return ok(`${text} at ${path} (needs ${needed} or newer)`);
  },
};
