/**
 * A separate process that races for claims. It opens the store, drops a marker file, spins until
 * its peer's marker exists (so both claim loops start together, whatever the spawn delays), tries
 * to claim every open item, and prints `{ won, start, end }` (ids won, epoch ms) as one JSON line.
 * Usage: node --import tsx claim-worker.ts <db file> <my name> <peer name>
 */
import fs from 'node:fs';
import { systemClock } from '../../../../main/engine/platform/clock.ts';
import { silentLogger } from '../../../../main/engine/platform/log.ts';
import { openStore } from '../../../../main/engine/store/open-store.ts';

const [file, name, peer] = process.argv.slice(2);
if (!file || !name || !peer) throw new Error('usage: claim-worker.ts <db> <name> <peer>');
const store = openStore(file, { clock: systemClock, logger: silentLogger, busyTimeoutMs: 10_000 });
const ids = store.items.list().map((i) => i.id);

fs.writeFileSync(`${file}.${name}.ready`, '');
const deadline = systemClock.now() + 20_000;
while (!fs.existsSync(`${file}.${peer}.ready`)) {
  // spin: a timer would add its own jitter
  if (systemClock.now() > deadline) throw new Error(`peer ${peer} never got ready`);
}

const start = systemClock.now();
const won = ids.filter((id) => store.items.claim(id, name));
const end = systemClock.now();
store.close();
process.stdout.write(JSON.stringify({ won, start, end }) + '\n');
