/**
 * One agent's own event channel with the real CLI (Gemini CLI, Qwen Code, Copilot CLI): `trailboss hooks install
 * --runtime <id>` beside a user's own tap hook (which records every payload). The engine hears the agent's
 * permission event (a permission fact: the command as subject, no key yet when it comes first), the pane's
 * parse gives the one permission item its key, approve runs the command once, the turn's end and the other
 * installed events are counted under the agent's own names, and the user's hook kept working. `hooks uninstall`
 * leaves the user's hooks byte for byte.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItemDto } from '../../preload/contract/queue-item.ts';
import { readRuntimeArrivals } from '../../main/engine/hooks/runtime-arrivals.ts';
import { cli } from '../support/cli-context.ts';
import { poll } from '../support/poll.ts';
import type { LiveAgent } from './live-agent.ts';
import { START_TIMEOUT_MS, startLiveAgent } from './live-agent.ts';
import type { CliSandbox } from './sandbox.ts';
import { RAN_FILE, TRIGGERS } from './turns.ts';

/** What differs between the agents. */
export interface AgentHooksSpec {
  readonly id: 'gemini' | 'qwen' | 'copilot';
  /** Write the user's tap hook (running `command`) into the sandbox; returns the file and its bytes to compare after uninstall. */
  readonly writeUserHooks: (sandbox: CliSandbox, command: string) => { file: string; text: string };
  /** The agent's names: its permission event, the prompt's, the turn's end, and others the turn must send. */
  readonly events: { readonly permission: string; readonly prompt: string; readonly stop: string; readonly also: readonly string[] };
  /** Text the user's tap holds for the permission event and for the turn's end. */
  readonly tapped: { readonly permission: string; readonly stop: string };
  /** The single-use option's label and key on the agent's shell confirmation. */
  readonly approve: { readonly label: string; readonly key: string };
  /** Environment the CLI's `hooks` commands need to find the agent's files (its home variable). */
  readonly cliEnv?: (sandbox: CliSandbox) => Record<string, string>;
  /** After uninstall: whatever else must hold (Copilot: only the user's file left in the directory). */
  readonly afterUninstall?: (sandbox: CliSandbox) => void;
}

/** The user's own hook: appends each payload to tap.jsonl. */
export const tapCommand = (home: string) => `sh -c 'cat >> "${join(home, 'tap.jsonl')}"; echo >> "${join(home, 'tap.jsonl')}"'`;

/** Register the hooks suite for one agent. */
export function defineAgentHooksSuite(spec: AgentHooksSpec): void {
  const hooks = (sub: 'install' | 'uninstall' | 'status', sandbox: CliSandbox, endpointFile: string) =>
    cli(['hooks', sub, '--runtime', spec.id, ...(sub === 'status' ? ['--json'] : [])], {
      home: sandbox.home,
      env: { TRAILBOSS_HOME: dirname(endpointFile), ...spec.cliEnv?.(sandbox) },
    });

  describe(`live ${spec.id} hooks`, () => {
    let a: LiveAgent;
    let user = { file: '', text: '' };
    const added: QueueItemDto[] = [];
    beforeAll(async () => {
      a = await startLiveAgent(spec.id, {
        session: `live-${spec.id}-hooks`,
        api: true,
        beforeStart: async (sandbox, h) => {
          user = spec.writeUserHooks(sandbox, tapCommand(sandbox.home));
          const run = await hooks('install', sandbox, h.engine.paths.endpoint);
          if (run.code !== 0) throw new Error(`hooks install --runtime ${spec.id}: ${run.stderr}`);
          h.engine.on('item:added', ({ item }) => void added.push(item));
        },
      });
    }, START_TIMEOUT_MS + 120_000);
    afterAll(async () => {
      await a?.dispose();
    });

    const arrivals = () => readRuntimeArrivals(a.h.engine.store, spec.id);

    it(
      'the permission hook is heard; the pane gives the one permission item its key; approve runs the command once',
      async () => {
        await a.waitState('idle', `${spec.id} idle after start`, START_TIMEOUT_MS);
        const before = a.file(RAN_FILE);
        await a.ask(`${TRIGGERS.shell} through the hooks`);
        await poll(() => arrivals()[spec.events.permission], `the ${spec.events.permission} hook`, { timeoutMs: 90_000, intervalMs: 50 });
        expect(arrivals()[spec.events.prompt]?.count).toBeGreaterThanOrEqual(1);
        // The hook's item comes first when the hook is heard before the pane is next read.
        const first = added.find((i) => i.sessionName === a.session && i.reason === 'permission');
        if (first?.approveLabel === null) expect(first).toMatchObject({ runtime: spec.id, subject: 'Bash: echo ran >> ran.txt' });
        const agent = await a.waitState(
          'permission',
          'the pane parsed as a permission prompt',
          60_000,
          (x) => x.prompt?.approveKey != null,
        );
        expect(agent.prompt?.approveKey).toBe(spec.approve.key);
        const item = await poll(
          async () => (await a.items()).find((i) => i.reason === 'permission' && i.approveLabel !== null),
          "the permission item with the pane's key",
          { timeoutMs: 30_000, intervalMs: 100 },
        );
        expect(item.approveLabel).toBe(spec.approve.label);
        expect((await a.items()).filter((i) => i.reason === 'permission')).toHaveLength(1);
        const answer = await a.h.engine.api['item:approve']({ id: item.id, fingerprint: item.fingerprint });
        expect(answer).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
        await poll(() => arrivals()[spec.events.stop], `${spec.events.stop} from the real CLI`, { timeoutMs: 90_000, intervalMs: 100 });
        await a.waitState('idle', 'idle after the approved tool', 90_000);
        expect(a.file(RAN_FILE).split('\n').length - before.split('\n').length).toBe(1);
        for (const event of spec.events.also) expect(arrivals()[event]?.count, event).toBeGreaterThanOrEqual(1);
        // The user's tap saw the same events (their hooks kept working beside ours; it may finish after ours).
        const tapFile = join(a.sandbox.home, 'tap.jsonl');
        await poll(() => readFileSync(tapFile, 'utf8').includes(spec.tapped.stop), "the turn's end in the user's tap", {
          timeoutMs: 30_000,
          intervalMs: 100,
        });
        expect(readFileSync(tapFile, 'utf8')).toContain(spec.tapped.permission);
        const status = JSON.parse((await hooks('status', a.sandbox, a.h.engine.paths.endpoint)).stdout) as {
          details: { event: string; count: number }[];
        };
        expect(status.details.find((d) => d.event === spec.events.stop)?.count).toBeGreaterThanOrEqual(1);
      },
      START_TIMEOUT_MS + 300_000,
    );

    it("uninstall leaves the user's hooks byte for byte", async () => {
      const run = await hooks('uninstall', a.sandbox, a.h.engine.paths.endpoint);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(readFileSync(user.file, 'utf8')).toBe(user.text);
      spec.afterUninstall?.(a.sandbox);
    });
  });
}
