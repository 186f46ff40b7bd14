/**
 * The thin file layer under hooks install/uninstall: read the settings text, keep a timestamped
 * backup next to it before every change (`settings.json.trailboss-backup-<utc>-<n>`, or
 * `….absent` when there was no file), and replace the file atomically, following a symlink so a
 * dotfiles-managed settings.json stays a link.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../platform/atomic-write.ts';
import type { Clock } from '../platform/clock.ts';

const BACKUP_TAG = '.trailboss-backup-';
/** Older backups beyond this many are removed (the newest are the ones uninstall restores from). */
export const KEEP_BACKUPS = 10;

/**
 * The file operations install, uninstall and status use: this machine's files by default
 * (`LOCAL_SETTINGS_FILES`), or a remote host's, staged over ssh (hosts/remote-settings-files.ts).
 */
export interface SettingsFiles {
  read(file: string): string | null;
  backup(file: string, text: string | null, clock: Clock): string;
  listBackups(file: string): SettingsBackup[];
  readBackup(backup: SettingsBackup): string | null;
  write(file: string, text: string | null): void;
  exists(file: string): boolean;
}

/** Pure: the name of the next backup of `file` at `stamp`, given the names already in its directory. */
export function nextBackupName(file: string, stamp: string, taken: ReadonlySet<string>, absent: boolean): string {
  let seq = 0;
  const nameFor = (n: number): string => `${path.basename(file)}${BACKUP_TAG}${stamp}-${String(n).padStart(3, '0')}`;
  while (taken.has(nameFor(seq)) || taken.has(`${nameFor(seq)}.absent`)) seq++;
  return absent ? `${nameFor(seq)}.absent` : nameFor(seq);
}

/** Pure: a backup's time stamp (UTC, compact, ms precision). */
export function backupStamp(clock: Clock): string {
  return new Date(clock.now()).toISOString().replace(/[-:]/g, '').replace('.', '');
}

/** Pure: our backups of `file` among the names in its directory, newest first. */
export function backupsAmong(file: string, names: readonly string[]): SettingsBackup[] {
  const prefix = `${path.basename(file)}${BACKUP_TAG}`;
  return names
    .filter((n) => n.startsWith(prefix))
    .map((n) => ({ name: n.replace(/\.absent$/, ''), path: path.join(path.dirname(file), n), absent: n.endsWith('.absent') }))
    .sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0))
    .map(({ path: p, absent }) => ({ path: p, absent }));
}

/** The file's text, or null when it does not exist. */
export function readSettingsText(file: string, encoding: SettingsEncoding = 'utf8'): string | null {
  try {
    return readFileSync(file, encoding);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** One backup of the settings file. */
export interface SettingsBackup {
  readonly path: string;
  /** The file did not exist when the backup was taken. */
  readonly absent: boolean;
}

/** Save `text` (null = no file) as a new backup; returns its path. Prunes old backups. */
export function backupSettings(file: string, text: string | null, clock: Clock, encoding: SettingsEncoding = 'utf8'): string {
  mkdirSync(path.dirname(file), { recursive: true });
  const taken = new Set(readdirSync(path.dirname(file)));
  const backup = path.join(path.dirname(file), nextBackupName(file, backupStamp(clock), taken, text === null));
  writeFileAtomic(backup, Buffer.from(text ?? '', encoding), { mode: 0o600 });
  for (const old of listBackups(file).slice(KEEP_BACKUPS)) unlinkSync(old.path);
  return backup;
}

/** Our backups of `file`, newest first. */
export function listBackups(file: string): SettingsBackup[] {
  let names: string[];
  try {
    names = readdirSync(path.dirname(file));
  } catch {
    return [];
  }
  return backupsAmong(file, names);
}

/** The content a backup holds (null for an `.absent` backup). */
export function readBackup(backup: SettingsBackup, encoding: SettingsEncoding = 'utf8'): string | null {
  return backup.absent ? null : readFileSync(backup.path, encoding);
}

/** Replace the file with `text` atomically (null removes it), keeping its mode. */
export function writeSettingsText(file: string, text: string | null, encoding: SettingsEncoding = 'utf8'): void {
  const target = existsSync(file) ? realpathSync(file) : file;
  if (text === null) {
    if (existsSync(target)) unlinkSync(target);
    return;
  }
  // A new file gets the usual umask mode (it is the user's own Claude config, not a secret of ours).
  const mode = existsSync(target) ? statSync(target).mode & 0o777 : undefined;
  writeFileAtomic(target, Buffer.from(text, encoding), mode === undefined ? {} : { mode });
}

/**
 * How a file's bytes are held as text: `utf8` for files that are UTF-8 by their format (JSON, TOML);
 * `latin1` holds each byte as one character, so a file in any encoding (a `~/.tmux.conf` in Latin-1,
 * or with a stray byte) is read, backed up, compared and written back byte for byte.
 */
export type SettingsEncoding = 'utf8' | 'latin1';

/** `text` as byte text (`latin1` files): each byte of its UTF-8 encoding one character. */
export function asByteText(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

/** Byte text read back as UTF-8 (bytes that are not UTF-8 become U+FFFD): for reading, never for writing. */
export function fromByteText(bytes: string): string {
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** This machine's files. */
export const LOCAL_SETTINGS_FILES: SettingsFiles = {
  read: readSettingsText,
  backup: backupSettings,
  listBackups,
  readBackup,
  write: writeSettingsText,
  exists: existsSync,
};

/** This machine's files as byte text (`asByteText`): for a file with no encoding of its own (a tmux configuration). */
export const LOCAL_BYTE_FILES: SettingsFiles = {
  read: (file) => readSettingsText(file, 'latin1'),
  backup: (file, text, clock) => backupSettings(file, text, clock, 'latin1'),
  listBackups,
  readBackup: (backup) => readBackup(backup, 'latin1'),
  write: (file, text) => writeSettingsText(file, text, 'latin1'),
  exists: existsSync,
};
