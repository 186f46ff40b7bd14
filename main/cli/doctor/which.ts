/** Where a program is on a PATH (what a shell would run), without running it. */
import { accessSync, constants, statSync } from 'node:fs';
import { join } from 'node:path';

/** The first executable file called `name` in `path` (colon-separated), or null. */
export function which(name: string, path: string | undefined): string | null {
  for (const dir of (path ?? '').split(':')) {
    if (dir === '') continue;
    const file = join(dir, name);
    try {
      if (statSync(file).isFile()) {
        accessSync(file, constants.X_OK);
        return file;
      }
    } catch {
      // Not here, or not executable: keep looking, as a shell does.
    }
  }
  return null;
}
