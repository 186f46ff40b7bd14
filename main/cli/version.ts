/** The package's version, read from package.json two folders up (true for main/cli and for the dist/cli bundle). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The version in package.json, or 'unknown' when it cannot be read. */
export function cliVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
