/**
 * Byte-exact uninstall, shared by every installer that edits a user's file with a backup first
 * (Claude/Codex hooks, the tmux source line): when one of our backups shows the file is precisely
 * "that backup plus our install", uninstall puts the backup's bytes back, so whatever an edit
 * cannot round-trip (formatting, a missing final newline, a file that did not exist) comes back too.
 */
import type { SettingsFiles } from './settings-file.ts';

/** What an installer does to a file's text (null: no file). */
export interface InstallEdit {
  /** The text holds something of ours (such a backup is no original). */
  hasOurs(text: string | null): boolean;
  /** The text install writes from `text`. */
  install(text: string | null): string | null;
}

/** The newest backup B (without ours) such that install(B) is exactly `current`; undefined if none. */
export function exactOriginal(files: SettingsFiles, file: string, current: string | null, edit: InstallEdit): string | null | undefined {
  for (const backup of files.listBackups(file)) {
    let original: string | null;
    try {
      original = files.readBackup(backup);
      if (edit.hasOurs(original)) continue;
      if (edit.install(original) === current) return original;
    } catch {
      // An unreadable or malformed backup is simply not a candidate.
    }
  }
  return undefined;
}
