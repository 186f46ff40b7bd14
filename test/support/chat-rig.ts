/**
 * What the chat tests (Telegram's test/engine/phone, Slack's test/engine/slack) share, whichever
 * stand-in the engine talks to: the queue as the engine lists it, and a prompt that changes under
 * its message.
 */
import type { QueueItemDto } from '../../preload/contract/queue-item.ts';
import type { EngineHarness } from './engine-harness.ts';
import { poll } from './poll.ts';
import { claudeDenyFieldPrompt } from './scenarios/index.ts';
import type { Scenario } from './scripted-agent/scenario.ts';

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

/** The deny-field prompt, where F2 swaps in another ask (another subject: another fingerprint). */
export function changingPrompt(): Scenario {
  const s = claudeDenyFieldPrompt();
  const prompt = s.states['prompt']!;
  return {
    ...s,
    states: {
      ...s.states,
      prompt: { ...prompt, keys: { ...prompt.keys, F2: 'other' } },
      other: { screen: 'panes/claude/perm-write-new-file', keys: { Escape: 'denied-esc' } },
    },
  };
}
