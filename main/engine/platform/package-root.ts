/** The installed package's (or repository's) root folder, found the same way from sources and from bundles. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

let cached: string | null = null;

/**
 * The nearest folder above this module whose package.json is Trail Boss's. Bundles put this code at
 * other depths than the sources (dist/cli/chunks/…), so the root is looked up, never counted in `..`.
 */
export function packageRoot(): string {
  if (cached !== null) return cached;
  let dir = import.meta.dirname;
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file) && isTrailBoss(file)) return (cached = dir);
    const up = dirname(dir);
    if (up === dir) throw new Error(`cannot find Trail Boss's package.json above ${import.meta.dirname}`);
    dir = up;
  }
}

function isTrailBoss(file: string): boolean {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'trailboss';
  } catch {
    return false;
  }
}
