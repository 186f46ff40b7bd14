/**
 * Persists a notification pause in the config file (`notifications.pausedUntil`), so "until
 * resumed" survives a restart. Only that key changes: the user's file keeps its other keys as
 * written (a missing file gets just this key; defaults stay defaults).
 */
import fs from 'node:fs';
import { saveConfig } from '../../engine/config/index.ts';
import type { ConfigInput } from '../../engine/config/index.ts';

/** Writes `pausedUntil` into the config file. Returns why not when the file cannot be read or written. */
export function persistPausedUntil(file: string, pausedUntil: number | null): { ok: true } | { ok: false; problem: string } {
  let current: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      return { ok: false, problem: `${file} does not hold a JSON object; not touching it` };
    current = parsed as Record<string, unknown>;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    // A broken file is the user's to fix (the engine reports it); overwriting it would lose their edits.
    if (e.code !== 'ENOENT') return { ok: false, problem: `cannot read ${file}: ${e.message}` };
  }
  const notifications =
    typeof current['notifications'] === 'object' && current['notifications'] !== null
      ? (current['notifications'] as Record<string, unknown>)
      : {};
  const next = { ...current, notifications: { ...notifications, pausedUntil } } as ConfigInput;
  const saved = saveConfig(file, next);
  return saved.ok ? { ok: true } : { ok: false, problem: saved.errors.map((e) => `${e.path || file}: ${e.message}`).join('; ') };
}
