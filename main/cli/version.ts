/** The package's version, from its package.json (found from sources and bundles alike). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../engine/platform/package-root.ts';

/** The version in package.json, or 'unknown' when it cannot be read. */
export function cliVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
