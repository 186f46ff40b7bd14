// Rule guarded: a durable write leaves the old file or the new one (never half, never a stray temp
// file), with exactly the mode asked for, and create-only never replaces what is there.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeFileAtomic } from '../../../main/engine/platform/atomic-write.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tb-atomic-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('creates missing directories and writes the content', () => {
    const file = path.join(dir, 'a', 'b', 'f.txt');
    writeFileAtomic(file, 'hello\n');
    expect(readFileSync(file, 'utf8')).toBe('hello\n');
    expect(readdirSync(path.dirname(file))).toEqual(['f.txt']);
  });

  it('replaces an existing file and leaves no temp file', () => {
    const file = path.join(dir, 'f.txt');
    writeFileSync(file, 'old');
    writeFileAtomic(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['f.txt']);
  });

  it('sets exactly the mode asked for, whatever the umask would make of it', () => {
    const file = path.join(dir, 'f.txt');
    const old = process.umask(0o077);
    try {
      writeFileAtomic(file, 'x', { mode: 0o644 });
    } finally {
      process.umask(old);
    }
    expect(statSync(file).mode & 0o777).toBe(0o644);
    writeFileAtomic(file, 'y', { mode: 0o600 });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('gives created directories the directory mode', () => {
    const file = path.join(dir, 'private', 'f.txt');
    writeFileAtomic(file, 'x', { mode: 0o600, dirMode: 0o700 });
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });

  it('create-only refuses an existing file with EEXIST and leaves it and the directory untouched', () => {
    const file = path.join(dir, 'token');
    writeFileAtomic(file, 'first', { exclusive: true });
    let code: string | undefined;
    try {
      writeFileAtomic(file, 'second', { exclusive: true });
    } catch (err) {
      code = (err as NodeJS.ErrnoException).code;
    }
    expect(code).toBe('EEXIST');
    expect(readFileSync(file, 'utf8')).toBe('first');
    expect(readdirSync(dir)).toEqual(['token']);
  });

  it('throws when the target cannot be replaced and removes its temp file', () => {
    const file = path.join(dir, 'taken');
    mkdirSync(path.join(file, 'inside'), { recursive: true });
    expect(() => writeFileAtomic(file, 'x')).toThrow();
    expect(readdirSync(dir)).toEqual(['taken']);
  });

  it('fsyncs the file and its directory by default, and neither with durable: false (still atomic)', () => {
    const file = path.join(dir, 'status.json');
    writeFileSync(file, 'old');
    const fsync = vi.spyOn(fs, 'fsyncSync');
    try {
      writeFileAtomic(file, 'durable');
      expect(fsync).toHaveBeenCalledTimes(2);
      fsync.mockClear();
      writeFileAtomic(file, 'cheap', { durable: false });
      expect(fsync).not.toHaveBeenCalled();
    } finally {
      fsync.mockRestore();
    }
    expect(readFileSync(file, 'utf8')).toBe('cheap');
    expect(readdirSync(dir)).toEqual(['status.json']);
  });
});
