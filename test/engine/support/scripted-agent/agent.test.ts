/** The scripted agent program on a private tmux server: keys from send-keys move it as the notes say, and it records them. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateTmux } from '../../../support/tmux-server.ts';
import { startPrivateTmux } from '../../../support/tmux-server.ts';
import type { ScriptedAgent } from '../../../support/scripted-agent/start.ts';
import { startScriptedAgent } from '../../../support/scripted-agent/start.ts';
import type { ExitRecord, KeyRecord } from '../../../support/scripted-agent/record.ts';
import {
  claudeIdleWorking,
  claudePermBash,
  claudeTrustDialog,
  codexExecApproval,
  codexModelMigration,
  latencyScenario,
  opencodeBashApproval,
} from '../../../support/scenarios/index.ts';
import { fixture } from '../../../support/scenarios/fixtures.ts';
import { poll } from '../../../support/poll.ts';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const text = (screen: string): readonly string[] => fixture(screen).text;

describe('scripted agent in tmux', () => {
  let tmux: PrivateTmux;
  const agents: ScriptedAgent[] = [];

  async function start(...args: Parameters<typeof startScriptedAgent> extends [unknown, ...infer R] ? R : never): Promise<ScriptedAgent> {
    const agent = await startScriptedAgent(tmux, ...args);
    agents.push(agent);
    return agent;
  }

  beforeAll(async () => {
    tmux = await startPrivateTmux();
  });

  afterEach(async () => {
    for (const agent of agents.splice(0)) {
      expect(agent.stderr()).toBe('');
      await agent.stop();
    }
  });

  afterAll(async () => {
    await tmux.kill();
  });

  it('shows as the CLI it impersonates in pane_current_command', async () => {
    const agent = await start(codexExecApproval());
    expect((await tmux.tmux(['display', '-p', '-t', agent.paneId, '#{pane_current_command}'])).trim()).toBe('codex');
  });

  it('uses the alternate screen when the fixture was captured on it', async () => {
    const agent = await start(claudePermBash());
    expect((await tmux.tmux(['display', '-p', '-t', agent.paneId, '#{alternate_on}'])).trim()).toBe('1');
  });

  it('claude Bash prompt: y and n change nothing, 1 approves once — and the record lists exactly those keys', async () => {
    const agent = await start(claudePermBash());
    await agent.waitForScreen(text('panes/claude/perm-bash'));
    await agent.send('y');
    await agent.send('n');
    await agent.waitForRecord((r): r is KeyRecord => r.type === 'key' && r.key === 'n');
    await agent.waitForScreen(text('panes/claude/perm-bash'));
    await agent.send('1');
    await agent.waitForState('approved');
    await agent.waitForScreen(text('panes/claude/perm-bash-after-1'));
    const keys = (await agent.keys()).map((k) => [k.key, k.raw, k.state, k.action]);
    expect(keys).toEqual([
      ['y', 'y', 'prompt', 'ignore'],
      ['n', 'n', 'prompt', 'ignore'],
      ['1', '1', 'prompt', 'goto'],
    ]);
  });

  it('claude Bash prompt: Escape alone (after the escape timeout) denies with "Interrupted"', async () => {
    const agent = await start(claudePermBash());
    await agent.send('Escape');
    await agent.waitForState('denied-esc');
    await agent.waitForScreen(text('panes/claude/perm-bash-after-esc'));
    expect((await agent.keys()).map((k) => [k.key, k.raw])).toEqual([['Escape', '\x1b']]);
  });

  it('opencode: Right moves the colour-215 highlight, End/Home/Tab do nothing, Left Left then Enter rejects', async () => {
    const agent = await start(opencodeBashApproval());
    await agent.send('Right');
    await agent.waitForState('prompt-always');
    const lines = await agent.waitForScreen((l) => l.some((line) => line.includes('\x1b[48;5;215m \x1b[38;5;232mAllow always')), {
      colour: true,
    });
    expect(lines.filter((line) => line.includes('48;5;215m ')).length).toBe(1);
    await agent.send('End');
    await agent.send('Home');
    await agent.send('Tab');
    await agent.waitForRecord((r): r is KeyRecord => r.type === 'key' && r.key === 'Tab');
    expect(await agent.currentState()).toBe('prompt-always');
    await agent.send('Left');
    await agent.send('Left');
    await agent.waitForState('prompt-reject');
    await agent.send('Enter');
    await agent.waitForState('rejected');
    await agent.waitForScreen(text('panes/opencode/approval-bash-after-reject'));
    expect(await agent.keyNames()).toEqual(['Right', 'End', 'Home', 'Tab', 'Left', 'Left', 'Enter']);
  });

  it('codex: Down Down Enter denies', async () => {
    const agent = await start(codexExecApproval());
    await agent.send('Down', 'Down');
    await agent.waitForState('prompt-3');
    await agent.waitForScreen((l) => l.some((line) => line.startsWith('› 3. No')));
    await agent.send('Enter');
    await agent.waitForState('denied');
    await agent.waitForScreen(text('panes/codex/approval-exec-after-deny-3'));
  });

  it('codex model notice: Escape accepts the new model', async () => {
    const agent = await start(codexModelMigration());
    await agent.send('Escape');
    await agent.waitForState('new-model');
    await agent.waitForScreen(text('panes/codex/model-migration-after-esc'));
  });

  it('claude idle: typed text shows in the ❯ line as in idle-partial-input, and C-u clears it', async () => {
    const agent = await start(claudeIdleWorking());
    await agent.send('-l', 'please refactor the parser so that');
    const partial = text('panes/claude/idle-partial-input');
    const typed = await agent.waitForScreen((l) => l[37] === partial[37]);
    expect(typed.slice(35).map((l) => l.trimEnd())).toEqual(partial.slice(35).map((l) => l.trimEnd()));
    await agent.send('C-u');
    await agent.waitForScreen(text('panes/claude/idle-after-turn'));
  });

  it('claude idle: a bracketed paste then Enter submits the text, works, and comes back idle', async () => {
    const agent = await start(claudeIdleWorking({ workingStepMs: 50 }));
    await tmux.tmux(['set-buffer', '-b', 'tb-reply', 'continue with the plan']);
    await tmux.tmux(['paste-buffer', '-p', '-d', '-b', 'tb-reply', '-t', agent.paneId]);
    await agent.waitForRecord((r): r is KeyRecord => r.type === 'key' && r.key === 'Paste');
    await agent.send('Enter');
    const working = await agent.waitForState('working-1');
    await agent.waitForState('idle', { afterSeq: working.seq });
    expect((await agent.submissions()).map((s) => [s.state, s.text])).toEqual([['idle', 'continue with the plan']]);
    expect(await agent.keyNames()).toEqual(['Paste', 'Enter']);
  });

  it('codex and opencode idle: typed text replaces the placeholder as in their idle-with-draft captures', async () => {
    const codex = await start(codexExecApproval());
    const opencode = await start(opencodeBashApproval());
    await codex.send('1');
    await opencode.send('Enter');
    await codex.waitForState('approved');
    await opencode.waitForState('allowed-once');
    await codex.send('-l', 'draft text the user has not sent yet');
    await opencode.send('-l', 'draft text the user has not sent yet');
    // The agent redraws the whole screen: wait for the draft line and for the frame's last line, so a
    // capture taken mid-draw is not compared.
    const lastLine = (name: string) =>
      text(name)
        .findLast((l) => l.trim() !== '')!
        .trimEnd();
    const c = await codex.waitForScreen(
      (l) => l[36] === '› draft text the user has not sent yet' && l.some((x) => x.trimEnd() === lastLine('panes/codex/idle-with-draft')),
    );
    expect(c.slice(36).map((l) => l.trimEnd())).toEqual(
      text('panes/codex/idle-with-draft')
        .slice(36)
        .map((l) => l.trimEnd()),
    );
    const o = await opencode.waitForScreen(
      (l) =>
        l[34]?.trimEnd() === '  ┃  draft text the user has not sent yet' &&
        l.some((x) => x.trimEnd() === lastLine('panes/opencode/idle-with-draft')),
    );
    expect(o.slice(33).map((l) => l.trimEnd())).toEqual(
      text('panes/opencode/idle-with-draft')
        .slice(33)
        .map((l) => l.trimEnd()),
    );
  });

  it('claude trust dialog: Enter exits the program with the "not trusted" message; the pane stays, dead', async () => {
    const agent = await start(claudeTrustDialog());
    expect((await tmux.tmux(['display', '-p', '-t', agent.paneId, '#{alternate_on}'])).trim()).toBe('0');
    await agent.send('Enter');
    const exit = await agent.waitForRecord((r): r is ExitRecord => r.type === 'exit');
    expect([exit.state, exit.code]).toEqual(['exited', 1]);
    await poll(async () => (await tmux.tmux(['display', '-p', '-t', agent.paneId, '#{pane_dead}'])).trim() === '1', 'pane dead');
    const lines = await agent.capture();
    expect(lines.some((l) => l.includes("Claude Code didn't start because this folder isn't trusted."))).toBe(true);
  });

  it('in a smaller pane draws the bottom of the content', async () => {
    const agent = await start(claudePermBash(), { width: 120, height: 20 });
    const full = text('panes/claude/perm-bash');
    const last = full.findLastIndex((l) => l.trim() !== '');
    await agent.waitForScreen(full.slice(last + 1 - 20, last + 1));
  });

  it('draws again when the pane is resized', async () => {
    const agent = await start(claudePermBash(), { session: 'resize-me' });
    await tmux.tmux(['resize-window', '-t', agent.paneId, '-x', '120', '-y', '30']);
    const redraw = await agent.waitForRecord((r) => r.type === 'redraw');
    expect([redraw.rows, redraw.cols]).toEqual([30, 120]);
  });

  it('after.from keeps a fixed pace: the prompt comes back a period after it was drawn, however late the answer (shown minMs)', async () => {
    const periodMs = 2000;
    const base = claudePermBash();
    const approved = base.states['approved']!;
    const agent = await start({
      ...base,
      states: { ...base.states, approved: { ...approved, after: { ms: periodMs, next: 'prompt', from: 'prompt', minMs: 300 } } },
    });
    const first = await agent.waitForState('prompt');
    // Answered a second after it was drawn: the next prompt is still due at first + period, not answer + period.
    await sleep(1000);
    await agent.send('1');
    const answered = await agent.waitForState('approved');
    const second = await agent.waitForState('prompt', { afterSeq: answered.seq });
    expect(second.t - first.t).toBeGreaterThanOrEqual(periodMs);
    expect(second.t - answered.t).toBeLessThan(periodMs);
    // Generous for a loaded machine, still well short of the 3 s an answer-timed loop would take.
    expect(second.t - first.t).toBeLessThan(periodMs + 800);
    // Answered after the period has passed: the prompt comes back as soon as the answer has shown minMs.
    await sleep(periodMs + 300);
    await agent.send('1');
    const late = await agent.waitForState('approved', { afterSeq: second.seq });
    const third = await agent.waitForState('prompt', { afterSeq: late.seq });
    expect(third.t - late.t).toBeGreaterThanOrEqual(300);
    expect(third.t - late.t).toBeLessThan(periodMs / 2);
    expect((await agent.states()).map((s) => s.state)).toEqual(['prompt', 'approved', 'prompt', 'approved', 'prompt']);
  }, 30_000);

  it('latency loop: the prompt appears after the delay, and again after each answer', async () => {
    const agent = await start(latencyScenario('claude', { firstPromptMs: 300, idleMs: 100 }));
    const waiting = await agent.waitForState('waiting');
    const first = await agent.waitForState('prompt');
    expect(first.t - waiting.t).toBeGreaterThanOrEqual(300);
    await agent.send('1');
    const approved = await agent.waitForState('approved');
    const second = await agent.waitForState('prompt', { afterSeq: approved.seq });
    expect(second.t - approved.t).toBeGreaterThanOrEqual(100);
    expect((await agent.states()).map((s) => s.state)).toEqual(['waiting', 'prompt', 'approved', 'prompt']);
  });
});
