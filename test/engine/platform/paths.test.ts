import { describe, expect, it } from 'vitest';
import { resolvePaths } from '../../../main/engine/platform/paths.ts';

describe('resolvePaths', () => {
  it('puts everything under TRAILBOSS_HOME when it is set', () => {
    const p = resolvePaths({ env: { TRAILBOSS_HOME: '/srv/tb', XDG_CONFIG_HOME: '/x' }, platform: 'linux', homedir: '/home/u' });
    expect(p).toEqual({
      home: '/srv/tb',
      config: '/srv/tb/config.json',
      database: '/srv/tb/trailboss.db',
      lock: '/srv/tb/engine.lock',
      endpoint: '/srv/tb/endpoint.json',
      logs: '/srv/tb/logs',
      queueStatus: '/srv/tb/queue-status.json',
    });
  });

  it('resolves a relative TRAILBOSS_HOME against the given cwd', () => {
    const p = resolvePaths({ env: { TRAILBOSS_HOME: 'data' }, platform: 'linux', homedir: '/home/u', cwd: '/work' });
    expect(p.home).toBe('/work/data');
  });

  it('refuses a relative TRAILBOSS_HOME without a cwd', () => {
    expect(() => resolvePaths({ env: { TRAILBOSS_HOME: 'data' }, platform: 'linux', homedir: '/home/u' })).toThrow(/absolute/);
  });

  it('ignores an empty TRAILBOSS_HOME', () => {
    expect(resolvePaths({ env: { TRAILBOSS_HOME: '' }, platform: 'linux', homedir: '/home/u' }).home).toBe('/home/u/.config/trailboss');
  });

  it('uses XDG_CONFIG_HOME on Linux', () => {
    expect(resolvePaths({ env: { XDG_CONFIG_HOME: '/cfg' }, platform: 'linux', homedir: '/home/u' }).home).toBe('/cfg/trailboss');
  });

  it('ignores a relative XDG_CONFIG_HOME, as the XDG spec requires', () => {
    expect(resolvePaths({ env: { XDG_CONFIG_HOME: 'cfg' }, platform: 'linux', homedir: '/home/u' }).home).toBe('/home/u/.config/trailboss');
  });

  it('uses Application Support on macOS', () => {
    expect(resolvePaths({ env: {}, platform: 'darwin', homedir: '/Users/u' }).database).toBe(
      '/Users/u/Library/Application Support/Trail Boss/trailboss.db',
    );
  });

  it('uses APPDATA on Windows, with Windows separators', () => {
    const p = resolvePaths({ env: { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, platform: 'win32', homedir: 'C:\\Users\\u' });
    expect(p.config).toBe('C:\\Users\\u\\AppData\\Roaming\\Trail Boss\\config.json');
  });

  it('falls back to the roaming profile when APPDATA is missing on Windows', () => {
    expect(resolvePaths({ env: {}, platform: 'win32', homedir: 'C:\\Users\\u' }).home).toBe('C:\\Users\\u\\AppData\\Roaming\\Trail Boss');
  });
});
