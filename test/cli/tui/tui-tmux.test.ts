/**
 * `trailboss tui` for real: the UI runs in a pane of a private tmux server, against a real engine
 * watching scripted agents on another one. Keys go in with send-keys, the screen is read with
 * capture-pane; what the agents received is read from their own records.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEngineHarness, type EngineHarness } from '../../support/engine-harness.ts';
import { claudeDenyFieldPrompt, claudeIdleWorking, claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { startTuiPane, type TuiPane } from '../../support/tui-pane.ts';
import { poll } from '../../support/poll.ts';

let h: EngineHarness | null = null;
let ui: TuiPane | null = null;
afterEach(async () => {
  await ui?.dispose();
  await h?.dispose();
  ui = null;
  h = null;
});

const homeOf = (harness: EngineHarness) => join(harness.home, 'tb');
const rowOf = (screen: string, needle: string) => screen.split('\n').findIndex((l) => l.includes(needle));
/** The pane's shell printed the UI's exit code and then the terminal's flags. */
const ended = (s: string) => /TUI-EXIT=\d+\n.*echo/.test(s);

// Each test starts an engine, agents and the UI (through tsx in a clone): generous on a loaded machine.
describe('trailboss tui in tmux', { timeout: 90_000 }, () => {
  it('lists the waiting agents oldest first, and `a` sends exactly the approve key once', async () => {
    h = await startEngineHarness({ api: true });
    const first = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'first' });
    const engine = h.engine;
    await poll(async () => {
      const q = await engine.api['queue:list']({});
      return q.ok && q.value.length === 1;
    }, 'the first agent queued before the second starts');
    const second = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'second' });
    ui = await startTuiPane(homeOf(h));
    const screen = await ui.waitForScreen((s) => s.includes('2 waiting'), 'both agents listed');
    expect(rowOf(screen, 'first:')).toBeGreaterThan(0);
    expect(rowOf(screen, 'first:')).toBeLessThan(rowOf(screen, 'second:'));
    await ui.waitForScreen((s) => s.includes('a Approve “Yes”'), 'approve named with the exact option');
    await ui.send('a');
    await first.waitForState('approved');
    // The answered prompt leaves the list. The agent then draws its input prompt, so it may come back as
    // Idle (fast in events mode): what must not be there is its Permission row.
    const firstAsPermission = (s: string) => s.split('\n').some((l) => l.includes('Permission') && l.includes('first:'));
    const after = await ui.waitForScreen(
      (s) => s.includes('Approve first:0.0: Confirmed') && !firstAsPermission(s) && s.includes('second:'),
      'the answered prompt left',
    );
    expect(after.split('\n').filter((l) => l.includes('Permission') && l.includes('first:'))).toEqual([]);
    expect(await first.keyNames()).toEqual(['1']);
    expect(await second.keyNames()).toEqual([]);
    const audit = await h.engine.api['audit:list']({ limit: 5, before: null });
    expect(audit.ok && audit.value.map((a) => [a.keys, a.origin])).toEqual([[['1'], 'tui']]);
  });

  it('`d` sends the deny key once', async () => {
    h = await startEngineHarness({ api: true });
    const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'deny' });
    ui = await startTuiPane(homeOf(h));
    await ui.waitForScreen((s) => s.includes('d Deny “No”'), 'deny named');
    await ui.send('d');
    await agent.waitForState('denied');
    expect(await agent.keyNames()).toEqual(['4']);
  });

  it('`D` denies with a typed message: the agent gets the text through its own field, never as keys', async () => {
    h = await startEngineHarness({ api: true });
    const agent = await startScriptedAgent(h.tmux, claudeDenyFieldPrompt(), { session: 'tell' });
    ui = await startTuiPane(homeOf(h));
    await ui.waitForScreen((s) => s.includes('D Deny + tell'), 'deny with a message offered');
    await ui.send('D');
    await ui.waitForScreen((s) => s.includes('Deny, and tell tell:'), 'the input line');
    await ui.type('use pnpm 1 y');
    await ui.send('Enter');
    await agent.waitForState('denied-with-message');
    expect((await agent.submissions()).map((s) => s.text)).toEqual(['use pnpm 1 y']);
    expect(await agent.keyNames()).toEqual(['Down', 'Down', 'Down', 'Tab', 'Paste', 'Enter']);
  });

  it('a prompt that changed after it was drawn gets no key', async () => {
    h = await startEngineHarness({ api: true });
    const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'changing' });
    ui = await startTuiPane(homeOf(h));
    await ui.waitForScreen((s) => s.includes('a Approve “Yes”'), 'approve offered');
    // The agent turns option 1 into a text field; the UI still shows the prompt it saw.
    await agent.send('Tab');
    await agent.waitForState('amend');
    await ui.send('a');
    await ui.waitForScreen(
      (s) => /Prompt changed, nothing sent|Gone, nothing sent|Refused, nothing sent|nobody waits/.test(s),
      'the approve settled',
    );
    expect(await agent.keyNames()).toEqual(['Tab']);
    expect(await agent.currentState()).toBe('amend');
  });

  it('`r` types the reply once into an idle agent', async () => {
    h = await startEngineHarness({ api: true });
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'idle' });
    ui = await startTuiPane(homeOf(h));
    await ui.waitForScreen((s) => s.includes('r Reply'), 'reply offered');
    await ui.send('r');
    await ui.waitForScreen((s) => s.includes('Reply to idle:'), 'the input line');
    await ui.type('run the tests');
    await ui.send('Enter');
    await ui.waitForScreen((s) => /Reply idle:\S* Confirmed/.test(s), 'the reply confirmed');
    // The agent records the submission when it reads the Enter: later than the engine's answer under load.
    await agent.waitForState('working-1');
    expect((await agent.submissions()).map((s) => s.text)).toEqual(['run the tests']);
  });

  it('shows a new waiting agent without a key press', async () => {
    h = await startEngineHarness({ api: true });
    ui = await startTuiPane(homeOf(h));
    await ui.waitForScreen((s) => s.includes('nobody waits'), 'the empty queue');
    await startScriptedAgent(h.tmux, claudePermBash(), { session: 'late' });
    await ui.waitForScreen((s) => s.includes('late:') && s.includes('1 waiting'), 'the new agent appears');
  });

  it('q quits and hands the terminal back: alternate screen off, raw mode off', async () => {
    h = await startEngineHarness({ api: true });
    ui = await startTuiPane(homeOf(h));
    await ui.waitForScreen((s) => s.includes('Trail Boss'), 'the UI drawn');
    expect(await ui.format('#{alternate_on}')).toBe('1');
    await ui.send('q');
    const after = await ui.waitForScreen(ended, 'the UI ended');
    expect(after).toContain('TUI-EXIT=0');
    expect(after).toMatch(/\bicanon echo\b/);
    expect(await ui.format('#{alternate_on} #{pane_in_mode} #{cursor_flag}')).toBe('0 0 1');
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s ends it with the terminal handed back', async (signal, code) => {
    h = await startEngineHarness({ api: true });
    ui = await startTuiPane(homeOf(h));
    await ui.waitForScreen((s) => s.includes('Trail Boss'), 'the UI drawn');
    process.kill(await ui.pid(), signal);
    const after = await ui.waitForScreen(ended, 'the UI ended');
    expect(after).toContain(`TUI-EXIT=${code}`);
    expect(after).toMatch(/\bicanon echo\b/);
    expect(await ui.format('#{alternate_on} #{cursor_flag}')).toBe('0 1');
  });

  it('ends by itself when its tmux server is killed under it (no process left behind)', async () => {
    h = await startEngineHarness({ api: true });
    ui = await startTuiPane(homeOf(h));
    await ui.waitForScreen((s) => s.includes('Trail Boss'), 'the UI drawn');
    const pid = await ui.pid();
    await ui.tmux.kill();
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await poll(async () => !alive(), 'the UI process ended after its terminal went away', { timeoutMs: 10_000 });
  });

  it('says in one line, exit 2, when no engine runs', async () => {
    ui = await startTuiPane('/nonexistent-home/tb');
    const after = await ui.waitForScreen(ended, 'the command ended');
    expect(after).toContain('TUI-EXIT=2');
    expect(after.split('\n').filter((l) => l.includes('no Trail Boss engine is running'))).toHaveLength(1);
  });
});
