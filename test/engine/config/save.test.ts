import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../main/engine/config/load.ts';
import { saveConfig } from '../../../main/engine/config/save.ts';
import { DEFAULT_CONFIG } from '../../../main/engine/config/schema.ts';
import { tempDir } from './support/temp-dir.ts';

describe('saveConfig', () => {
  it('writes a config that loads back to the same values, creating the directory', () => {
    const file = path.join(tempDir(), 'new', 'config.json');
    const saved = saveConfig(file, { ...DEFAULT_CONFIG, hooks: { enabled: false, port: 4545 } });
    expect(saved.ok).toBe(true);
    expect(loadConfig(file)).toEqual(saved);
  });

  it('writes a partial config as given, so unset keys keep following the defaults', () => {
    const file = path.join(tempDir(), 'config.json');
    saveConfig(file, { watchdog: { message: 'keep going' } });
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ watchdog: { message: 'keep going' } });
  });

  it('writes nothing for an invalid config and reports the key path', () => {
    const file = path.join(tempDir(), 'config.json');
    fs.writeFileSync(file, '{"hooks":{"port":1234}}');
    const r = saveConfig(file, { hooks: { port: -5 } });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors[0]?.path).toBe('hooks.port');
    expect(fs.readFileSync(file, 'utf8')).toBe('{"hooks":{"port":1234}}');
  });

  it('leaves no temp file behind and makes the file readable by the user only', () => {
    const dir = tempDir();
    const file = path.join(dir, 'config.json');
    saveConfig(file, {});
    expect(fs.readdirSync(dir)).toEqual(['config.json']);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('reports a write failure as an issue naming the file', () => {
    const dir = tempDir();
    const file = path.join(dir, 'config.json');
    fs.mkdirSync(file);
    const r = saveConfig(file, {});
    expect(!r.ok && r.errors[0]?.message).toContain(`cannot write ${file}`);
    expect(fs.readdirSync(dir)).toEqual(['config.json']);
  });

  it("keeps the user's comments in the file when it changes a setting", () => {
    const file = path.join(tempDir(), 'config.json');
    fs.writeFileSync(file, '{\n  // 4545 clashes with the VPN\n  "hooks": { "port": 4546 }\n}\n');
    expect(saveConfig(file, { hooks: { port: 4547 } }).ok).toBe(true);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('// 4545 clashes with the VPN');
    expect(loadConfig(file)).toMatchObject({ ok: true, config: { hooks: { port: 4547 } } });
  });
});
