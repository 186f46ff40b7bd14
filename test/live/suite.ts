/**
 * The live scenarios, the same for every CLI: fresh idle, a reply through the engine, working (slow stream),
 * then each permission prompt answered through the engine — approve must make the tool run exactly once
 * (the mock gets its successful result, the file changes once), deny must keep it from running.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentPromptDto } from '../../preload/contract/agent.ts';
import { poll } from '../support/poll.ts';
import type { LiveCliId } from './install.ts';
import type { LiveAgent } from './live-agent.ts';
import { START_TIMEOUT_MS, maskBlinkers, startLiveAgent } from './live-agent.ts';
import { ScenarioHang, withDeadline } from './deadline.ts';
import { DONE_REPLY } from './mock-model/server.ts';
import { REPORT_ROOT } from './screens.ts';
import { EDITED_FILE, RAN_FILE, TRIGGERS, WRITTEN_FILE } from './turns.ts';

/** A tool prompt scenario. */
export interface ToolCase {
  readonly tool: 'shell' | 'write' | 'edit' | 'read' | 'fetch';
  readonly decision: 'approve' | 'deny';
}

/** What a CLI's suite runs. */
export interface LiveSpec {
  readonly id: LiveCliId;
  readonly cases: readonly ToolCase[];
  /** The CLI shows a first-run dialog in an empty HOME (login, onboarding, trust): check the engine calls it a dialog. */
  readonly firstRunDialog?: boolean;
  /** Deny with a message on a shell prompt: the command does not run and the model's next request carries the sentence. */
  readonly denyWithMessage?: boolean;
  /** Also with a sentence longer than the CLI's own message field takes (Copilot: over 60 characters → the composer). */
  readonly denyWithLongMessage?: boolean;
}

/** Text in a result that means the CLI refused to run the tool. */
const DENIAL = /denied|reject|doesn't want|does not want|declined|cancel|not allowed|aborted/i;

/** Limits per scenario (generous for a loaded 2-core machine; a passing scenario takes seconds). */
export const SCENARIO_LIMIT_MS = 150_000;
const START_LIMIT_MS = START_TIMEOUT_MS + 30_000;
/** The narrow pane the live suite checks approve in (issue 29). */
const NARROW_COLUMNS = 40;

/** The option a key selects (Enter/Space: the highlighted one). */
function optionFor(prompt: AgentPromptDto, key: string) {
  if (key === 'Enter' || key === 'Space') return prompt.options[prompt.highlighted ?? -1];
  return prompt.options.find((o) => o.key === key);
}

/** The effect a tool leaves in the project (or in the mock's results), to compare before and after. */
function effect(a: LiveAgent, tool: ToolCase['tool']): string {
  switch (tool) {
    case 'shell':
      return a.file(RAN_FILE);
    case 'write':
      return a.file(WRITTEN_FILE);
    case 'edit':
      return a.file(EDITED_FILE);
    case 'read':
    case 'fetch':
      return '';
  }
}

/** Keep the command → confirmed delivery time of a real CLI (test-results/live/deny-message.jsonl) and print it. */
function recordDelivery(id: string, ms: number, outcome: string): void {
  mkdirSync(REPORT_ROOT, { recursive: true });
  appendFileSync(
    join(REPORT_ROOT, 'deny-message.jsonl'),
    JSON.stringify({ cli: id, deliveredMs: ms, outcome, at: new Date().toISOString() }) + '\n',
  );
  console.log(`live ${id}: deny --message confirmed in ${ms} ms (${outcome})`);
}

/** Register the suite for one CLI. */
export function defineLiveSuite(spec: LiveSpec): void {
  describe(`live ${spec.id}`, () => {
    let a: LiveAgent;
    beforeAll(async () => {
      a = await startLiveAgent(spec.id);
    }, START_TIMEOUT_MS + 120_000);
    afterAll(async () => {
      await a?.dispose();
    });

    // Once the CLI failed to start or a scenario hung, the rest would start from an unknown screen and
    // each wait its full limit: they fail at once, naming the first failure.
    let broken: string | null = null;
    const scenario = (name: string, limitMs: number, body: () => Promise<void>, opts: { critical?: boolean } = {}) =>
      it(
        name,
        async () => {
          if (broken) throw new Error(`not run: ${broken}`);
          try {
            await withDeadline(`live ${spec.id}: ${name}`, limitMs, () => a.h.tmux.tmux(['capture-pane', '-p', '-t', a.paneId]), body);
          } catch (error) {
            if (opts.critical || error instanceof ScenarioHang)
              broken = `${spec.id} ${error instanceof ScenarioHang ? 'hung in' : 'failed'} "${name}" (see that failure)`;
            throw error;
          }
        },
        limitMs + 30_000,
      );

    scenario(
      'fresh start: the engine sees the real CLI idle and queues it',
      START_LIMIT_MS,
      async () => {
        const agent = await a.waitState('idle', `${spec.id} idle after start`, START_TIMEOUT_MS);
        expect(agent.runtime).toBe(spec.id);
        await poll(async () => (await a.items()).find((i) => i.reason === 'idle'), 'an idle queue item', {
          timeoutMs: 60_000,
          intervalMs: 100,
        });
        await a.settle('idle-startup');
      },
      { critical: true },
    );

    scenario('a reply through the engine reaches the model; the answer ends idle', SCENARIO_LIMIT_MS, async () => {
      const turn = await a.ask('hello from the live suite');
      await poll(() => turn.state === 'finished', 'the mock to finish its answer', { timeoutMs: 60_000, intervalMs: 100 });
      await a.settle('idle-after-turn');
      await a.waitState('idle', 'idle after the answer');
    });

    scenario('working: while the model streams slowly the engine says working, then idle', SCENARIO_LIMIT_MS, async () => {
      const turn = await a.ask(`${TRIGGERS.slow} take your time`);
      await a.waitState('working', 'working while the model streams', 60_000);
      expect(turn.state).toBe('streaming');
      a.screens.keep(
        'working',
        await a.h.tmux.tmux(['capture-pane', '-p', '-t', a.paneId]),
        await a.h.tmux.tmux(['capture-pane', '-p', '-e', '-t', a.paneId]),
      );
      await poll(() => turn.state === 'finished', 'the slow answer to finish', { timeoutMs: 90_000, intervalMs: 100 });
      await a.settle('idle-after-slow-turn');
      await a.waitState('idle', 'idle after the slow answer', 60_000);
    });

    for (const c of spec.cases) {
      scenario(
        `${c.tool} prompt: the engine's ${c.decision} key ${c.decision === 'approve' ? 'runs the tool exactly once' : 'keeps the tool from running'}`,
        SCENARIO_LIMIT_MS,
        async () => {
          const name = `perm-${c.tool}-${c.decision}`;
          const callsBefore = a.mock.calls().length;
          const before = effect(a, c.tool);
          await a.ask(`${TRIGGERS[c.tool]} then ${c.decision}`);
          const agent = await a.waitState('permission', `a ${c.tool} permission prompt`, 90_000);
          await a.settle(name);
          const prompt = agent.prompt!;
          expect(prompt.kind).toBe('permission');
          // Approve chooses the single-use option; deny a refusal (its option, or Esc where Esc refuses).
          expect(prompt.approveKey, `approve key for ${JSON.stringify(prompt)}`).not.toBeNull();
          expect(optionFor(prompt, prompt.approveKey!)?.kind).toBe('once');
          expect(prompt.denyKey, `deny key for ${JSON.stringify(prompt)}`).not.toBeNull();
          if (prompt.denyKey !== 'Escape') expect(optionFor(prompt, prompt.denyKey!)?.kind).toBe('deny');

          const item = await poll(
            async () => (await a.items()).find((i) => i.reason === 'permission' && i.fingerprint),
            'the permission item',
            { timeoutMs: 30_000, intervalMs: 100 },
          );
          const answer = await a.h.engine.api[c.decision === 'approve' ? 'item:approve' : 'item:deny']({
            id: item.id,
            fingerprint: item.fingerprint,
          });
          expect(answer).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });

          // The scenario's calls: the one prompted for (plus any the script made first, such as Claude's read before an edit).
          const ours = () => a.mock.calls().slice(callsBefore);
          const results = () => a.mock.results().filter((r) => ours().some((c2) => c2.callId === r.callId));
          if (c.decision === 'approve') {
            await poll(
              () =>
                a.mock
                  .turns()
                  .some(
                    (t) => t.prompt?.includes(TRIGGERS[c.tool]) && 'say' in t.step && t.step.say === DONE_REPLY && t.state === 'finished',
                  ),
              'the model to be told the tool ran',
              { timeoutMs: 90_000, intervalMs: 100 },
            );
            await a.settle(`${name}-after`);
            await a.waitState('idle', 'idle after the approved tool', 60_000);
            const last = results().at(-1);
            expect(last, 'the tool result of the approved call').toBeDefined();
            expect(last!.isError).toBe(false);
            expect(last!.content).not.toMatch(DENIAL);
            expect(results().filter((r) => r.callId === ours().at(-1)!.callId)).toHaveLength(1);
            if (c.tool === 'shell') expect(a.file(RAN_FILE).split('\n').length - before.split('\n').length).toBe(1);
            if (c.tool === 'write') expect(a.file(WRITTEN_FILE)).toContain('written by the mock model');
            if (c.tool === 'edit') expect(a.file(EDITED_FILE)).toContain('second line, edited');
            if (c.tool === 'read') expect(last!.content).toContain('a file outside the project');
          } else {
            await poll(() => !a.mock.turns().some((t) => t.state === 'streaming'), 'the model to finish answering', {
              timeoutMs: 90_000,
              intervalMs: 100,
            });
            await a.settle(`${name}-after`);
            await a.waitState('idle', 'idle after the denied tool', 90_000);
            expect(effect(a, c.tool)).toBe(before);
            const asked = ours().at(-1)!;
            for (const r of results().filter((r2) => r2.callId === asked.callId))
              expect(r.isError || DENIAL.test(r.content), `result of the denied call: ${r.content}`).toBe(true);
          }
        },
      );
    }

    // Issue 29: the same prompt read in a 40-column pane (test/fixtures/panes/<cli>/sizes) still gets its keys,
    // and approve still runs the command exactly once.
    scenario(
      `narrow pane (${NARROW_COLUMNS} columns): the engine's approve runs the shell command exactly once`,
      SCENARIO_LIMIT_MS,
      async () => {
        const before = a.file(RAN_FILE);
        const resize = (width: number) => a.h.tmux.tmux(['resize-window', '-t', a.paneId, '-x', String(width), '-y', '40']);
        await a.ask(`${TRIGGERS.shell} then approve in a narrow pane`);
        await a.waitState('permission', 'a shell permission prompt', 90_000);
        try {
          await resize(NARROW_COLUMNS);
          const width = () => a.h.tmux.tmux(['display-message', '-p', '-t', a.paneId, '#{pane_width}']);
          expect((await width()).trim()).toBe(String(NARROW_COLUMNS));
          // Let the CLI redraw (three equal looks), then take the engine's item: approve re-reads the pane and
          // checks its fingerprint before the key, so the key is chosen from the 40-column screen.
          const looks: string[] = [];
          await poll(
            async () => {
              looks.push(maskBlinkers(await a.h.tmux.tmux(['capture-pane', '-p', '-t', a.paneId])));
              if (looks.length > 3) looks.shift();
              return looks.length === 3 && looks.every((l) => l === looks[0]);
            },
            'the CLI to redraw at the narrow width',
            { timeoutMs: 30_000, intervalMs: 500 },
          );
          // The engine's item may still carry the 120-column read for a moment after the resize (a CLI that cuts
          // its labels at 40 columns reads as another prompt). Approve then answers `changed` and sends nothing;
          // the test, like a user shown the redrawn prompt, answers the item again once it has the new read.
          let refused = 0;
          const answer = await poll(
            async () => {
              const agent = await a.agent();
              if (agent.state !== 'permission' || !agent.prompt?.approveKey) return null;
              const found = (await a.items()).find((i) => i.reason === 'permission' && i.fingerprint);
              if (!found) return null;
              expect(optionFor(agent.prompt, agent.prompt.approveKey)?.kind).toBe('once');
              const result = await a.h.engine.api['item:approve']({ id: found.id, fingerprint: found.fingerprint });
              if (result.ok && result.value.outcome === 'changed') {
                refused++;
                expect(a.file(RAN_FILE), 'a refused approve ran nothing').toBe(before);
                return null;
              }
              return result;
            },
            `the permission read at ${NARROW_COLUMNS} columns approved`,
            { timeoutMs: 60_000, intervalMs: 250 },
          );
          if (refused > 0)
            console.log(`live ${spec.id}: narrow-pane approve refused ${refused}× as changed before the item had the redrawn read`);
          expect(answer).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
          await poll(() => a.file(RAN_FILE).split('\n').length - before.split('\n').length === 1, 'the command to run', {
            timeoutMs: 60_000,
            intervalMs: 100,
          });
        } finally {
          await resize(120);
        }
        await poll(() => !a.mock.turns().some((t) => t.state === 'streaming'), 'the model to finish answering', {
          timeoutMs: 90_000,
          intervalMs: 100,
        });
        await a.waitState('idle', 'idle after the approved command', 90_000);
        expect(a.file(RAN_FILE).split('\n').length - before.split('\n').length).toBe(1);
      },
    );

    const sentences: [string, () => string][] = [];
    if (spec.denyWithMessage) sentences.push(['', () => `Please use the staging copy instead, ticket ${Date.now().toString(36)} 4 y.`]);
    if (spec.denyWithLongMessage)
      sentences.push([
        ' (a long sentence)',
        () => `Please use the staging copy instead and run the unit tests first, ticket ${Date.now().toString(36)} 4 y.`,
      ]);
    for (const [variant, makeSentence] of sentences)
      scenario(`deny --message${variant}: the command does not run, and the model is told the sentence`, SCENARIO_LIMIT_MS, async () => {
        const sentence = makeSentence();
        const before = a.file(RAN_FILE);
        const requestsBefore = a.mock.requests().length;
        await a.ask(`${TRIGGERS.shell} then deny with a message`);
        await a.waitState('permission', 'a shell permission prompt', 90_000);
        const item = await poll(
          async () => (await a.items()).find((i) => i.reason === 'permission' && i.fingerprint),
          'the permission item',
          { timeoutMs: 30_000, intervalMs: 100 },
        );
        const started = performance.now();
        const answer = await a.h.engine.api['item:deny']({ id: item.id, fingerprint: item.fingerprint, message: sentence });
        const deliveredMs = Math.round(performance.now() - started);
        expect(answer).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
        recordDelivery(`${spec.id}${variant}`, deliveredMs, answer.ok ? answer.value.message : '');
        // The model's next request carries the sentence: as the tool's rejection reason (Claude) or as the next user message.
        await poll(
          () =>
            a.mock
              .requests()
              .slice(requestsBefore)
              .some((r) => JSON.stringify(r.body ?? '').includes(sentence)),
          'a model request carrying the sentence',
          { timeoutMs: 90_000, intervalMs: 100 },
        );
        await poll(() => !a.mock.turns().some((t) => t.state === 'streaming'), 'the model to finish answering', {
          timeoutMs: 90_000,
          intervalMs: 100,
        });
        await a.settle(`perm-shell-deny-message${variant ? '-long' : ''}-after`);
        await a.waitState('idle', 'idle after the denial with a message', 90_000);
        expect(a.file(RAN_FILE)).toBe(before);
      });
  });

  if (spec.firstRunDialog) {
    describe(`live ${spec.id}, first run`, () => {
      let a: LiveAgent | undefined;
      afterAll(async () => {
        await a?.dispose();
      });
      it(
        'the first-run dialog is a dialog to the engine: queued, never approved by a key',
        async () => {
          const screen = async () => (a ? a.h.tmux.tmux(['capture-pane', '-p', '-t', a.paneId]) : '(the CLI was not started yet)');
          await withDeadline(`live ${spec.id}: first-run dialog`, START_LIMIT_MS, screen, async () => {
            a = await startLiveAgent(spec.id, { dialogs: true, session: `live-${spec.id}-first-run` });
            const agent = await a.waitState('dialog', `${spec.id} first-run dialog`, START_TIMEOUT_MS);
            await a.settle('dialog-first-run');
            expect(agent.prompt?.kind).toBe('dialog');
            expect(agent.prompt?.approveKey ?? null).toBeNull();
            await poll(async () => (await a!.items()).find((i) => i.reason === 'dialog'), 'a dialog queue item', {
              timeoutMs: 60_000,
              intervalMs: 100,
            });
          });
        },
        START_LIMIT_MS + 30_000,
      );
    });
  }
}
