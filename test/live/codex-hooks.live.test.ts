/**
 * Codex's own event channel with the real Codex: `trailboss hooks install --runtime codex` writes its
 * forwarders into the sandbox's `$CODEX_HOME/hooks.json` beside a user's own hook (a tap recording every
 * payload), the user trusts them in Codex's "Hooks need review" dialog (a dialog to the engine, never
 * answered by it), and then every hook event reaches the engine on this pane: SessionStart before the
 * first prompt, a PermissionRequest that queues the permission item before the pane shows the prompt
 * (the tap holds the prompt for a moment), PostToolUse and Stop after the engine's approve. The payloads
 * must pass our schemas and keep the recorded fixtures' fields (test/fixtures/hooks/codex); a run keeps
 * them under test-results/live/hooks/.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItemDto } from '../../preload/contract/queue-item.ts';
import { CODEX_INSTALLED_EVENTS } from '../../main/engine/hooks/codex-hooks.ts';
import { parseHookPayload } from '../../main/engine/hooks/hook-schemas.ts';
import { poll } from '../support/poll.ts';
import { withDeadline } from './deadline.ts';
import { PROJECT_ROOT } from './install.ts';
import type { LiveAgent } from './live-agent.ts';
import { START_TIMEOUT_MS, startLiveAgent } from './live-agent.ts';
import { DONE_REPLY } from './mock-model/server.ts';
import { REPORT_ROOT } from './screens.ts';
import { RAN_FILE, TRIGGERS } from './turns.ts';

const run = promisify(execFile);
const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'hooks', 'codex');
/**
 * How long the tap holds Codex at a PermissionRequest (Codex draws the prompt only after its hooks): long
 * enough for the forwarder's delivery to queue the item on a loaded machine, and past the engine's 2 s
 * grace. The pane shows "working" meanwhile; the hook's item waits for it (the hook hold) and the prompt
 * upgrades that same item.
 */
const HOLD_SECONDS = 4;
const LIMIT_MS = 150_000;

/** One payload as the tap recorded it. */
interface Tapped {
  readonly event: string;
  /** Epoch ms the tap started (before its hold). */
  readonly at: number;
  readonly tmuxPane: string;
  readonly payload: Record<string, unknown>;
}

/** The user's own hook: appends the event, the time, the pane and the payload; holds a PermissionRequest. */
function tapCommand(event: string, file: string): string {
  const hold = event === 'PermissionRequest' ? `; sleep ${HOLD_SECONDS}` : '';
  return `{ printf '{"event":"${event}","at":%s,"tmuxPane":"%s","payload":' "$(date +%s%3N)" "$TMUX_PANE"; cat; printf '}\\n'; } >> '${file}'${hold}`;
}

/** The keys of a payload and of its nested objects (`tool_input.command`), to compare shapes. */
function shape(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => [`${prefix}${k}`, ...shape(v, `${prefix}${k}.`)]);
}

describe('live codex hooks', () => {
  let a: LiveAgent;
  let tapFile = '';
  let installOutput = '';
  const tapped = (): Tapped[] =>
    existsSync(tapFile)
      ? readFileSync(tapFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Tapped)
      : [];
  const screen = () => a.h.tmux.tmux(['capture-pane', '-p', '-t', a.paneId]);
  const paneKey = () => `S:${a.h.socket}|${a.paneId}`;
  const truth = () => a.h.engine.truth.get(paneKey());

  beforeAll(async () => {
    a = await startLiveAgent('codex', {
      api: true,
      session: 'live-codex-hooks',
      async beforeStart(sandbox, h) {
        const codexHome = sandbox.env['CODEX_HOME']!;
        tapFile = join(sandbox.root, 'tap.jsonl');
        const own = Object.fromEntries(
          CODEX_INSTALLED_EVENTS.map((e) => [e, [{ hooks: [{ type: 'command', command: tapCommand(e, tapFile), timeout: 30 }] }]]),
        );
        writeFileSync(join(codexHome, 'hooks.json'), JSON.stringify({ hooks: own }, null, 2) + '\n');
        // The installer as a user runs it: the launcher in a process of its own, this engine's home.
        const out = await run(
          join(PROJECT_ROOT, 'node_modules', 'node', 'bin', 'node'),
          [join(PROJECT_ROOT, 'bin', 'trailboss.mjs'), 'hooks', 'install', '--runtime', 'codex'],
          {
            cwd: sandbox.project,
            timeout: 60_000,
            env: {
              PATH: process.env.PATH ?? '/usr/bin:/bin',
              HOME: sandbox.home,
              CODEX_HOME: codexHome,
              TRAILBOSS_HOME: join(h.home, 'tb'),
            },
          },
        );
        installOutput = out.stdout;
      },
    });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    if (a) {
      const dir = join(REPORT_ROOT, 'hooks', `codex@${a.cli.version}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, 'all.jsonl'),
        tapped()
          .map((t) => JSON.stringify(t))
          .join('\n') + '\n',
      );
    }
    await a?.dispose();
  });

  it(
    'the installer adds its forwarders beside the user hook; Codex asks to review them; a user trusts them',
    async () => {
      await withDeadline('codex hooks review', START_TIMEOUT_MS, screen, async () => {
        expect(installOutput).toContain('hooks.json');
        const file = JSON.parse(readFileSync(join(a.sandbox.env['CODEX_HOME']!, 'hooks.json'), 'utf8')) as {
          hooks: Record<string, { hooks: { command: string }[] }[]>;
        };
        for (const e of CODEX_INSTALLED_EVENTS) {
          const commands = file.hooks[e]!.flatMap((g) => g.hooks.map((x) => x.command));
          expect(commands, e).toHaveLength(2);
          expect(
            commands.filter((c) => c.endsWith(`--runtime codex ${e} # trailboss:hook`)),
            e,
          ).toHaveLength(1);
        }
        const agent = await a.waitState('dialog', 'the "Hooks need review" dialog', START_TIMEOUT_MS);
        expect(agent.prompt?.kind).toBe('dialog');
        expect(agent.prompt?.approveKey ?? null).toBeNull();
        await a.settle('dialog-hooks-review');
        // The user's answer: a digit only moves the marker, Enter confirms (test/fixtures/panes/codex/dialog-hooks-review.md).
        await a.h.tmux.tmux(['send-keys', '-t', a.paneId, '2']);
        await poll(async () => /^› 2\. Trust all and continue/m.test((await screen()).replace(/^ +/gm, '')), 'the marker on "Trust all"', {
          timeoutMs: 15_000,
          intervalMs: 100,
        });
        await a.h.tmux.tmux(['send-keys', '-t', a.paneId, 'Enter']);
        await a.waitState('idle', 'codex idle after trusting the hooks', START_TIMEOUT_MS);
        expect(readFileSync(join(a.sandbox.env['CODEX_HOME']!, 'config.toml'), 'utf8')).toContain('trusted_hash');
      });
    },
    START_TIMEOUT_MS + 30_000,
  );

  it(
    'SessionStart and UserPromptSubmit (Codex sends both at the first prompt) reach the engine on this pane',
    async () => {
      await withDeadline('codex first prompt hooks', LIMIT_MS, screen, async () => {
        const turn = await a.ask('hello from the hooks suite');
        await poll(() => turn.state === 'finished', 'the mock to finish its answer', { timeoutMs: 60_000, intervalMs: 100 });
        const submit = await poll(() => tapped().find((t) => t.event === 'UserPromptSubmit'), 'Codex to run its UserPromptSubmit hooks', {
          timeoutMs: 60_000,
          intervalMs: 100,
        });
        expect(
          tapped()
            .map((t) => t.event)
            .slice(0, 2),
        ).toEqual(['SessionStart', 'UserPromptSubmit']);
        for (const t of tapped()) expect(t.tmuxPane, t.event).toBe(a.paneId);
        // Only a hook fact sets lastHookAt on a pane: the delivery was mapped to this one.
        await poll(() => (truth()?.lastHookAt ?? 0) >= submit.at - 1_000, 'the engine to hear UserPromptSubmit on this pane', {
          timeoutMs: 30_000,
          intervalMs: 50,
        });
        await a.waitState('idle', 'idle after the answer', 60_000);
      });
    },
    LIMIT_MS + 30_000,
  );

  it(
    'PermissionRequest queues the permission item on this pane before the prompt shows; approve runs it once; Stop follows',
    async () => {
      await withDeadline('codex hook permission', LIMIT_MS, screen, async () => {
        const items: QueueItemDto[] = [];
        const resolved: { id: string; resolution: string }[] = [];
        const offs = [a.h.engine.on('item:added', ({ item }) => items.push(item)), a.h.engine.on('item:resolved', (r) => resolved.push(r))];
        try {
          const before = a.file(RAN_FILE);
          await a.ask(`${TRIGGERS.shell} then approve`);
          const request = await poll(() => tapped().find((t) => t.event === 'PermissionRequest'), 'the PermissionRequest hook', {
            timeoutMs: 60_000,
            intervalMs: 50,
          });
          // While the tap holds Codex (the prompt is not drawn yet), the forwarder's delivery made the item.
          const born = await poll(() => items.find((i) => i.paneKey === paneKey() && i.reason === 'permission'), 'a permission item', {
            timeoutMs: HOLD_SECONDS * 1000 - 500,
            intervalMs: 20,
          });
          expect(born).toMatchObject({
            runtime: 'codex',
            sessionName: a.session,
            subject: 'Bash: echo ran >> ran.txt',
            approveLabel: null,
          });
          expect(await screen()).not.toContain('Would you like to run the following command?');
          expect(request.tmuxPane).toBe(a.paneId);

          // The pane then shows the prompt: the same item gains the pane's keys, and the engine approves once.
          await a.waitState('permission', 'the approval prompt on the pane', 60_000, (x) => x.prompt?.approveKey != null);
          const item = await poll(
            async () => (await a.items()).find((i) => i.reason === 'permission' && i.approveLabel !== null),
            "the permission item with the pane's approve option",
            { timeoutMs: 30_000, intervalMs: 100 },
          ).catch(async (error: unknown) => {
            throw new Error(`${String(error)}; items: ${JSON.stringify(await a.items(), null, 1)}`, { cause: error });
          });
          // One wait from hook to prompt: no flicker, no second arrival.
          expect(item.id).toBe(born.id);
          expect(resolved.filter((r) => r.id === born.id)).toEqual([]);
          expect(items.filter((i) => i.paneKey === paneKey() && i.reason === 'permission').map((i) => i.id)).toEqual([born.id]);
          const answer = await a.h.engine.api['item:approve']({ id: item.id, fingerprint: item.fingerprint });
          expect(answer).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
          await poll(
            () =>
              a.mock
                .turns()
                .some((t) => t.prompt?.includes(TRIGGERS.shell) && 'say' in t.step && t.step.say === DONE_REPLY && t.state === 'finished'),
            'the model to be told the command ran',
            { timeoutMs: 90_000, intervalMs: 100 },
          );
          const stop = await poll(() => tapped().find((t) => t.event === 'Stop' && t.at >= request.at), 'the Stop hook', {
            timeoutMs: 60_000,
            intervalMs: 100,
          });
          await poll(() => (truth()?.lastHookAt ?? 0) >= stop.at - 1_000, 'the engine to hear Stop on this pane', {
            timeoutMs: 30_000,
            intervalMs: 50,
          });
          await a.waitState('idle', 'idle after the approved command', 60_000);
          expect(a.file(RAN_FILE).split('\n').length - before.split('\n').length).toBe(1);
        } finally {
          for (const off of offs) off();
        }
      });
    },
    LIMIT_MS + 30_000,
  );

  it('every payload passes our schema and keeps the recorded fixture fields', () => {
    const seen = tapped();
    expect(seen.map((t) => t.event)).toEqual([
      'SessionStart',
      'UserPromptSubmit',
      'Stop',
      'UserPromptSubmit',
      'PreToolUse',
      'PermissionRequest',
      'PostToolUse',
      'Stop',
    ]);
    for (const t of seen) {
      const parsed = parseHookPayload(t.payload);
      expect(parsed.ok ? 'ok' : parsed.message, t.event).toBe('ok');
      const fixture = JSON.parse(readFileSync(join(FIXTURES, `${t.event}.json`), 'utf8')) as unknown;
      expect(shape(t.payload).sort(), `${t.event}: fields differ from ${t.event}.json`).toEqual(shape(fixture).sort());
    }
  });
});
