/** Reads Claude captures from test/fixtures/panes/claude (the project's own copy; tests never read /work/shared). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PaneCapture } from '../../../../main/engine/runtimes/types.ts';

/** Folder of the 2.1.329 captures; `v2.1.197/` inside it holds the older ones. */
export const CLAUDE_FIXTURES = join(import.meta.dirname, '../../../fixtures/panes/claude');
export const V197 = 'v2.1.197';

const toLines = (text: string): string[] => text.replace(/\n$/, '').split('\n');

/** Capture names (without .txt) in one folder. */
export function captureNames(folder: string): string[] {
  return readdirSync(folder)
    .filter((n) => n.endsWith('.txt'))
    .map((n) => n.slice(0, -'.txt'.length))
    .sort();
}

/** Plain lines of a capture (`capture-pane -p`). */
export function plainLines(folder: string, name: string): string[] {
  return toLines(readFileSync(join(folder, `${name}.txt`), 'utf8'));
}

/** The capture as the observer hands it over: plain lines, plus the colour lines when captured. */
export function loadCapture(folder: string, name: string): PaneCapture {
  const ansiPath = join(folder, `${name}.ansi`);
  const lines = plainLines(folder, name);
  return existsSync(ansiPath) ? { lines, ansiLines: toLines(readFileSync(ansiPath, 'utf8')) } : { lines };
}

/** A `key=value` field of a capture's .meta file, or null (startup-onboarding-connect-error has none). */
export function metaField(folder: string, name: string, key: string): string | null {
  const path = join(folder, `${name}.meta`);
  if (!existsSync(path)) return null;
  const line = readFileSync(path, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${key}=`));
  return line ? line.slice(key.length + 1) : null;
}
