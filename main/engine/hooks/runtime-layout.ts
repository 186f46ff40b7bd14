/**
 * Where Trail Boss's runnable files are, for each way it can be installed, and the commands Claude
 * Code is given to run them. One pure function per question, so the repository checkout, an npm
 * install and the packaged desktop app meet in one place:
 *
 * - `repo`: a development checkout; the pinned Node in node_modules, the CLI through bin/trailboss.mjs.
 * - `npm`: an installed package; the Node that runs the CLI, and bin/trailboss.mjs (which runs the
 *   bundled dist/cli in its own process: no TypeScript loader).
 * - `packaged`: the desktop app; its own executable run as Node (ELECTRON_RUN_AS_NODE=1, which the
 *   `runAsNode` fuse keeps working), scripts unpacked from the asar archive (a plain Node process
 *   cannot read inside it), and `prime` from the bundled CLI, so no TypeScript loader is needed.
 */
import path from 'node:path';
import type { ForwarderSpec, OwnedHookEntry } from './hook-command.ts';
import { markerFor, shellQuote } from './hook-command.ts';

/** How this copy of Trail Boss is laid out on disk. */
export type RuntimeLayout =
  | { readonly kind: 'repo'; readonly root: string }
  | { readonly kind: 'npm'; readonly root: string; readonly nodePath: string }
  | { readonly kind: 'packaged'; readonly execPath: string; readonly resourcesPath: string };

/** The bundled CLI, relative to the app or package root (scripts/build-shell.mjs writes it). */
export const BUNDLED_CLI = path.posix.join('dist', 'cli', 'trailboss.mjs');
/** The hook forwarder script, relative to the app or package root. */
export const FORWARDER_SCRIPT = path.posix.join('bin', 'trailboss-hook.mjs');
/** The `trailboss` launcher, relative to the app or package root. */
export const LAUNCHER_SCRIPT = path.posix.join('bin', 'trailboss.mjs');
/** The tmux status segment (POSIX sh, run by tmux without Node), relative to the app or package root. */
export const STATUS_SCRIPT = path.posix.join('bin', 'trailboss-tmux-status.sh');
/** The opencode plugin `hooks install --runtime opencode` copies, relative to the app or package root. */
export const OPENCODE_PLUGIN_SCRIPT = path.posix.join('bin', 'trailboss-opencode-plugin.js');
/** electron-builder puts files matched by `asarUnpack` here, beside app.asar. */
export const UNPACKED_DIR = 'app.asar.unpacked';

/** The files a hook command runs. */
export interface RuntimeFiles {
  /** The program that runs the scripts. */
  readonly nodePath: string;
  /** The program is Electron and must be told to act as Node. */
  readonly runAsNode: boolean;
  readonly forwarderScript: string;
  /** The opencode plugin's source (copied into opencode's plugin directory, never run from here). */
  readonly opencodePlugin: string;
  /** The `trailboss` CLI entry that `prime` runs. */
  readonly cliScript: string;
  /** The `trailboss` launcher (bin/trailboss.mjs), with its fast paths (`tmux-status`): what tmux's popup runs. */
  readonly launcherScript: string;
  /** The status segment tmux's status line runs with /bin/sh (bin/trailboss-tmux-status.sh). */
  readonly statusScript: string;
}

/** The files for a layout. */
export function runtimeFiles(layout: RuntimeLayout): RuntimeFiles {
  switch (layout.kind) {
    case 'repo':
      return {
        nodePath: path.join(layout.root, 'node_modules', 'node', 'bin', 'node'),
        runAsNode: false,
        forwarderScript: path.join(layout.root, FORWARDER_SCRIPT),
        opencodePlugin: path.join(layout.root, OPENCODE_PLUGIN_SCRIPT),
        cliScript: path.join(layout.root, 'bin', 'trailboss.mjs'),
        launcherScript: path.join(layout.root, LAUNCHER_SCRIPT),
        statusScript: path.join(layout.root, STATUS_SCRIPT),
      };
    case 'npm':
      return {
        nodePath: layout.nodePath,
        runAsNode: false,
        forwarderScript: path.join(layout.root, FORWARDER_SCRIPT),
        opencodePlugin: path.join(layout.root, OPENCODE_PLUGIN_SCRIPT),
        cliScript: path.join(layout.root, 'bin', 'trailboss.mjs'),
        launcherScript: path.join(layout.root, LAUNCHER_SCRIPT),
        statusScript: path.join(layout.root, STATUS_SCRIPT),
      };
    case 'packaged': {
      const unpacked = path.join(layout.resourcesPath, UNPACKED_DIR);
      return {
        nodePath: layout.execPath,
        runAsNode: true,
        forwarderScript: path.join(unpacked, FORWARDER_SCRIPT),
        opencodePlugin: path.join(unpacked, OPENCODE_PLUGIN_SCRIPT),
        cliScript: path.join(unpacked, BUNDLED_CLI),
        // Unpacked beside the bundle (electron-builder.yml asarUnpack), which it runs.
        launcherScript: path.join(unpacked, LAUNCHER_SCRIPT),
        // Outside the archive too: /bin/sh cannot read inside it.
        statusScript: path.join(unpacked, STATUS_SCRIPT),
      };
    }
  }
}

/** What `hooks install` writes for a layout: the forwarder (one entry per event) and the `prime` entry. */
export function hookCommandsFor(
  layout: RuntimeLayout,
  endpointFile: string,
): { readonly forwarder: ForwarderSpec; readonly prime: OwnedHookEntry } {
  const files = runtimeFiles(layout);
  const env = files.runAsNode ? 'ELECTRON_RUN_AS_NODE=1 ' : '';
  return {
    forwarder: { nodePath: files.nodePath, runAsNode: files.runAsNode, scriptPath: files.forwarderScript, endpointFile },
    // A restarted session is briefed with its snapshot by `trailboss prime` at SessionStart (exactly once: prime takes the file).
    prime: {
      event: 'SessionStart',
      command: `${env}${shellQuote(files.nodePath)} ${shellQuote(files.cliScript)} prime ${markerFor('prime')}`,
      timeoutSec: 10,
    },
  };
}

/** The shell command that runs `trailboss` through its launcher (absolute, quoted): what tmux's binding and status line run. */
export function launcherCommand(layout: RuntimeLayout): string {
  const files = runtimeFiles(layout);
  const env = files.runAsNode ? 'ELECTRON_RUN_AS_NODE=1 ' : '';
  return `${env}${shellQuote(files.nodePath)} ${shellQuote(files.launcherScript)}`;
}

/** What the running process knows about itself (process.versions, process.execPath…), for `detectLayout`. */
export interface ProcessFacts {
  /** process.versions.electron: set in Electron, also when it runs as Node. */
  readonly electron: string | undefined;
  /** process.defaultApp: set when Electron runs an unpackaged app (`electron .`). */
  readonly defaultApp: boolean;
  readonly execPath: string;
  /** process.resourcesPath (Electron main process); undefined under plain Node. */
  readonly resourcesPath: string | undefined;
  /** Directory of the module asking (its import.meta.url): where the code itself lives. */
  readonly moduleDir: string;
  /** TRAILBOSS_NODE: the Node the bin launcher chose. */
  readonly launcherNode: string | undefined;
  readonly exists: (file: string) => boolean;
}

/**
 * The layout the running code is in. Packaged when Electron runs from an archive (the main
 * process) or runs as Node a bundle in app.asar.unpacked (prime, the CLI); a checkout when the
 * source tree is beside the code; otherwise an npm install.
 */
export function detectLayout(facts: ProcessFacts): RuntimeLayout {
  const inUnpacked = facts.moduleDir.split(path.sep).lastIndexOf(UNPACKED_DIR);
  if (facts.electron !== undefined && !facts.defaultApp) {
    if (facts.resourcesPath !== undefined) return { kind: 'packaged', execPath: facts.execPath, resourcesPath: facts.resourcesPath };
    if (inUnpacked > 0)
      return {
        kind: 'packaged',
        execPath: facts.execPath,
        resourcesPath: facts.moduleDir.split(path.sep).slice(0, inUnpacked).join(path.sep),
      };
  }
  const root = findRoot(facts.moduleDir, facts.exists);
  // A clone runs hooks on its pinned Node; an npm install has none and uses the Node running it now.
  if (
    root !== null &&
    facts.exists(path.join(root, 'main', 'cli', 'main.ts')) &&
    facts.exists(runtimeFiles({ kind: 'repo', root }).nodePath)
  )
    return { kind: 'repo', root };
  return { kind: 'npm', root: root ?? facts.moduleDir, nodePath: facts.launcherNode ?? facts.execPath };
}

/** The nearest directory at or above `dir` holding package.json. */
function findRoot(dir: string, exists: (file: string) => boolean): string | null {
  let at = dir;
  for (;;) {
    if (exists(path.join(at, 'package.json'))) return at;
    const up = path.dirname(at);
    if (up === at) return null;
    at = up;
  }
}
