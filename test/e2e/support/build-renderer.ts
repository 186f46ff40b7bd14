/** Builds the renderer (`vite build` → dist/renderer), which `trailboss daemon --ui` serves. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './daemon.ts';

/** Runs `vite build` in the repo; throws with its output when it fails. */
export function buildRenderer(): void {
  const r = spawnSync(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'error'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`vite build failed (${String(r.status)}):\n${r.stdout}\n${r.stderr}`);
}
