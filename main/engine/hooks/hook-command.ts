/**
 * The hook commands we write into Claude's settings, and how we recognise them again. Every
 * command we own ends in a marker comment (`# trailboss:<kind>`): the shell ignores it, and it
 * identifies our entries whatever path the app lives at. The command never depends on the
 * caller's PATH: absolute interpreter, absolute script.
 */

/** Marker kinds: `hook` for the forwarder; `prime` is reserved for `trailboss prime` (snapshot issue). */
export type OwnedMarker = 'hook' | 'prime';

/** The marker comment for a kind. */
export function markerFor(kind: OwnedMarker): string {
  return `# trailboss:${kind}`;
}

/** The marker a command carries, or null when it is not ours. */
export function ownedMarkerOf(command: string): OwnedMarker | null {
  const match = /\s#\s*trailboss:(hook|prime)\s*$/.exec(command);
  return (match?.[1] as OwnedMarker | undefined) ?? null;
}

/** One hook entry we own in Claude's settings: run `command` on `event`. */
export interface OwnedHookEntry {
  readonly event: string;
  readonly command: string;
  /** Claude kills the hook after this many seconds (ours exit far sooner). */
  readonly timeoutSec: number;
  /** The agent reads `timeout` in milliseconds (Gemini CLI); seconds when absent. */
  readonly timeoutInMs?: boolean;
}

/** Agents other than Claude Code whose hooks the forwarder posts to their own route (`/hooks/<runtime>`). */
export const FORWARDED_RUNTIMES = ['codex', 'gemini', 'qwen', 'copilot'] as const;
export type ForwardedRuntime = (typeof FORWARDED_RUNTIMES)[number];
const isForwardedRuntime = (v: string | undefined): v is ForwardedRuntime => (FORWARDED_RUNTIMES as readonly string[]).includes(v ?? '');

/** How to run the forwarder. */
export interface ForwarderSpec {
  /** The pinned node (`<repo>/node_modules/node/bin/node`) or, packaged, `process.execPath`. */
  readonly nodePath: string;
  /** Packaged Electron runs scripts as plain Node only with ELECTRON_RUN_AS_NODE=1. */
  readonly runAsNode: boolean;
  /** Absolute path of bin/trailboss-hook.mjs. */
  readonly scriptPath: string;
  /** The endpoint file the running engine writes (platform/paths.ts `endpoint`); unused with `socketPath`. */
  readonly endpointFile: string;
  /** On a remote host: the Unix socket the engine's ssh connection forwards there (hosts/remote-hook-paths.ts). */
  readonly socketPath?: string;
  /** Which agent's hooks these are; absent for Claude Code (the forwarder's default route). */
  readonly runtime?: ForwardedRuntime;
}

/** The shell command Claude runs for `event`. */
export function forwarderCommand(spec: ForwarderSpec, event: string): string {
  const env = spec.runAsNode ? 'ELECTRON_RUN_AS_NODE=1 ' : '';
  const runtime = spec.runtime ? ` --runtime ${spec.runtime}` : '';
  const target = spec.socketPath !== undefined ? `--socket ${shellQuote(spec.socketPath)}` : `--endpoint ${shellQuote(spec.endpointFile)}`;
  return `${env}${shellQuote(spec.nodePath)} ${shellQuote(spec.scriptPath)} ${target}${runtime} ${event} ${markerFor('hook')}`;
}

/** Read back a forwarder command we wrote; null for anything else. */
export function parseForwarderCommand(command: string): (ForwarderSpec & { readonly event: string }) | null {
  if (ownedMarkerOf(command) !== 'hook') return null;
  const words = shellWords(command.replace(/\s#\s*trailboss:hook\s*$/, ''));
  if (words === null) return null;
  const runAsNode = words[0] === 'ELECTRON_RUN_AS_NODE=1';
  const rest = runAsNode ? words.slice(1) : words;
  const [nodePath, scriptPath, flag, target, ...tail] = rest;
  if ((flag !== '--endpoint' && flag !== '--socket') || !nodePath || !scriptPath || !target) return null;
  const where = flag === '--socket' ? { endpointFile: '', socketPath: target } : { endpointFile: target };
  if (tail.length === 1 && tail[0]) return { nodePath, runAsNode, scriptPath, ...where, event: tail[0] };
  if (tail.length === 3 && tail[0] === '--runtime' && isForwardedRuntime(tail[1]) && tail[2])
    return { nodePath, runAsNode, scriptPath, ...where, runtime: tail[1], event: tail[2] };
  return null;
}

/** The forwarder entries for a set of events. */
export function forwarderEntries(spec: ForwarderSpec, events: readonly string[], timeoutSec = 5, timeoutInMs = false): OwnedHookEntry[] {
  return events.map((event) => ({ event, command: forwarderCommand(spec, event), timeoutSec, ...(timeoutInMs ? { timeoutInMs } : {}) }));
}

/** Quote for POSIX sh: single quotes, with embedded single quotes closed, escaped and reopened. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Split the subset of sh syntax we generate (plain words and single-quoted parts); null if anything else. */
function shellWords(text: string): string[] | null {
  const words: string[] = [];
  let current: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      if (end === -1) return null;
      current = (current ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (ch === '\\' && text[i + 1] === "'") {
      current = (current ?? '') + "'";
      i++;
    } else if (ch === ' ' || ch === '\t') {
      if (current !== null) words.push(current);
      current = null;
    } else if (/[A-Za-z0-9_=./:%+,@-]/.test(ch)) {
      current = (current ?? '') + ch;
    } else {
      return null;
    }
  }
  if (current !== null) words.push(current);
  return words;
}
