/**
 * Property over the loopback API of a real engine (real tmux, real database): random argument
 * shapes for every channel — mutations of a valid call and arbitrary JSON — never answer
 * `internal`, and a call that is refused (an error envelope, or an action outcome other than
 * `confirmed`) changes nothing: no item, pane setting, audit row, config or hooks file, no key.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../../../preload/contract/channels.ts';
import type { Channel } from '../../../preload/contract/channels.ts';
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import { postJson } from '../http/http-helpers.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { startEngineHarness } from '../../support/engine-harness.ts';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { seededRandom } from '../../support/seeded-random.ts';
import type { ScriptedAgent } from '../../support/scripted-agent/start.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { poll } from '../../support/poll.ts';

let h: EngineHarness;
let agent: ScriptedAgent;
let item: QueueItemDto;
let settings: unknown;

beforeAll(async () => {
  h = await startEngineHarness({ api: true });
  agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'prop' });
  item = await poll(async () => {
    const env = await h.engine.api['queue:list']({});
    return env.ok ? env.value.find((i) => i.reason === 'permission' && i.approveLabel) : null;
  }, 'the permission prompt queued');
  const got = await h.engine.api['settings:get']({});
  if (!got.ok) throw new Error(got.error.message);
  settings = got.value.settings;
}, 60_000);

afterAll(async () => {
  await h?.dispose();
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Everything an API call could change, as one comparable value. */
async function state(): Promise<unknown> {
  const store = h.engine.store;
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : null);
  return {
    items: store.items.list().map((i) => [i.id, i.snoozedUntil, i.queueOrder, i.skipCooldownUntil, i.claimedBy]),
    panes: store.panes.list().map((p) => [p.paneKey, p.muted, p.loopMode, p.loopModeExplicit, p.directive]),
    audit: store.audit.list().length,
    config: read(h.engine.paths.config),
    hooks: read(join(h.home, '.claude', 'settings.json')),
    keys: (await agent.keys()).length,
  };
}

/**
 * A valid argument object for each channel. Never a call that would act on the agent (the real
 * fingerprint, restart of the real item): the agent's reaction would change the queue while the
 * property compares states. The agent receiving no key at all is then part of the property.
 */
function validArgs(channel: Channel): Record<string, Json> {
  const id = item.id;
  switch (channel) {
    case 'item:approve':
    case 'item:deny':
      return { id, fingerprint: `${item.fingerprint}0` };
    case 'item:reply':
      return { id, text: 'carry on' };
    case 'item:jump':
    case 'item:skip':
      return { id };
    case 'item:snooze':
      return { id, forMs: 60_000 };
    case 'item:restart':
      return { id: 'no-such-item', runtime: null };
    case 'pane:mute':
      return { paneKey: item.paneKey, muted: true };
    case 'pane:loop':
      return { paneKey: item.paneKey, mode: 'paused', directive: null };
    case 'pane:wake':
      return { paneKey: item.paneKey, text: 'wake up' };
    case 'settings:set':
      return { settings: settings as Json };
    case 'activity:get':
      return { since: 0 };
    case 'audit:list':
      return { limit: 10, before: null };
    case 'phone:pairing':
    case 'phone:confirm':
    case 'phone:cancel':
      return { pairingId: 'no-such-pairing' };
    default:
      return {};
  }
}

function generator(random: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const strings = () => [
    '',
    ' ',
    'x'.repeat(5000),
    'a\u0000b',
    'esc\u001b[201~\r',
    '🙂',
    '__proto__',
    item.id,
    item.paneKey,
    'item:approve',
    '30d',
    '-1',
    '1e309',
  ];
  const numbers = [0, -1, 1, 0.5, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 60_000, 31 * 86_400_000];
  const value = (depth: number): Json => {
    switch (Math.floor(random() * (depth > 2 ? 4 : 6))) {
      case 0:
        return null;
      case 1:
        return random() < 0.5;
      case 2:
        return pick(numbers);
      case 3:
        return pick(strings());
      case 4:
        return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      default: {
        const out: Record<string, Json> = {};
        for (let i = Math.floor(random() * 4); i > 0; i--)
          out[pick(['id', 'text', 'forMs', 'fingerprint', 'settings', 'x', 'limit'])] = value(depth + 1);
        return out;
      }
    }
  };
  /** Anything at all, a valid call as it is, or one bent in one or two places. */
  const argsFor = (channel: Channel): Json => {
    const kind = random();
    if (kind < 0.25) return value(0);
    const args: Record<string, Json> = { ...validArgs(channel) };
    if (kind < 0.45) return args;
    for (let n = 1 + Math.floor(random() * 2); n > 0; n--) {
      const keys = Object.keys(args);
      const roll = random();
      if (roll < 0.2 && keys.length > 0) delete args[pick(keys)];
      else if (roll < 0.35) args[pick(['extra', 'id', 'surface', 'constructor'])] = value(1);
      else if (keys.length > 0) args[pick(keys)] = value(1);
    }
    // Restart with the real item would relaunch the agent: keep it pointing nowhere.
    if (channel === 'item:restart' && args['id'] === item.id) args['id'] = 'no-such-item';
    return args;
  };
  return { pick, argsFor };
}

function refused(env: { ok: boolean; value?: unknown }): boolean {
  if (!env.ok) return true;
  const outcome = (env.value as { outcome?: unknown } | null)?.outcome;
  return typeof outcome === 'string' && outcome !== 'confirmed';
}

describe('HTTP API property: random arguments', () => {
  for (const seed of [11, 29, 47]) {
    it(`never answer internal, and change nothing when refused (seed ${seed})`, async () => {
      const random = seededRandom(seed);
      const { pick, argsFor } = generator(random);
      const problems: string[] = [];
      let accepted = 0;
      for (let i = 0; i < 120; i++) {
        const channel = pick(CHANNEL_NAMES);
        const args = argsFor(channel);
        const before = await state();
        const res = await postJson(h.engine.apiPort!, `/api/${channel}`, h.engine.apiToken!, args);
        const env = res.json as { ok: boolean; value?: unknown; error?: { code: string; message: string } };
        const call = `${channel} ${JSON.stringify(args).slice(0, 160)}`;
        if (res.status !== 200 || typeof env?.ok !== 'boolean') {
          problems.push(`${call}: HTTP ${res.status} ${res.text.slice(0, 120)}`);
          continue;
        }
        if (!env.ok && env.error?.code === 'internal') problems.push(`${call}: internal — ${env.error.message}`);
        if (env.ok) accepted++;
        if (refused(env)) {
          const after = await state();
          if (JSON.stringify(after) !== JSON.stringify(before))
            problems.push(`${call}: refused (${JSON.stringify(env).slice(0, 120)}) but the state changed`);
        }
      }
      expect(problems).toEqual([]);
      // The shapes are not all rejected at the door: enough calls reach the engine to mean something.
      expect(accepted).toBeGreaterThan(20);
      expect(await agent.keyNames()).toEqual([]);
    }, 120_000);
  }
});
