import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli-context.ts';
import { startEngineHarness } from '../support/engine-harness.ts';
import { claudePermBash } from '../support/scenarios/index.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';
import { poll } from '../support/poll.ts';

describe('trailboss approve / deny against a running engine', () => {
  it('approves by pane id with exactly the single-use key, audited as the CLI', async () => {
    const h = await startEngineHarness({ api: true });
    try {
      const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'api-worker' });
      const env = { TRAILBOSS_HOME: join(h.home, 'tb') };
      await poll(
        async () => (await cli(['queue', '--json'], { home: h.home, env })).stdout.includes('"approveLabel": "Yes"'),
        'the prompt queued',
      );
      const run = await cli(['approve', agent.paneId], { home: h.home, env });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/: confirmed — approved with 1 \(Yes\)/);
      expect(await agent.keyNames()).toEqual(['1']);
      const audit = await h.engine.api['audit:list']({ limit: 10, before: null });
      expect(audit.ok && audit.value.map((a) => [a.keys, a.origin, a.outcome])).toEqual([[['1'], 'cli', 'confirmed']]);
      // Nothing waits for that pane any more: a second approve is refused with the reason, and sends nothing.
      const again = await cli(['approve', agent.paneId], { home: h.home, env });
      expect(again.code).toBe(1);
      expect(await agent.keyNames()).toEqual(['1']);
    } finally {
      await h.dispose();
    }
  });

  it('says no engine runs, with exit 2', async () => {
    const run = await cli(['approve', '%1'], { home: '/nonexistent-home', env: { TRAILBOSS_HOME: '/nonexistent-home/tb' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/no Trail Boss engine is running/);
  });
});
