/**
 * Which tmux client opened the popup this UI runs in. Inside `display-popup` tmux sets `TMUX` to
 * the popup's server, and a `display-message` from there answers for the client that pressed the
 * key (tmux picks the most recently active client of the popup's session: the one that just typed
 * the binding). `--client` names it outright where a binding can pass `#{client_tty}`.
 */
import type { Runner } from '../../engine/platform/run.ts';

/** The client's tty (`/dev/pts/3`), or why it cannot be known. */
export type PopupClient = { readonly ok: true; readonly tty: string } | { readonly ok: false; readonly problem: string };

/** Asks the popup's tmux server for the client that opened it. */
export async function popupClient(runner: Runner, env: Readonly<Record<string, string | undefined>>): Promise<PopupClient> {
  if ((env['TMUX'] ?? '') === '') return { ok: false, problem: '--popup needs to run inside tmux (TMUX is not set)' };
  try {
    const r = await runner.run('tmux', ['display-message', '-p', '#{client_tty}'], { timeoutMs: 5000 });
    const tty = r.stdout.trim();
    if (r.exitCode !== 0 || tty === '')
      return { ok: false, problem: `tmux did not name the popup's client (${r.stderr.trim() || 'no answer'})` };
    return { ok: true, tty };
  } catch (error) {
    return { ok: false, problem: `cannot ask tmux for the popup's client: ${error instanceof Error ? error.message : String(error)}` };
  }
}
