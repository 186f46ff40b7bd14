/**
 * The pairing code's ten minutes, on a hand-driven clock: the service over a real store (SQLite in a
 * temp dir) and the stand-in Bot API (Telegram cannot be reached from here).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PairingService } from '../../../main/engine/phone/pairing-service.ts';
import { PAIRING_CODE_MS } from '../../../main/engine/phone/pairing.ts';
import { MemoryLogger } from '../../../main/engine/platform/log.ts';
import type { Store } from '../../../main/engine/store/index.ts';
import { openStore } from '../../../main/engine/store/index.ts';
import { BotApiStandIn } from '../../support/bot-api/stand-in.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { poll } from '../../support/poll.ts';
import { OWNER } from './support.ts';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function rig() {
  const dir = mkdtempSync(join(tmpdir(), 'tb-pairing-'));
  const clock = new ManualClock(1_000_000);
  const store: Store = openStore(join(dir, 'trailboss.db'), { clock, logger: new MemoryLogger() });
  const tg = await BotApiStandIn.start();
  const service = new PairingService({
    store,
    logger: new MemoryLogger(),
    now: () => clock.now(),
    tokenFile: join(dir, 'telegram-bot-token'),
    apiBase: () => tg.apiBase,
    saveApiBase: () => null,
    pollTimeoutS: 1,
  });
  cleanup.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => store.close(),
    () => tg.close(),
    () => service.dispose(),
  );
  return { clock, store, tg, service, tokenFile: join(dir, 'telegram-bot-token') };
}

describe('a pairing code', () => {
  it('expires after 10 minutes: waiting turns expired, and the engine may poll again', async () => {
    const { clock, store, tg, service } = await rig();
    const started = await service.start(tg.token, null);
    if (!started.ok) throw new Error(started.error.message);
    expect(started.value.expiresAt).toBe(clock.now() + PAIRING_CODE_MS);
    expect(store.phone.pairing().pairingUntil).toBe(started.value.expiresAt);
    clock.advance(PAIRING_CODE_MS - 1);
    expect(service.status(started.value.pairingId)).toEqual({ ok: true, value: { state: 'waiting', expiresAt: started.value.expiresAt } });
    clock.advance(1);
    expect(service.status(started.value.pairingId)).toEqual({ ok: true, value: { state: 'expired' } });
    // The supervisor's rule: a pairing in progress only until it expires.
    expect(store.phone.pairing().pairingUntil! > clock.now()).toBe(false);
  });

  it('cannot be confirmed once expired, even after Start was tapped', async () => {
    const { clock, store, tg, service, tokenFile } = await rig();
    const started = await service.start(tg.token, null);
    if (!started.ok) throw new Error(started.error.message);
    tg.sendText(OWNER, `/start ${started.value.link.split('?start=')[1]}`);
    await poll(() => {
      const s = service.status(started.value.pairingId);
      return s.ok && s.value.state === 'found';
    }, 'Start seen');
    clock.advance(PAIRING_CODE_MS);
    expect(service.confirm(started.value.pairingId)).toEqual({
      ok: false,
      error: { code: 'gone', message: 'the pairing code expired (10 minutes); start again' },
    });
    expect(existsSync(tokenFile)).toBe(false);
    expect(store.phone.pairing().chatId).toBeNull();
  });
});
