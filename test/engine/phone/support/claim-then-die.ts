/**
 * A child process for the crash test: opens the engine's database, claims a press exactly as the
 * channel does (store.phone.claimPress: the token's use and the offset in one transaction) and is
 * SIGKILLed — inside that transaction (`inside`: before its commit) or right after it (`after`:
 * before any key could be sent).
 * Usage: claim-then-die.ts <db file> <token hash> <chat id> <message id> <next offset> inside|after
 */
import { silentLogger } from '../../../../main/engine/platform/log.ts';
import { systemClock } from '../../../../main/engine/platform/clock.ts';
import { openStore } from '../../../../main/engine/store/index.ts';

const [file, hash, chat, message, offset, when] = process.argv.slice(2) as [string, string, string, string, string, string];
const store = openStore(file, { clock: systemClock, logger: silentLogger });
if (when === 'inside') {
  store.transaction(() => {
    const claim = store.phone.claimPress(hash, Number(chat), Number(message), Date.now(), Number(offset));
    process.stdout.write(`${claim.kind}\n`);
    process.kill(process.pid, 'SIGKILL');
  });
} else {
  const claim = store.phone.claimPress(hash, Number(chat), Number(message), Date.now(), Number(offset));
  process.stdout.write(`${claim.kind}\n`);
  process.kill(process.pid, 'SIGKILL');
}
