/** Read a pane capture from test/fixtures/panes: plain lines and, when captured, the colour lines. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PaneCapture } from '../../../../main/engine/runtimes/types.ts';

const ROOT = join(import.meta.dirname, '../../../fixtures/panes');

const toLines = (text: string) => text.replace(/\n$/, '').split('\n');

/** Names (without `.txt`) of every capture in a runtime's fixture folder. */
export function captureNames(runtime: string): string[] {
  return readdirSync(join(ROOT, runtime))
    .filter((f) => f.endsWith('.txt'))
    .map((f) => f.slice(0, -4))
    .sort();
}

/** The capture `name` of `runtime`, with colour lines when an `.ansi` file exists and `colour` is true. */
export function loadCapture(runtime: string, name: string, colour = true): PaneCapture {
  const base = join(ROOT, runtime, name);
  const lines = toLines(readFileSync(`${base}.txt`, 'utf8'));
  if (!colour || !existsSync(`${base}.ansi`)) return { lines };
  return { lines, ansiLines: toLines(readFileSync(`${base}.ansi`, 'utf8')) };
}
