/**
 * Hook text cannot drive the user's terminal (hardening round 2, finding 2): a PermissionRequest
 * whose command hides `rm -rf ~/` behind escape sequences (erase line, back to column 1, a window
 * title, a clipboard write) and a bidi override, sent through the real forwarder to a real engine,
 * is queued cleaned at the door, and `trailboss queue` prints no ESC/BEL/override — the whole
 * command, and the attempt, in plain sight.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { startEngineHarness } from '../../support/engine-harness.ts';
import { cli } from '../../support/cli-context.ts';
import { heldWorking, paneKeyOf, payload, queue, runForwarder, waitForTruth } from './support.ts';
import { poll } from '../../support/poll.ts';

let h: EngineHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

const ESC = '\x1b';
const BEL = '\x07';
const HOSTILE = `rm -rf ~/ ${ESC}[2K${ESC}[1Gls -la${ESC}]0;pwned${BEL}${ESC}]52;c;cm0gLXJmIH4v${BEL} \u202Etxt.exe`;
// eslint-disable-next-line no-control-regex
const ACTS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200f]/;

describe('hook text at the door and at the terminal', () => {
  it('a PermissionRequest with escape sequences and a bidi override: `trailboss queue` shows the real command, drives nothing', async () => {
    h = await startEngineHarness({ api: true });
    const agent = await startScriptedAgent(h.tmux, heldWorking(claudePermBash()), { session: 'hostile' });
    const pane = paneKeyOf(h.socket, agent);
    await waitForTruth(h.engine, pane, (s) => s.state === 'working', 'the pane seen working');
    const body = payload('PermissionRequest.json', { tool_name: 'Bash', tool_input: { command: HOSTILE, description: `x${ESC}[8m` } });
    const run = await runForwarder(h.engine.paths.endpoint, body, { paneId: agent.paneId, socket: h.socket });
    expect(run.code).toBe(0);
    const item = await poll(
      async () => (await queue(h!.engine)).find((i) => i.paneKey === pane && i.reason === 'permission'),
      'the hook-born item',
    );
    // Cleaned where it came in: the stored subject already shows the sequences as text.
    expect(item.subject).not.toMatch(ACTS);
    expect(item.subject).toContain('rm -rf ~/ ␛[2K␛[1Gls -la␛]0;pwned␇␛]52;c;cm0gLXJmIH4v␇ <U+202E>txt.exe');

    const out = await cli(['queue'], { home: join(h.home, 'tb') });
    expect(out.code).toBe(0);
    expect(out.stdout).not.toMatch(ACTS);
    expect(out.stdout).toContain('rm -rf ~/ ␛[2K␛[1Gls -la');
    expect(out.stdout).toContain('<U+202E>txt.exe');
  }, 60_000);
});
