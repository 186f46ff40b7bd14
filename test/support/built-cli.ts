/**
 * The CLI as the npm package lays it out, built from this tree in seconds (`packAndInstall` is the
 * whole package and takes a minute): the launcher `bin/trailboss.mjs` beside `dist/cli` (esbuild's
 * bundle, as `npm pack` builds it) and package.json, with no sources, so the launcher runs the
 * bundle. better-sqlite3, the one package the bundle leaves external, is linked from this checkout.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildCli } from '../../scripts/build-cli.mjs';
import { PINNED_NODE } from './run-node.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** A built copy: `command` is what to run (`[node, launcher]`), `bundle` the CLI without the launcher. */
export interface BuiltCli {
  readonly dir: string;
  /** The pinned Node and the launcher, as `trailboss` runs. */
  readonly command: readonly [string, string];
  /** `dist/cli/trailboss.mjs`: the CLI itself (what `trailboss hook` is without the launcher's fast path). */
  readonly bundle: string;
  remove(): void;
}

/** Build the CLI into a fresh temp dir. */
export async function buildCliCopy(): Promise<BuiltCli> {
  const dir = mkdtempSync(join(tmpdir(), 'tb-built-cli-'));
  const bundle = await buildCli({ outDir: join(dir, 'dist', 'cli') });
  mkdirSync(join(dir, 'bin'));
  for (const file of ['trailboss.mjs', 'trailboss-hook.mjs', 'trailboss-tmux-status.mjs'])
    copyFileSync(join(ROOT, 'bin', file), join(dir, 'bin', file));
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(join(ROOT, 'node_modules', 'better-sqlite3'), join(dir, 'node_modules', 'better-sqlite3'));
  return {
    dir,
    command: [PINNED_NODE, join(dir, 'bin', 'trailboss.mjs')],
    bundle,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
