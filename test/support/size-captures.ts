/** The real captures at every pane size (test/fixtures/panes/<runtime>/sizes, `test/live/capture-sizes.ts`). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PaneCapture, RuntimeId } from '../../main/engine/runtimes/types.ts';

/** The sizes folder of one runtime. */
export const sizesDir = (runtime: RuntimeId): string => join(import.meta.dirname, '../fixtures/panes', runtime, 'sizes');

const toLines = (text: string): string[] => text.replace(/\n$/, '').split('\n');

/** A size capture as the observer hands it over: plain lines and colour lines. */
export function loadSizeCapture(runtime: RuntimeId, name: string): PaneCapture {
  const base = join(sizesDir(runtime), name);
  return { lines: toLines(readFileSync(`${base}.txt`, 'utf8')), ansiLines: toLines(readFileSync(`${base}.ansi`, 'utf8')) };
}
