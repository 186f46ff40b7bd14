/**
 * A configured host in the real window: when its sshd goes away the window shows one banner for the
 * host ("Host box unreachable since …") and its agent's row says so; when sshd is back both clear.
 * Real OpenSSH on loopback (test/support/sshd.ts), a private tmux behind it, the real daemon.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { startSshd, type TestSshd } from '../../support/sshd.ts';
import { startPrivateTmux, type PrivateTmux } from '../../support/tmux-server.ts';
import { remoteHostConfig, REMOTE_HOST } from '../../support/remote-harness.ts';
import { expect, test } from '../support/rig.ts';

let sshd: TestSshd | null = null;
let remote: PrivateTmux | null = null;
test.afterEach(async () => {
  await remote?.kill();
  await sshd?.dispose();
  remote = null;
  sshd = null;
});

test('an unreachable host gets a banner and its row says so; both clear when it is back', async ({ rig, queue }) => {
  sshd = await startSshd();
  const socket = join(sshd.dir, 'remote-tmux.sock');
  remote = await startPrivateTmux({ socketPath: socket });
  await startScriptedAgent(remote, claudePermBash(), { session: 'gpu-worker' });
  // A host added while the daemon runs is picked up from the config file.
  writeFileSync(join(rig.daemon.home, 'config.json'), JSON.stringify({ hosts: [remoteHostConfig(sshd, socket)] }));
  const page = queue.page;
  const row = queue.item(`${REMOTE_HOST}: gpu-worker:0.0`);
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  const banner = page.locator(`.host-outage[data-host="${REMOTE_HOST}"]`);
  await expect(banner).toHaveCount(0);

  await sshd.stop();
  await expect(banner).toHaveCount(1, { timeout: 30_000 });
  await expect(banner).toContainText(new RegExp(`^Host ${REMOTE_HOST} unreachable since .+ \\(\\d+s\\): the host cannot be reached`));
  await expect(banner).toContainText('Its agents keep their place; nothing is sent to it.');
  await expect(row).toContainText('host unreachable');

  await sshd.start();
  await expect(banner).toHaveCount(0, { timeout: 60_000 });
  await expect(row).not.toContainText('host unreachable', { timeout: 30_000 });
});
