/**
 * `trailboss hook [--endpoint FILE] <Event>`: the hook command as a CLI verb. Does what
 * bin/trailboss-hook.mjs does (the script `hooks install` writes, which starts faster): reads the
 * payload from stdin, wraps it with the tmux pane, socket and parent pid, and posts it to the
 * running engine with the install token. It never breaks or blocks Claude Code: it prints
 * nothing and answers 0 in every case (Claude treats exit 2 as "block this tool call").
 */
import { readFileSync } from 'node:fs';
import type { HookEnvelope } from '../../engine/hooks/hook-envelope.ts';
import { readEndpointFile } from '../../engine/http/endpoint-info.ts';
import type { Clock } from '../../engine/platform/clock.ts';
import { resolvePaths } from '../../engine/platform/paths.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';

/** The engine answers before doing any work: 300 ms from connect to answer means it is stuck. */
const REQUEST_TIMEOUT_MS = 300;
/** A Claude that never closes our stdin must not keep the hook (and Claude) waiting. */
const STDIN_TIMEOUT_MS = 3_000;

interface Target {
  readonly url: string;
  readonly token: string;
}

/** `--endpoint FILE` and the event name, like the script: lenient, a hook never fails on usage. */
function parseHookArgs(argv: readonly string[]): { endpoint: string | null; event: string | null } {
  let endpoint: string | null = null;
  let event: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--endpoint') endpoint = argv[++i] ?? null;
    else if (event === null) event = argv[i] ?? null;
  }
  return { endpoint, event };
}

/** The engine to post to, or null when none runs (no endpoint file, unreadable or unsafe token). */
function targetOf(ctx: CliContext, explicit: string | null): Target | null {
  const fromEnv = ctx.env['TRAILBOSS_ENDPOINT']?.trim();
  const file =
    explicit ?? (fromEnv ? fromEnv : resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd }).endpoint);
  const info = readEndpointFile(file);
  if (info === null) return null;
  const token = readFileSync(info.tokenFile, 'utf8').trim();
  // The token goes into a header verbatim: printable ASCII only.
  if (!/^[\x21-\x7e]+$/.test(token)) return null;
  return { url: `http://127.0.0.1:${info.port}${info.hookPath}`, token };
}

function withTimeout<T>(work: Promise<T>, ms: number, fallback: T, clock: Clock): Promise<T> {
  return new Promise((resolve) => {
    const timer = clock.setTimeout(() => resolve(fallback), ms);
    work.then(
      (value) => {
        timer.cancel();
        resolve(value);
      },
      () => {
        timer.cancel();
        resolve(fallback);
      },
    );
  });
}

/** The envelope the forwarder script sends (main/engine/hooks/hook-envelope.ts). */
export function hookEnvelope(env: CliContext['env'], event: string | null, ppid: number, stdin: string): HookEnvelope {
  let payload: unknown;
  try {
    payload = JSON.parse(stdin);
  } catch {
    payload = stdin; // The engine refuses and counts it: visible in `hooks status`, silent here.
  }
  const tmux = env['TMUX'];
  return {
    v: 1,
    event,
    tmuxPane: env['TMUX_PANE'] || null,
    tmuxSocket: tmux ? tmux.split(',')[0] || null : null,
    ppid: ppid > 0 ? ppid : null,
    payload,
  };
}

async function forward(ctx: CliContext): Promise<void> {
  const { endpoint, event } = parseHookArgs(ctx.argv);
  const target = targetOf(ctx, endpoint);
  // No engine: leave at once, without even waiting for stdin.
  if (target === null) return;
  const stdin = await withTimeout(ctx.stdin(), STDIN_TIMEOUT_MS, '', ctx.clock);
  // The parent pid is the only input not in the context: the shell Claude ran us through, for
  // mapping by process ancestry when the hook runs outside tmux.
  const body = JSON.stringify(hookEnvelope(ctx.env, event, process.ppid, stdin));
  const res = await fetch(target.url, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  await res.body?.cancel();
}

/** Run `trailboss hook <Event>`: always 0, never any output. */
export async function hookCommand(ctx: CliContext): Promise<number> {
  try {
    await forward(ctx);
  } catch {
    // Refused, unreachable or slow engine: Claude must not notice. `hooks status` shows what arrives.
  }
  return EXIT.ok;
}
