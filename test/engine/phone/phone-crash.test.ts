/**
 * A kill -9 between a token's use and the offset's commit never sends a key twice: the two are one
 * SQLite transaction, so a crash inside it leaves both undone (the press comes again and acts once)
 * and a crash after it leaves both done (the press is never seen again and sends nothing).
 * Real engine, scripted agent in a private tmux server, stand-in Bot API (Telegram cannot be reached).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { hashOfPressData } from '../../../main/engine/phone/press-token.ts';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { poll } from '../../support/poll.ts';
import type { PhoneRig } from './support.ts';
import { OWNER, startPhoneRig, waitForAnswer, waitForMessage } from './support.ts';
import { waitForItem } from '../../support/chat-rig.ts';

const child = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'claim-then-die.ts');

let rig: PhoneRig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

/** Run the claiming child to its SIGKILL; what it printed. */
function claimThenDie(args: readonly string[]): Promise<{ signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const p = spawn(process.execPath, ['--import', 'tsx', child, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.on('error', fail);
    p.on('close', (_code, signal) => done({ signal, stdout, stderr }));
  });
}

/** A prompt, its message, the engine stopped, and the owner's Approve press waiting at the stand-in. */
async function pressWhileStopped(r: PhoneRig) {
  const agent = await startScriptedAgent(r.h.tmux, claudePermBash(), { session: 'api-worker' });
  await waitForItem(r.h, (i) => i.reason === 'permission' && i.approveLabel !== null, 'a permission item');
  const m = await waitForMessage(r);
  const data = m.keyboard!.flat()[0]!.callback_data;
  await r.h.engine.stop();
  const updateId = r.tg.pressData(OWNER, OWNER.id, m.message_id, data);
  const db = path.join(r.h.home, 'tb', 'trailboss.db');
  return { agent, args: [db, hashOfPressData(data)!, String(OWNER.id), String(m.message_id), String(updateId + 1)] };
}

describe('phone: a crash between a token use and the offset commit', () => {
  it('killed inside the transaction: nothing was kept, the press comes again and sends the key once', async () => {
    rig = await startPhoneRig();
    const { agent, args } = await pressWhileStopped(rig);
    const died = await claimThenDie([...args, 'inside']);
    expect(died).toMatchObject({ signal: 'SIGKILL', stdout: 'claimed\n' });
    await rig.h.restart();
    expect(await waitForAnswer(rig.tg, 1)).toMatch(/^✅ Approved/);
    await poll(() => rig!.tg.pendingUpdates() === 0, 'the press confirmed');
    expect(await agent.keyNames()).toEqual(['1']);
  });

  it('killed right after the commit: the press is used and confirmed, so no key is ever sent for it', async () => {
    rig = await startPhoneRig();
    const { agent, args } = await pressWhileStopped(rig);
    const died = await claimThenDie([...args, 'after']);
    expect(died).toMatchObject({ signal: 'SIGKILL', stdout: 'claimed\n' });
    await rig.h.restart();
    // The engine polls from the committed offset: the stand-in forgets the press without delivering it again.
    await poll(() => rig!.tg.pendingUpdates() === 0 && rig!.h.engine.store.phone.pairing().lastPollAt !== null, 'a poll past the press');
    expect(rig.tg.answers).toEqual([]);
    expect(await agent.keyNames()).toEqual([]);
  });
});
