/**
 * The Playwright fixture of the browser suite: per test, a private tmux server, a real
 * `trailboss daemon --ui` watching only it, scripted agents on demand, and the queue page opened
 * at the URL the daemon printed. Everything is killed afterwards; the daemon's log is attached.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import type { ApiArgs, ApiResult, Channel, Envelope } from '../../../preload/contract/index.ts';
import type { Scenario } from '../../support/scripted-agent/scenario.ts';
import type { ScriptedAgent } from '../../support/scripted-agent/start.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';
import { startPrivateTmux } from '../../support/tmux-server.ts';
import { buildRenderer } from './build-renderer.ts';
import { startDaemon, type Daemon } from './daemon.ts';
import { QueuePage } from './queue-page.ts';

/** One test's world: tmux, the daemon, and the agents started in it. */
export interface Rig {
  readonly tmux: PrivateTmux;
  readonly daemon: Daemon;
  /** Starts a scripted agent in a new session named `session` (its target is `<session>:0.0`). */
  agent(scenario: Scenario, session: string): Promise<ScriptedAgent>;
  /** Calls the daemon's HTTP API with its token, as the browser bridge does. */
  call<C extends Channel>(channel: C, args: ApiArgs<C>): Promise<Envelope<ApiResult<C>>>;
}

/** The target of the only pane of a session the rig created. */
export const targetOf = (session: string): string => `${session}:0.0`;

/** `test` with `rig` (tmux + daemon) and `queue` (the page opened on it, failing on page errors). */
export const test = base.extend<{ rig: Rig; queue: QueuePage }, { renderer: void }>({
  // Built once per worker, so the daemon serves what the renderer's sources say now.
  renderer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      buildRenderer();
      await use();
    },
    { scope: 'worker', auto: true },
  ],

  // eslint-disable-next-line no-empty-pattern
  rig: async ({}, use, testInfo) => {
    const dir = mkdtempSync(join(tmpdir(), 'tb-e2e-'));
    const socket = join(dir, 'tmux.sock');
    const tmux = await startPrivateTmux({ socketPath: socket });
    let daemon: Daemon | null = null;
    try {
      // The daemon attaches to a running server: start one with a plain shell pane (not an agent).
      await tmux.newPane('cat', { session: 'base' });
      daemon = await startDaemon({ socket });
      const d = daemon;
      const rig: Rig = {
        tmux,
        daemon: d,
        agent: (scenario, session) => startScriptedAgent(tmux, scenario, { session }),
        async call(channel, args) {
          const res = await fetch(`${d.origin}/api/${channel}`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${d.token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify(args),
          });
          return (await res.json()) as Envelope<ApiResult<typeof channel>>;
        },
      };
      await use(rig);
    } finally {
      if (daemon !== null) {
        await daemon.stop();
        const { stdout, stderr } = daemon.output();
        await testInfo.attach('daemon.log', { body: `--- stdout\n${stdout}\n--- stderr\n${stderr}`, contentType: 'text/plain' });
      }
      await tmux.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  },

  queue: async ({ page, rig }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    const queue = new QueuePage(page);
    await queue.open(rig.daemon.url);
    await use(queue);
    // Before the daemon stops (its teardown runs after this): a CSP violation or a crash fails the test.
    expect(problems, 'errors in the page').toEqual([]);
  },
});

export { expect };
