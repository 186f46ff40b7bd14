/**
 * A remote host's Claude settings as the installer's file layer (hooks/settings-file.ts
 * `SettingsFiles`): reads come from one snapshot taken over ssh, changes are staged as operations
 * and applied in one ssh run afterwards. The local installer's own merge, backup naming, pruning
 * and exact-restore rules run unchanged on it, so a remote install behaves exactly like a local one.
 */
import path from 'node:path';
import type { Clock } from '../platform/clock.ts';
import type { SettingsBackup, SettingsFiles } from '../hooks/settings-file.ts';
import { KEEP_BACKUPS, backupStamp, backupsAmong, nextBackupName } from '../hooks/settings-file.ts';

/** What the host reported (remote-hooks-script.ts `inspect`). */
export interface RemoteInspection {
  readonly home: string;
  readonly configDir: string;
  readonly settingsPath: string;
  /** Where the settings file really is (a dotfiles symlink is followed, and stays a link). */
  readonly realSettings: string;
  readonly settingsMode: number | null;
  /** Names in the config directory. */
  readonly names: readonly string[];
  /** Text of `settings.json*` files in it, by name (null: unreadable). */
  readonly files: Readonly<Record<string, string | null>>;
  /** Our directory there, the forwarder's path and text (null: absent), the forwarded socket's path. */
  readonly dir: string;
  readonly forwarder: string;
  readonly forwarderText: string | null;
  readonly socket: string;
  /** `listening`: an engine is connected now; `refused`: a file a dropped connection left; `absent`. */
  readonly socketState: 'listening' | 'refused' | 'silent' | 'absent';
  /** The Node that ran the script (the one the hook commands use) and its version. */
  readonly node: string;
  readonly nodeVersion: string;
}

/** One staged change on the host, in order. */
export type RemoteOp =
  | { readonly kind: 'mkdir'; readonly path: string; readonly mode: number; readonly chmod: boolean }
  | { readonly kind: 'write'; readonly path: string; readonly text: string; readonly mode: number }
  | { readonly kind: 'unlink'; readonly path: string }
  | { readonly kind: 'rmdir'; readonly path: string };

/** The host's files as of the snapshot, plus what has been staged since. */
export class StagedSettingsFiles implements SettingsFiles {
  private readonly staged: RemoteOp[] = [];
  private readonly names: Set<string>;
  private readonly texts = new Map<string, string | null>();
  private forwarderText: string | null;

  constructor(private readonly snap: RemoteInspection) {
    this.names = new Set(snap.names);
    for (const [name, text] of Object.entries(snap.files)) this.texts.set(name, text);
    this.forwarderText = snap.forwarderText;
  }

  /** The operations to apply, in order. */
  ops(): readonly RemoteOp[] {
    return this.staged;
  }

  read(file: string): string | null {
    this.inConfigDir(file);
    const name = path.basename(file);
    if (!this.names.has(name)) return null;
    const text = this.texts.get(name);
    if (text === null || text === undefined) throw new Error(`${file} on the host could not be read`);
    return text;
  }

  backup(file: string, text: string | null, clock: Clock): string {
    this.inConfigDir(file);
    this.ensureConfigDir();
    const name = nextBackupName(file, backupStamp(clock), this.names, text === null);
    const backup = path.join(this.snap.configDir, name);
    this.put(name, backup, text ?? '', 0o600);
    for (const old of this.listBackups(file).slice(KEEP_BACKUPS)) {
      this.staged.push({ kind: 'unlink', path: old.path });
      this.names.delete(path.basename(old.path));
      this.texts.delete(path.basename(old.path));
    }
    return backup;
  }

  listBackups(file: string): SettingsBackup[] {
    return backupsAmong(file, [...this.names]);
  }

  readBackup(backup: SettingsBackup): string | null {
    if (backup.absent) return null;
    const text = this.texts.get(path.basename(backup.path));
    if (text === null || text === undefined) throw new Error(`${backup.path} on the host could not be read`);
    return text;
  }

  write(file: string, text: string | null): void {
    this.inConfigDir(file);
    const name = path.basename(file);
    if (text === null) {
      this.staged.push({ kind: 'unlink', path: this.snap.realSettings });
      this.names.delete(name);
      this.texts.delete(name);
      return;
    }
    this.ensureConfigDir();
    // A new file gets the usual mode of a user's config (what a 022 umask gives); an old one keeps its own.
    this.put(name, this.snap.realSettings, text, this.snap.settingsMode ?? 0o644);
  }

  exists(file: string): boolean {
    if (file === this.snap.node) return true;
    if (file === this.snap.forwarder) return this.forwarderText !== null;
    return path.dirname(file) === this.snap.configDir && this.names.has(path.basename(file));
  }

  /** Stage our directory (owner-only) with the forwarder in it, unless it is there as given. */
  putForwarder(text: string): boolean {
    if (this.forwarderText === text) return false;
    this.staged.push({ kind: 'mkdir', path: this.snap.dir, mode: 0o700, chmod: true });
    this.staged.push({ kind: 'write', path: this.snap.forwarder, text, mode: 0o644 });
    this.forwarderText = text;
    return true;
  }

  /** Stage removing the forwarder, the socket file and our directory (when nothing else is in it). */
  removeForwarder(): boolean {
    const had = this.forwarderText !== null || this.snap.socketState !== 'absent';
    this.staged.push({ kind: 'unlink', path: this.snap.forwarder });
    this.staged.push({ kind: 'unlink', path: this.snap.socket });
    this.staged.push({ kind: 'rmdir', path: this.snap.dir });
    this.forwarderText = null;
    return had;
  }

  private put(name: string, file: string, text: string, mode: number): void {
    this.staged.push({ kind: 'write', path: file, text, mode });
    this.names.add(name);
    this.texts.set(name, text);
  }

  /** Claude's directory, made if missing (an existing one keeps its mode). */
  private ensureConfigDir(): void {
    if (!this.staged.some((o) => o.kind === 'mkdir' && o.path === this.snap.configDir))
      this.staged.push({ kind: 'mkdir', path: this.snap.configDir, mode: 0o700, chmod: false });
  }

  private inConfigDir(file: string): void {
    if (path.dirname(file) !== this.snap.configDir) throw new Error(`${file} is not in ${this.snap.configDir} on the host`);
  }
}
