import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkStatusOwner, parseProcStat, procIdentityReader } from '../../../main/engine/claude-signals/pid-guard.ts';
import type { ClaudeStatusFile } from '../../../main/engine/claude-signals/status-file.ts';
import { parseStatusFile } from '../../../main/engine/claude-signals/status-file.ts';
import { tempDir } from '../http/http-helpers.ts';

function statusFile(json: string): ClaudeStatusFile {
  const r = parseStatusFile(json, null);
  if (!r.ok) throw new Error(r.error);
  return r.file;
}

const file = statusFile('{"pid":16501,"procStart":"435299","startedAt":1795215390728,"status":"waiting"}');

describe('checkStatusOwner', () => {
  it('accepts the process whose start ticks match procStart', () => {
    expect(checkStatusOwner(file, { alive: true, startTicks: '435299', startedAtMs: null })).toBe('same-process');
  });

  it('flags a reused pid: same pid, another start', () => {
    expect(checkStatusOwner(file, { alive: true, startTicks: '999999', startedAtMs: null })).toBe('reused');
  });

  it('says gone when no process has the pid', () => {
    expect(checkStatusOwner(file, { alive: false, startTicks: null, startedAtMs: null })).toBe('gone');
  });

  it('falls back to startedAt within 10 s when there is no procStart', () => {
    const old = statusFile('{"pid":5,"startedAt":1795215390728}');
    expect(checkStatusOwner(old, { alive: true, startTicks: '1', startedAtMs: 1795215391000 })).toBe('same-process');
    expect(checkStatusOwner(old, { alive: true, startTicks: '1', startedAtMs: 1795215490728 })).toBe('reused');
  });

  it('is unknown where the platform cannot tell', () => {
    expect(checkStatusOwner(file, null)).toBe('unknown');
  });
});

describe('/proc reading', () => {
  it('parses ppid and start ticks even when comm holds spaces and parentheses', () => {
    const stat = '4242 (tmux: server) (x)) S 1 4242 4242 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 1 0 455341 1000 10 18446744073709551615';
    expect(parseProcStat(stat)).toEqual({ ppid: 1, startTicks: '455341' });
  });

  describe('procIdentityReader over a fake /proc', () => {
    let dir: string;
    let cleanup: () => void;
    beforeEach(() => ({ dir, cleanup } = tempDir('tb-proc')));
    afterEach(() => cleanup());

    it('reads start ticks and start time from stat and btime', () => {
      mkdirSync(path.join(dir, '77'));
      writeFileSync(path.join(dir, 'stat'), 'cpu 1 2 3\nbtime 1795210000\n');
      writeFileSync(path.join(dir, '77', 'stat'), '77 (claude) S 10 77 77 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 12345 0 0');
      expect(procIdentityReader(dir)(77)).toEqual({ alive: true, startTicks: '12345', startedAtMs: 1795210000 * 1000 + 123450 });
      expect(procIdentityReader(dir)(78)).toEqual({ alive: false, startTicks: null, startedAtMs: null });
    });

    it('identifies this very process on the real /proc', () => {
      const me = procIdentityReader()(process.pid);
      expect(me?.alive).toBe(true);
      expect(me?.startTicks).toMatch(/^\d+$/);
      // btime has 1 s resolution and ticks 10 ms: the computed start is within a few seconds of ours.
      expect(Math.abs((me?.startedAtMs ?? 0) - performance.timeOrigin)).toBeLessThan(3_000);
    });
  });
});
