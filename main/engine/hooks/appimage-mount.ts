/**
 * An AppImage runs from a temporary mount (`/tmp/.mount_Trail…`, or an extracted copy with
 * `--appimage-extract-and-run`) that is gone once it quits. Hook commands and scripts written from
 * there would run a missing file after the next restart, so installing from an AppImage is refused,
 * and a hook whose command points into a mount that is gone is named as such. Pure.
 */
import path from 'node:path';
import { parseForwarderCommand } from './hook-command.ts';
import type { RuntimeLayout } from './runtime-layout.ts';
import { runtimeFiles } from './runtime-layout.ts';

/** An install refused because the files it would point at do not outlive this process. */
export class TransientInstallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransientInstallError';
  }
}

/** The AppImage mount directory a path lies in (`/tmp/.mount_TrailBxyz`), or null. */
export function appImageMountOf(file: string): string | null {
  const parts = file.split(path.sep);
  const at = parts.findIndex((part) => part.startsWith('.mount_'));
  return at <= 0 ? null : parts.slice(0, at + 1).join(path.sep);
}

/** Where a layout's runnable files live only while an AppImage runs; null when they last. */
export function transientRoot(layout: RuntimeLayout, env: Readonly<Record<string, string | undefined>>): string | null {
  const files = runtimeFiles(layout);
  for (const file of [files.nodePath, files.forwarderScript, files.cliScript]) {
    const mount = appImageMountOf(file);
    if (mount !== null) return mount;
  }
  // The AppImage runtime sets APPIMAGE for the app it starts; packaged, our files are inside it (mounted or extracted).
  const appImage = env['APPIMAGE'];
  if (layout.kind === 'packaged' && appImage !== undefined && appImage !== '') return env['APPDIR'] || layout.resourcesPath;
  return null;
}

/** What to install instead, said the same way by every surface. */
export const LASTING_INSTALL_HINT =
  'install Trail Boss from the .deb (sudo apt install ./trailboss_*.deb) or as the npm CLI (npm install -g trailboss), then install the hooks from there';

/** Throws TransientInstallError when `what` would be installed from an AppImage. */
export function refuseTransientInstall(layout: RuntimeLayout, env: Readonly<Record<string, string | undefined>>, what: string): void {
  const root = transientRoot(layout, env);
  if (root === null) return;
  const appImage = env['APPIMAGE'];
  throw new TransientInstallError(
    `not installing ${what} from the AppImage${appImage ? ` ${appImage}` : ''}: its files exist only while it runs (${root}), ` +
      `so the hooks would run a missing file after it quits; ${LASTING_INSTALL_HINT}`,
  );
}

/** The problem of installed hook commands (ours; others are skipped) whose files were in an AppImage mount that is gone, or null. */
export function goneMountProblem(commands: readonly (string | null)[], exists: (file: string) => boolean): string | null {
  const files = commands.flatMap((command) => {
    const parsed = command === null ? null : parseForwarderCommand(command);
    return parsed === null ? [] : [parsed.nodePath, parsed.scriptPath];
  });
  for (const file of files) {
    const mount = appImageMountOf(file);
    if (mount !== null && !exists(file))
      return `a hook command points into an AppImage mount that is gone (${mount}): no events arrive; ${LASTING_INSTALL_HINT}`;
  }
  return null;
}
