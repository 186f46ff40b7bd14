import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../main/engine/config/index.ts';
import { persistPausedUntil } from '../../../main/shell/app/pause-store.ts';
import { PAUSED_INDEFINITELY } from '../../../main/engine/notify/pause.ts';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tb-pause-'));
  file = join(dir, 'config.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('persistPausedUntil', () => {
  it('writes only the pause into a missing file', () => {
    expect(persistPausedUntil(file, 123)).toEqual({ ok: true });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ notifications: { pausedUntil: 123 } });
  });

  it('keeps the user’s other keys, and the engine reads the pause back', () => {
    writeFileSync(file, JSON.stringify({ hotkeys: { jumpOldest: null }, notifications: { enabled: false } }));
    persistPausedUntil(file, PAUSED_INDEFINITELY);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      hotkeys: { jumpOldest: null },
      notifications: { enabled: false, pausedUntil: PAUSED_INDEFINITELY },
    });
    const loaded = loadConfig(file);
    expect(loaded.ok && loaded.config.notifications).toMatchObject({ enabled: false, pausedUntil: PAUSED_INDEFINITELY });
  });

  it('clears the pause with null', () => {
    persistPausedUntil(file, 5);
    persistPausedUntil(file, null);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ notifications: { pausedUntil: null } });
  });

  it('leaves a broken file alone and says why', () => {
    writeFileSync(file, '{ not json');
    expect(persistPausedUntil(file, 1)).toMatchObject({ ok: false, problem: expect.stringContaining('cannot read') });
    expect(readFileSync(file, 'utf8')).toBe('{ not json');
  });
});
