import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { logDirectory, logFilePath, rotatingFileLogger } from '../../../main/engine/platform/log-file.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the log file', () => {
  it('lives in the platform’s log directory, or under TRAILBOSS_HOME', () => {
    expect(logFilePath({ env: {}, platform: 'darwin', homedir: '/Users/u' })).toBe('/Users/u/Library/Logs/Trail Boss/trailboss.log');
    expect(logFilePath({ env: {}, platform: 'linux', homedir: '/home/u' })).toBe('/home/u/.local/state/trailboss/trailboss.log');
    expect(logDirectory({ env: { XDG_STATE_HOME: '/s' }, platform: 'linux', homedir: '/home/u' })).toBe('/s/trailboss');
    expect(logDirectory({ env: { XDG_STATE_HOME: 'relative' }, platform: 'linux', homedir: '/home/u' })).toBe(
      '/home/u/.local/state/trailboss',
    );
    expect(logFilePath({ env: { TRAILBOSS_HOME: '/tb' }, platform: 'darwin', homedir: '/Users/u' })).toBe('/tb/logs/trailboss.log');
    expect(logFilePath({ env: { LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, platform: 'win32', homedir: 'C:\\Users\\u' })).toBe(
      'C:\\Users\\u\\AppData\\Local\\Trail Boss\\logs\\trailboss.log',
    );
  });

  it('writes JSON lines and rotates by size, keeping a bounded number of files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tb-log-'));
    dirs.push(dir);
    const file = join(dir, 'nested', 'trailboss.log');
    const logger = rotatingFileLogger(file, { maxBytes: 400, keep: 2 });
    for (let i = 0; i < 40; i++) logger.log('info', 'tick', { i, pad: 'x'.repeat(40) });
    const current = readFileSync(file, 'utf8').trim().split('\n');
    expect(JSON.parse(current.at(-1) as string)).toMatchObject({ level: 'info', event: 'tick', i: 39 });
    expect(readFileSync(file, 'utf8').length).toBeLessThanOrEqual(400);
    expect(existsSync(`${file}.1`)).toBe(true);
    expect(existsSync(`${file}.2`)).toBe(true);
    expect(existsSync(`${file}.3`)).toBe(false);
    // The newest rotated file continues where the current one starts.
    const previous = readFileSync(`${file}.1`, 'utf8').trim().split('\n');
    const first = JSON.parse(current[0] as string) as { i: number };
    expect(JSON.parse(previous.at(-1) as string)).toMatchObject({ i: first.i - 1 });
  });

  it('a write that fails goes to the fallback instead of throwing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tb-log-'));
    dirs.push(dir);
    const file = join(dir, 'trailboss.log');
    const fallback: string[] = [];
    const logger = rotatingFileLogger(file, { maxBytes: 1000, keep: 1 }, (line) => void fallback.push(line));
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, 'now a file, not a folder');
    logger.log('warn', 'lost', {});
    expect(fallback).toHaveLength(1);
    rmSync(dir, { force: true });
  });
});
