/**
 * What the chat tests (Telegram's test/engine/phone, Slack's test/engine/slack, both at once) share,
 * whichever stand-in the engine talks to: the engine harness built for one or more chats (each chat's
 * stand-in adds its `phone.<chat>.apiBase`, its token files and its quick knobs), the queue as the
 * engine lists it, and a prompt that changes under its message.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { QueueItemDto } from '../../preload/contract/queue-item.ts';
import type { EngineOptions } from '../../main/engine/engine.ts';
import { cli } from './cli-context.ts';
import type { EngineHarness } from './engine-harness.ts';
import { startEngineHarness } from './engine-harness.ts';
import { poll } from './poll.ts';
import { claudePermBash, claudePermWrite } from './scenarios/index.ts';
import type { Scenario } from './scripted-agent/scenario.ts';

/** One chat as the harness is set up for it. */
export interface ChatSetup {
  /** Its key under the config's `phone` (`telegram`, `slack`) and the stand-in's API base there. */
  readonly configKey: string;
  readonly apiBase: string;
  /** Write its token files into the Trail Boss home. */
  saveTokens(tbHome: string): void;
  /** Its engine knobs, shortened so a test never waits on the defaults. */
  readonly engine: Pick<EngineOptions, 'phone' | 'slack'>;
}

/** Start the engine on a private tmux server, set up for `chats` (`config`'s own `phone` keys kept beside theirs). */
export function startChatHarness(
  chats: readonly ChatSetup[],
  opts: { config?: Record<string, unknown>; api?: boolean } = {},
): Promise<EngineHarness> {
  return startEngineHarness({
    beforeStart: (home) => {
      const tb = join(home, 'tb');
      mkdirSync(tb, { recursive: true });
      const phone = {
        ...Object.fromEntries(chats.map((c) => [c.configKey, { apiBase: c.apiBase }])),
        ...((opts.config?.['phone'] as object | undefined) ?? {}),
      };
      writeFileSync(join(tb, 'config.json'), JSON.stringify({ ...opts.config, phone }, null, 2));
      for (const c of chats) c.saveTokens(tb);
    },
    ...(opts.api ? { api: true } : {}),
    ...Object.assign({}, ...chats.map((c) => c.engine)),
  });
}

/** `trailboss doctor --json`'s finding `id` (`phone`, `slack`) about the harness's engine. */
export async function doctorFinding(h: EngineHarness, id: string): Promise<DoctorFinding | undefined> {
  const run = await cli(['doctor', '--json', '--tmux-socket', h.socket], { home: join(h.home, 'tb') });
  return (JSON.parse(run.stdout) as { checks: DoctorFinding[] }).checks.find((c) => c.id === id);
}

/** One of doctor's findings, as `--json` prints it. */
export interface DoctorFinding {
  readonly id: string;
  readonly status: string;
  readonly detail: string;
  readonly fix: string | null;
}

/** The queue now. */
export async function queue(h: EngineHarness): Promise<readonly QueueItemDto[]> {
  const env = await h.engine.api['queue:list']({});
  if (!env.ok) throw new Error(env.error.message);
  return env.value;
}

/** Wait for an item matching `test`. */
export function waitForItem(h: EngineHarness, test: (i: QueueItemDto) => boolean, what: string): Promise<QueueItemDto> {
  return poll(async () => (await queue(h)).find(test), what);
}

/** A permission prompt with an approve button. */
export const isPrompt = (i: { reason: string; approveLabel: string | null }): boolean =>
  i.reason === 'permission' && i.approveLabel !== null;

/** `base`'s prompt, where F2 (a key no agent binds) swaps in the write prompt: another subject, another fingerprint. */
export function changingPrompt(base: Scenario = claudePermBash()): Scenario {
  const prompt = base.states['prompt']!;
  return {
    ...base,
    states: {
      ...base.states,
      prompt: { ...prompt, keys: { ...prompt.keys, F2: 'other-prompt' } },
      'other-prompt': { screen: claudePermWrite().states['prompt']!.screen, keys: { '1': 'approved', Escape: 'denied-esc' } },
    },
  };
}
