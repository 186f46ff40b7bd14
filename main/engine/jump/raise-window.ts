/** Bringing the terminal window of a tmux client forward: macOS by activating its app, X11 through xdotool. */
import type { ProcessEntry } from '../platform/process-table.ts';
import type { Runner } from '../platform/run.ts';
import { ProcessError } from '../platform/run.ts';
import { assertNever } from '../../../preload/contract/assert-never.ts';
import type { RaiseStep } from './jump-plan.ts';
import { ancestry, terminalAppOf } from './process-tree.ts';

/** What raising needs. */
export interface RaiseDeps {
  readonly runner: Runner;
  readonly processes: () => Promise<ReadonlyMap<number, ProcessEntry>>;
}

/** Raised (and what), or why not. */
export type RaiseResult = { readonly ok: true; readonly what: string } | { readonly ok: false; readonly problem: string };

/** Ancestors tried on X11: terminal → shell → client is the usual depth; ssh or `su` add a few. */
const MAX_ANCESTORS = 8;

async function run(
  deps: RaiseDeps,
  file: string,
  args: readonly string[],
): Promise<{ ok: true; stdout: string } | { ok: false; problem: string }> {
  try {
    const r = await deps.runner.run(file, args, { timeoutMs: 3000 });
    return r.exitCode === 0
      ? { ok: true, stdout: r.stdout }
      : { ok: false, problem: `${file} exited with ${r.exitCode}${r.stderr ? `: ${r.stderr.trim().split('\n')[0]}` : ''}` };
  } catch (err) {
    return {
      ok: false,
      problem: err instanceof ProcessError && err.notFound ? `${file} is not installed` : err instanceof Error ? err.message : String(err),
    };
  }
}

async function activateMacApp(deps: RaiseDeps, clientPid: number): Promise<RaiseResult> {
  const app = terminalAppOf(await deps.processes(), clientPid);
  if (app === null) return { ok: false, problem: 'no terminal app found above the tmux client (a remote or ssh session?)' };
  const r = await run(deps, 'open', ['-a', app]);
  return r.ok ? { ok: true, what: app.replace(/^.*\//, '') } : { ok: false, problem: r.problem };
}

/**
 * X11: the terminal emulator owns the window and is an ancestor of the client. `search --pid`
 * matches _NET_WM_PID; the first ancestor with a visible window is the terminal.
 */
async function activateX11(deps: RaiseDeps, clientPid: number): Promise<RaiseResult> {
  const chain = ancestry(await deps.processes(), clientPid).slice(0, MAX_ANCESTORS);
  if (chain.length === 0) return { ok: false, problem: `the tmux client (pid ${clientPid}) is not in the process table` };
  for (const proc of chain) {
    const found = await run(deps, 'xdotool', ['search', '--onlyvisible', '--pid', String(proc.pid)]);
    // xdotool exits 1 when nothing matches; only "not installed" ends the search.
    if (!found.ok && /not installed/.test(found.problem)) return found;
    const window = found.ok ? found.stdout.split('\n').find((l) => /^\d+$/.test(l.trim())) : undefined;
    if (window === undefined) continue;
    const activated = await run(deps, 'xdotool', ['windowactivate', window.trim()]);
    return activated.ok ? { ok: true, what: `the ${proc.comm} window` } : { ok: false, problem: activated.problem };
  }
  return { ok: false, problem: 'no window belongs to the tmux client’s processes (a remote or ssh session?)' };
}

function attempt(deps: RaiseDeps, step: RaiseStep): Promise<RaiseResult> {
  switch (step.kind) {
    case 'none':
      return Promise.resolve({ ok: false, problem: step.reason });
    case 'macos-activate':
      return activateMacApp(deps, step.clientPid);
    case 'x11-activate':
      return activateX11(deps, step.clientPid);
    default:
      return assertNever(step);
  }
}

/** Runs one raise step. Never throws: a failed process listing is a reason like any other. */
export async function raiseWindow(deps: RaiseDeps, step: RaiseStep): Promise<RaiseResult> {
  try {
    return await attempt(deps, step);
  } catch (err) {
    return { ok: false, problem: `could not list processes: ${err instanceof Error ? err.message : String(err)}` };
  }
}
