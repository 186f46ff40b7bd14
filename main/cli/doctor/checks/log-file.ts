/** Doctor check: where the desktop app writes its log (the first place to look when it misbehaves). */
import { existsSync, statSync } from 'node:fs';
import { logFilePath } from '../../../engine/platform/log-file.ts';
import { advice, ok, type DoctorCheck } from '../check.ts';

export const logFileCheck: DoctorCheck = {
  id: 'log-file',
  title: 'desktop app log',
  async run({ ctx }) {
    const file = logFilePath({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd });
    if (!existsSync(file)) return advice(`${file} (not written yet: the desktop app has not run with this data directory)`, null);
    return ok(`${file} (${Math.ceil(statSync(file).size / 1024)} KB; older ones beside it as .1 … .4)`);
  },
};
