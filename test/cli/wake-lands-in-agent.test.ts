/**
 * Text for an agent is typed only where an agent reads it (hardening round 2, finding 1), on a real
 * engine, a private tmux server and `trailboss wake`:
 * - a pane whose foreground is an interactive bash, with a background job named `claude` and a Claude
 *   input box drawn on the screen (the prompt styled like Claude's footer), is no agent pane: the
 *   agent is decided by the pane's foreground process group, so `wake` types nothing there and bash
 *   runs nothing;
 * - in a pane the engine takes for Claude at its input prompt, Enter is pressed only when the input
 *   box then shows the pasted text: here the foreground program (a `cat` named `claude`) never draws
 *   it, so what was typed is cleared, no Enter follows, and the outcome says so.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineHarness } from '../support/engine-harness.ts';
import { cli } from '../support/cli-context.ts';
import { namedSleeper } from '../support/fake-agent-binary.ts';
import { claudeIdleWorking } from '../support/scenarios/index.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';
import { auditLog, paneKeyOf, startWatchdogEngine } from '../engine/watchdog-integration/support.ts';
import { poll } from '../support/poll.ts';

let h: EngineHarness | null = null;
/** Background processes a test's shell started: a job of its own survives the tmux server's end. */
const leftBehind: number[] = [];
afterEach(async () => {
  await h?.dispose();
  h = null;
  for (const pid of leftBehind.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

const run = (argv: string[]) => cli(argv, { home: join(h!.home, 'tb') });
const RULE = '─'.repeat(60);

async function screenOf(paneId: string): Promise<string> {
  return h!.tmux.tmux(['capture-pane', '-p', '-t', paneId]);
}

/** Pids whose parent is `ppid` and whose comm is `name` (from /proc). */
function childrenNamed(ppid: number, name: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (comm === name && parent === ppid) found.push(Number(pid));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

describe('wake types only where an agent reads', () => {
  it('a bash pane with a background `claude` and a Claude box on screen is no agent: bash runs nothing', async () => {
    h = await startWatchdogEngine({}, { api: true });
    const dir = h.tmux.dir;
    const marker = join(dir, 'typed');
    const sleeper = namedSleeper(dir, 'claude');
    const rc = join(dir, 'bashrc');
    // The box is redrawn above every prompt; the prompt itself reads like Claude's footer.
    writeFileSync(
      rc,
      [`PROMPT_COMMAND='printf "%s\\n❯ \\n%s\\n" "${RULE}" "${RULE}"'`, `PS1='  ? for shortcuts '`, `'${sleeper}' 100000 &`, ''].join('\n'),
    );
    const shellPane = await h.tmux.newPane(`exec bash --noprofile --rcfile '${rc}' -i`, { session: 'shell' });
    const shellPid = Number((await h.tmux.tmux(['display-message', '-p', '-t', shellPane, '#{pane_pid}'])).trim());
    await poll(async () => (await screenOf(shellPane)).includes('? for shortcuts'), 'the Claude-like box and prompt');
    // A second one started at the prompt, as a user leaves a `claude -p … &` behind: its own job (process group).
    await h.tmux.tmux(['send-keys', '-t', shellPane, '-l', `'${sleeper}' 100001 &`]);
    await h.tmux.tmux(['send-keys', '-t', shellPane, 'Enter']);
    // One started by the rc file, before job control: in the shell's own process group.
    await poll(() => childrenNamed(shellPid, 'claude').length === 2, 'the two background processes named claude');
    leftBehind.push(...childrenNamed(shellPid, 'claude'));
    // A real agent beside it: once the engine watches it, a tick has looked at the shell pane too.
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    await paneKeyOf(h, agent);

    const r = await run(['wake', shellPane, `echo typed > ${marker}`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no watched agent pane matches/);
    // Anything typed before would run before this: once bash has run the probe, the marker's absence is final.
    const probe = join(dir, 'probe');
    await h.tmux.tmux(['send-keys', '-t', shellPane, 'C-u']);
    await h.tmux.tmux(['send-keys', '-t', shellPane, '-l', `touch ${probe}`]);
    await h.tmux.tmux(['send-keys', '-t', shellPane, 'Enter']);
    await poll(() => existsSync(probe), 'bash to run the probe');
    expect(existsSync(marker)).toBe(false);
    expect(await auditLog(h)).toEqual([]);
  }, 60_000);

  it('presses Enter only when the box shows the pasted text; otherwise clears it, sends nothing more and says so', async () => {
    h = await startWatchdogEngine({}, { api: true });
    const dir = h.tmux.dir;
    const bin = join(dir, 'bin');
    mkdirSync(bin, { recursive: true });
    const fakeClaude = join(bin, 'claude');
    copyFileSync('/bin/cat', fakeClaude);
    const out = join(dir, 'received');
    writeFileSync(out, '');
    // A Claude idle box that never changes, held by a `cat` named claude: a line reaches `out` only with Enter.
    const draw = `printf '%s\\n❯ \\n%s\\n  ⏵⏵ accept edits on (shift+tab to cycle)\\n' '${RULE}' '${RULE}'`;
    const pane = await h.tmux.newPane(`stty -echo; ${draw}; exec '${fakeClaude}' >> '${out}'`, { session: 'fake' });
    const paneKey = await poll(async () => {
      const env = await h!.engine.api['agents:list']({});
      return env.ok ? env.value.find((a) => a.paneKey.endsWith(`|${pane}`))?.paneKey : undefined;
    }, 'the engine to watch the fake claude pane');

    const r = await run(['wake', pane, 'echo typed']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/did not show the typed text.*cleared.*Enter was not sent/);
    // The line discipline holds what was typed until Enter; the probe's line must be the first to arrive.
    await h.tmux.tmux(['send-keys', '-t', pane, '-l', 'probe']);
    await h.tmux.tmux(['send-keys', '-t', pane, 'Enter']);
    await poll(() => readFileSync(out, 'utf8').includes('probe'), 'the probe line');
    expect(readFileSync(out, 'utf8')).toBe('probe\n');
    // The paste is audited, then the clearing key with why Enter was withheld; no Enter anywhere.
    const audit = (await auditLog(h)).filter((a) => a.paneKey === paneKey);
    expect(audit.map((a) => ({ keys: a.keys, text: a.text }))).toEqual([
      { keys: [], text: 'echo typed' },
      { keys: ['C-u'], text: null },
    ]);
    expect(audit[1]?.why).toMatch(/Enter withheld: the input box did not show the typed text/);
  }, 60_000);
});
