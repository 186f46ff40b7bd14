/**
 * A separate process contending for the engine lock, driven line by line on stdin (Node strips
 * the types itself): `try <file>` answers `won`, `locked <pid>` or `error <message>`; `release`
 * lets go of a lock it won and answers `released`.
 */
import { createInterface } from 'node:readline';
import { acquireEngineLock, EngineLockedError } from '../../../../main/engine/platform/engine-lock.ts';
import type { EngineLock } from '../../../../main/engine/platform/engine-lock.ts';

let held: EngineLock | null = null;
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const [command, arg] = line.split(' ');
  if (command === 'try') {
    try {
      held = acquireEngineLock(arg!, process.pid);
      process.stdout.write('won\n');
    } catch (error) {
      process.stdout.write(
        error instanceof EngineLockedError ? `locked ${error.ownerPid}\n` : `error ${String(error).replaceAll('\n', ' ')}\n`,
      );
    }
  } else if (command === 'release') {
    held?.release();
    held = null;
    process.stdout.write('released\n');
  }
});
process.stdout.write('ready\n');
