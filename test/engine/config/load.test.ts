import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, type ConfigResult } from '../../../main/engine/config/load.ts';
import { DEFAULT_CONFIG } from '../../../main/engine/config/schema.ts';
import { tempDir } from './support/temp-dir.ts';

function write(text: string): string {
  const file = path.join(tempDir(), 'config.json');
  fs.writeFileSync(file, text);
  return file;
}

function errorsOf(result: ConfigResult) {
  if (result.ok) throw new Error('expected errors, got a valid config');
  return result.errors;
}

describe('loadConfig', () => {
  it('gives the defaults for a missing file, and does not create it', () => {
    const file = path.join(tempDir(), 'config.json');
    expect(loadConfig(file)).toEqual({ ok: true, config: DEFAULT_CONFIG });
    expect(fs.existsSync(file)).toBe(false);
  });

  it('reads a valid file', () => {
    const r = loadConfig(write('{ "tmux": { "sockets": ["/tmp/s"] } }'));
    expect(r.ok && r.config.tmux.sockets).toEqual(['/tmp/s']);
  });

  it('reads a file that starts with a byte-order mark', () => {
    expect(loadConfig(write('\uFEFF{}')).ok).toBe(true);
  });

  it('gives the line and column of a JSON mistake', () => {
    expect(errorsOf(loadConfig(write('{\n  "hooks": {\n    "port": 0,\n  }\n}')))).toEqual([
      { path: '', message: 'invalid JSON at line 4, column 3: trailing comma before "}" (JSON allows none)' },
    ]);
  });

  it('calls an empty file an error rather than guessing', () => {
    expect(errorsOf(loadConfig(write('  \n')))[0]?.message).toMatch(/empty/);
  });

  it('names the key path of an invalid setting', () => {
    expect(errorsOf(loadConfig(write('{"reminders": {"cadence": [0, "5m", "later"]}}')))[0]?.path).toBe('reminders.cadence.2');
  });

  it('reports a file it cannot read, naming it', () => {
    const dir = tempDir();
    expect(errorsOf(loadConfig(dir))[0]?.message).toContain(`cannot read ${dir}`);
  });
});
