/** `trailboss doctor`'s engine-health check: the running engine's uptime, memory and sizes, and the retention in force. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatUptime } from '../../main/cli/doctor/checks/engine-health.ts';
import { cli } from '../support/cli-context.ts';
import type { EngineHarness } from '../support/engine-harness.ts';
import { startEngineHarness } from '../support/engine-harness.ts';

interface Report {
  checks: { id: string; status: string; detail: string }[];
}

let harness: EngineHarness | null = null;
afterEach(async () => {
  await harness?.dispose();
  harness = null;
});

async function health(home: string, id = 'engine-health'): Promise<Report['checks'][number] | undefined> {
  const run = await cli(['doctor', '--json', '--tmux-socket', join(home, 'no-server')], {
    home,
    env: { TRAILBOSS_HOME: join(home, 'tb') },
  });
  return (JSON.parse(run.stdout) as Report).checks.find((c) => c.id === id);
}

describe('trailboss doctor: engine health', () => {
  it('with no engine, shows the retention the config sets (audit kept for ever unless set)', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tb-doctor-health-'));
    mkdirSync(join(home, 'tb'));
    writeFileSync(join(home, 'tb', 'config.json'), JSON.stringify({ retention: { historyDays: 30 } }));
    expect(await health(home)).toMatchObject({
      status: 'advice',
      detail: 'no engine running; keeps wait history 30 d, resolved items 90 d, the audit of keys sent for ever',
    });
  }, 30_000);

  it('with an engine running, shows its uptime, memory, database and log sizes and its retention', async () => {
    harness = await startEngineHarness({ api: true });
    const found = await health(harness.home);
    expect(found?.status).toBe('ok');
    expect(found?.detail).toMatch(
      /^up \d+ s \(pid \d+\); memory \d+\.\d MB \(V8 heap \d+\.\d MB\); database \d+\.\d MB \+ WAL \d+\.\d MB; log \d+\.\d MB; keeps wait history 90 d, resolved items 90 d, the audit of keys sent for ever$/,
    );
  }, 30_000);

  it('says which observe mode the running engine uses on each server (events by default), and the configured one without an engine', async () => {
    harness = await startEngineHarness({ api: true });
    const found = await health(harness.home, 'observe-mode');
    expect(found?.status).toBe('ok');
    expect(found?.detail).toMatch(/^events: tmux says when a pane changes — .+: events/);
    const home = mkdtempSync(join(tmpdir(), 'tb-doctor-observe-'));
    mkdirSync(join(home, 'tb'));
    writeFileSync(join(home, 'tb', 'config.json'), JSON.stringify({ observe: { mode: 'poll' } }));
    expect(await health(home, 'observe-mode')).toMatchObject({
      status: 'ok',
      detail: 'poll (configured; no engine running to say what runs)',
    });
  }, 60_000);

  it('writes uptime as a person reads it', () => {
    expect([42, 125, 3900, 93_600].map(formatUptime)).toEqual(['42 s', '2 min', '1 h 05 min', '1 d 2 h']);
  });
});
