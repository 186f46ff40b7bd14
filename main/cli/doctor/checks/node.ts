/** Doctor check: which Node runs Trail Boss (the launcher already refused one that is too old). */
import { ok, type DoctorCheck } from '../check.ts';

export const nodeCheck: DoctorCheck = {
  id: 'node',
  title: 'Node.js',
  run: async () => ok(`Node.js ${process.version} at ${process.execPath} (needs 22.12 or newer)`),
};
