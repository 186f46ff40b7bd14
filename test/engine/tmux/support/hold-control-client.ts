// Child process for the "client process killed" test: opens a control-mode client on the named
// private server, prints its watcher session's name, then waits until it is killed.
import { systemClock } from '../../../../main/engine/platform/clock.ts';
import { silentLogger } from '../../../../main/engine/platform/log.ts';
import { realRunner } from '../../../../main/engine/platform/run.ts';
import { ControlModeClient } from '../../../../main/engine/tmux/control-client.ts';

const client = new ControlModeClient({ kind: 'name', name: process.argv[2] ?? '' }, realRunner, {
  logger: silentLogger,
  clock: systemClock,
});
await client.connect();
process.stdout.write(`${client.watcherSession}\n`);
setInterval(() => {}, 60_000);
