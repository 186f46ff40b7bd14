/**
 * Codex CLI hooks (0.169+): where they live and which we install. Verified with the real CLI
 * (test/fixtures/hooks/codex): `$CODEX_HOME/hooks.json` (default `~/.codex/hooks.json`) with
 * Claude's `hooks` shape; the same merge, backup and byte-exact uninstall apply. Codex runs a new or
 * changed hook only after the user trusts it in its "Hooks need review" start-up dialog — we never
 * write that trust (config.toml `[hooks.state]`) for them.
 */
import path from 'node:path';
import type { HooksInstallerDeps } from './install.ts';

/** The events Codex 0.169.0 sends that say something about state (PostToolUse: running again). */
export const CODEX_INSTALLED_EVENTS: readonly string[] = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'Stop',
];

/** `$CODEX_HOME/hooks.json`, or `~/.codex/hooks.json`. */
export function codexHooksFile(input: { readonly env: Readonly<Record<string, string | undefined>>; readonly homedir: string }): string {
  const home = input.env['CODEX_HOME'];
  return path.join(home && path.isAbsolute(home) ? home : path.join(input.homedir, '.codex'), 'hooks.json');
}

/** Claude's installer inputs turned into Codex's: its file, its events, the forwarder's Codex route, no `prime`. */
export function codexInstallerDeps(claude: HooksInstallerDeps, input: Parameters<typeof codexHooksFile>[0]): HooksInstallerDeps {
  const { extraEntries: _claudeOnly, ...rest } = claude;
  return {
    ...rest,
    settingsPath: codexHooksFile(input),
    forwarder: { ...claude.forwarder, runtime: 'codex' },
    events: CODEX_INSTALLED_EVENTS,
  };
}
