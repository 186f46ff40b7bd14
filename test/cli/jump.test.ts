import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseJump } from '../../main/cli/commands/jump.ts';
import { cli } from '../support/cli-context.ts';
import { startEngineHarness } from '../support/engine-harness.ts';
import { poll } from '../support/poll.ts';
import { claudePermBash } from '../support/scenarios/index.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';
import { queueItem as item } from '../support/queue-items.ts';
import type { AgentDto } from '../../preload/contract/agent.ts';

const agent = (paneKey: string, target: string, state: AgentDto['state'] = 'working') => ({ paneKey, target, state }) as AgentDto;

describe('chooseJump', () => {
  const queue = [item({ id: 'a', paneKey: 'default|%3', target: 'w:0.0' }), item({ id: 'b', paneKey: 'default|%5', target: 'w:1.0' })];
  it('oldest (or nothing) is the head of the queue', () => {
    expect(chooseJump(undefined, queue, [])).toEqual({ kind: 'pane', paneKey: 'default|%3', target: 'w:0.0' });
    expect(chooseJump('oldest', queue, [])).toEqual({ kind: 'pane', paneKey: 'default|%3', target: 'w:0.0' });
    expect(chooseJump(undefined, [], [])).toEqual({ kind: 'none', message: 'no agent is waiting' });
  });
  it('an item by id, pane id or target; else any watched pane; gone panes never', () => {
    expect(chooseJump('b', queue, [])).toMatchObject({ paneKey: 'default|%5' });
    expect(chooseJump('%5', queue, [])).toMatchObject({ paneKey: 'default|%5' });
    expect(chooseJump('x:2.0', queue, [agent('default|%9', 'x:2.0')])).toEqual({ kind: 'pane', paneKey: 'default|%9', target: 'x:2.0' });
    expect(chooseJump('%9', queue, [agent('default|%9', 'x:2.0', 'gone')])).toMatchObject({ kind: 'none' });
  });
});

describe('trailboss jump against a running engine', () => {
  it('with no terminal attached, opens the configured terminal on the oldest waiting pane', async () => {
    const h = await startEngineHarness({ api: true });
    try {
      const scripted = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'api-worker' });
      const jumped = join(h.home, 'jumped-to');
      // The "terminal": records which pane it was asked to show.
      mkdirSync(join(h.home, 'tb'), { recursive: true });
      writeFileSync(
        join(h.home, 'tb', 'config.json'),
        JSON.stringify({ terminal: { linux: ['/bin/sh', '-c', `printf %s "$1" > '${jumped}'`, 'sh', '{target}'] } }),
      );
      const env = { TRAILBOSS_HOME: join(h.home, 'tb'), DISPLAY: '' };
      await poll(
        async () => (await cli(['queue', '--json'], { home: h.home, env })).stdout.includes('"approveLabel": "Yes"'),
        'the prompt queued',
      );
      const run = await cli(['jump'], { home: h.home, env });
      // The pane named with its own session and window ($s:@w.%p): its window is also linked into the watcher session.
      await poll(
        () => existsSync(jumped) && new RegExp(`^\\$\\d+:@\\d+\\.${scripted.paneId}$`).test(readFileSync(jumped, 'utf8')),
        'the terminal command run on the pane',
        { timeoutMs: 15_000 },
      );
      const target = readFileSync(jumped, 'utf8');
      expect((await h.tmux.tmux(['display-message', '-p', '-t', target, '#{session_name}'])).trim()).toBe('api-worker');
      // Nothing attaches in a test: the jump says it started the terminal but saw no client (exit 1), and sent no key.
      expect(run.stderr).toMatch(/trailboss jump: started \/bin\/sh for api-worker:0\.0, but no terminal attached/);
      expect(run.code).toBe(1);
      expect(await scripted.keyNames()).toEqual([]);
    } finally {
      await h.dispose();
    }
  }, 60_000);

  it('names what it cannot find, and says when no engine runs', async () => {
    const h = await startEngineHarness({ api: true });
    try {
      const env = { TRAILBOSS_HOME: join(h.home, 'tb') };
      const none = await cli(['jump', 'nowhere:9.9'], { home: h.home, env });
      expect(none).toMatchObject({ code: 1, stderr: expect.stringContaining("no waiting item or watched pane matches 'nowhere:9.9'") });
    } finally {
      await h.dispose();
    }
    const run = await cli(['jump'], { home: '/nonexistent-home', env: { TRAILBOSS_HOME: '/nonexistent-home/tb' } });
    expect(run.code).toBe(2);
  }, 60_000);
});
