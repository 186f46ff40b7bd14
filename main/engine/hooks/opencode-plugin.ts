/**
 * `trailboss hooks install | uninstall | status --runtime opencode`: our plugin file in opencode's
 * plugin directory, and nothing else. opencode 1.18.33 loads `{plugin,plugins}/*.{ts,js}` from its
 * global config directory (`$XDG_CONFIG_HOME/opencode`, default `~/.config/opencode`) and from
 * `$OPENCODE_CONFIG_DIR` when set (verified with the real CLI: test/live/opencode-plugin.live.test.ts).
 * The file is a copy of bin/trailboss-opencode-plugin.js with the engine's endpoint file written in;
 * its first line marks it as ours, so a file of the same name we did not write is never touched.
 */
import path from 'node:path';
import type { OpencodeArrivals } from './opencode-arrivals.ts';
import { OPENCODE_EVENTS } from './opencode-schemas.ts';
import { readTextOrNull, removeOwnedFile, writeOwnedFile } from './owned-file.ts';

/** The first line of every plugin file we write. */
export const OPENCODE_PLUGIN_MARKER = '// trailboss:opencode-plugin';
/** Our file's name in the plugin directory. */
export const OPENCODE_PLUGIN_NAME = 'trailboss.js';
/** The template's line that install replaces with the endpoint file's path. */
const ENDPOINT_LINE = /^const ENDPOINT_FILE = null; \/\/ trailboss:endpoint.*$/m;

/** A plugin file we refuse to touch, or a template we cannot use. */
export class OpencodePluginError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpencodePluginError';
  }
}

/** opencode's config directory as it resolves it: `$OPENCODE_CONFIG_DIR`, `$XDG_CONFIG_HOME/opencode`, `~/.config/opencode`. */
export function opencodeConfigDir(input: { readonly env: Readonly<Record<string, string | undefined>>; readonly homedir: string }): string {
  const custom = input.env['OPENCODE_CONFIG_DIR'];
  if (custom && path.isAbsolute(custom)) return custom;
  const xdg = input.env['XDG_CONFIG_HOME'];
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(input.homedir, '.config'), 'opencode');
}

/** Where our plugin lives in a config directory. */
export function opencodePluginPath(configDir: string): string {
  return path.join(configDir, 'plugins', OPENCODE_PLUGIN_NAME);
}

/** The plugin text install writes: the template with the endpoint file filled in. */
export function pluginText(template: string, endpointFile: string): string {
  if (!template.startsWith(`${OPENCODE_PLUGIN_MARKER}\n`) || !ENDPOINT_LINE.test(template))
    throw new OpencodePluginError('the opencode plugin template is not one of ours (marker or endpoint line missing)');
  return template.replace(ENDPOINT_LINE, `const ENDPOINT_FILE = ${JSON.stringify(endpointFile)}; // trailboss:endpoint`);
}

/** True when a file's text is a plugin we wrote. */
export function isOurPlugin(text: string): boolean {
  return text.startsWith(`${OPENCODE_PLUGIN_MARKER}\n`);
}

/** What install / uninstall / status work on. */
export interface OpencodePluginDeps {
  /** The plugin file (opencodePluginPath of opencodeConfigDir). */
  readonly pluginPath: string;
  /** bin/trailboss-opencode-plugin.js of this copy of Trail Boss (runtime-layout.ts `opencodePlugin`). */
  readonly templatePath: string;
  readonly endpointFile: string;
  /** Arrivals per event, for status. */
  readonly arrivals: OpencodeArrivals;
}

/** One event the plugin forwards. */
export interface OpencodeEventStatus {
  readonly event: string;
  readonly count: number;
  readonly lastAt: number | null;
}

/** The plugin's status. */
export interface OpencodePluginStatus {
  /** `installed`: exactly what install writes now; `outdated`: ours but older or for another endpoint; `foreign`: a file of that name we did not write. */
  readonly state: 'installed' | 'outdated' | 'missing' | 'foreign';
  readonly pluginPath: string;
  readonly details: readonly OpencodeEventStatus[];
  readonly lastEventAt: number | null;
  readonly problem: string | null;
}

/** The result of install or uninstall. */
export interface OpencodePluginChange {
  readonly changed: boolean;
  readonly status: OpencodePluginStatus;
}

function planned(deps: OpencodePluginDeps): string {
  const template = readTextOrNull(deps.templatePath);
  if (template === null) throw new OpencodePluginError(`the opencode plugin template ${deps.templatePath} is missing`);
  return pluginText(template, deps.endpointFile);
}

const RULES = { isOurs: isOurPlugin, foreign: (message: string) => new OpencodePluginError(message) };

/** Write our plugin (idempotent). Throws OpencodePluginError, changing nothing, over a file we did not write. */
export function installOpencodePlugin(deps: OpencodePluginDeps): OpencodePluginChange {
  const changed = writeOwnedFile(deps.pluginPath, planned(deps), RULES, 'plugin');
  return { changed, status: opencodePluginStatus(deps) };
}

/** Remove our plugin file; a file of that name we did not write is left alone (OpencodePluginError). */
export function uninstallOpencodePlugin(deps: OpencodePluginDeps): OpencodePluginChange {
  const changed = removeOwnedFile(deps.pluginPath, RULES, 'plugin');
  return { changed, status: opencodePluginStatus(deps) };
}

/** Installed, outdated, missing or foreign, and when each event last arrived. Never throws. */
export function opencodePluginStatus(deps: OpencodePluginDeps): OpencodePluginStatus {
  const details = OPENCODE_EVENTS.map((event) => ({
    event,
    count: deps.arrivals[event]?.count ?? 0,
    lastAt: deps.arrivals[event]?.lastAt ?? null,
  }));
  const times = details.map((d) => d.lastAt).filter((t): t is number => t !== null);
  const base = { pluginPath: deps.pluginPath, details, lastEventAt: times.length > 0 ? Math.max(...times) : null };
  let current: string | null;
  try {
    current = readTextOrNull(deps.pluginPath);
  } catch (error) {
    return { ...base, state: 'missing', problem: `cannot read ${deps.pluginPath}: ${(error as Error).message}` };
  }
  if (current === null) return { ...base, state: 'missing', problem: null };
  if (!isOurPlugin(current)) return { ...base, state: 'foreign', problem: `${deps.pluginPath} is not Trail Boss's plugin` };
  let want: string;
  try {
    want = planned(deps);
  } catch (error) {
    return { ...base, state: 'outdated', problem: (error as Error).message };
  }
  return current === want
    ? { ...base, state: 'installed', problem: null }
    : {
        ...base,
        state: 'outdated',
        problem: 'the plugin differs from this version of Trail Boss: run `trailboss hooks install --runtime opencode`',
      };
}
