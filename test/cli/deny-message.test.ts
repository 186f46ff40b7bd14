import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli-context.ts';
import { startEngineHarness } from '../support/engine-harness.ts';
import { auggieShellApproval, claudeDenyFieldPrompt } from '../support/scenarios/index.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';
import { poll } from '../support/poll.ts';
import type { Scenario } from '../support/scripted-agent/scenario.ts';

async function withPrompt(
  scenario: Scenario,
  run: (ctx: {
    paneId: string;
    home: string;
    env: Record<string, string>;
    keys: () => Promise<string[]>;
    submitted: () => Promise<string[]>;
  }) => Promise<void>,
) {
  const h = await startEngineHarness({ api: true });
  try {
    const agent = await startScriptedAgent(h.tmux, scenario, { session: 'api-worker' });
    const env = { TRAILBOSS_HOME: join(h.home, 'tb') };
    await poll(async () => (await cli(['queue', '--json'], { home: h.home, env })).stdout.includes('"denyLabel"'), 'the prompt queued');
    await run({
      paneId: agent.paneId,
      home: h.home,
      env,
      keys: () => agent.keyNames(),
      submitted: async () => (await agent.submissions()).map((s) => s.text),
    });
  } finally {
    await h.dispose();
  }
}

describe('trailboss deny --message', () => {
  it('exit 0 once the agent has the message (Claude: the No field), audited as the CLI', async () => {
    await withPrompt(claudeDenyFieldPrompt(), async ({ paneId, home, env, keys, submitted }) => {
      const run = await cli(['deny', paneId, '-m', 'use pnpm 4 y instead'], { home, env });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/confirmed — denied with "4\. No" and told the agent "use pnpm 4 y instead"/);
      expect(await keys()).toEqual(['Down', 'Down', 'Down', 'Tab', 'Paste', 'Enter']);
      expect(await submitted()).toEqual(['use pnpm 4 y instead']);
    });
  });

  it('exit 1 with the reason where the screen offers no way; nothing sent', async () => {
    await withPrompt(auggieShellApproval(), async ({ paneId, home, env, keys }) => {
      const run = await cli(['deny', paneId, '--message', 'no, use the staging db'], { home, env });
      expect(run.code).toBe(1);
      expect(run.stdout + run.stderr).toMatch(
        /refused — deny with a message not possible: auggie's screen offers no verified way.*plain deny is still offered/,
      );
      expect(await keys()).toEqual([]);
    });
  });

  it('an empty --message is a usage error (exit 2), nothing sent', async () => {
    await withPrompt(claudeDenyFieldPrompt(), async ({ paneId, home, env, keys }) => {
      const run = await cli(['deny', paneId, '-m', '  '], { home, env });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/--message needs text/);
      expect(await keys()).toEqual([]);
    });
  });
});
