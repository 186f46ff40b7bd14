/**
 * Where Claude Code keeps its user files: `$CLAUDE_CONFIG_DIR`, else `~/.claude`. Pure — the
 * caller passes the environment and home directory, so tests never touch the real ~/.claude.
 */
import path from 'node:path';

/** What the resolver needs from the process (`process.env`, `os.homedir()`). */
export interface ClaudeDirInput {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homedir: string;
}

/** Claude's config directory (a relative CLAUDE_CONFIG_DIR is taken relative to home: the caller's cwd is arbitrary). */
export function claudeConfigDir(input: ClaudeDirInput): string {
  const override = input.env['CLAUDE_CONFIG_DIR']?.trim();
  if (override !== undefined && override !== '') return path.resolve(input.homedir, override);
  return path.join(input.homedir, '.claude');
}

/** The user settings file hooks are installed in. */
export function claudeSettingsFile(input: ClaudeDirInput): string {
  return path.join(claudeConfigDir(input), 'settings.json');
}

/** The directory of per-process status files (`<pid>.json`). */
export function claudeSessionsDir(input: ClaudeDirInput): string {
  return path.join(claudeConfigDir(input), 'sessions');
}
