import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStatusFile, readStatusFiles } from '../../../main/engine/claude-signals/status-dir.ts';
import { parseStatusFile, parseTmuxField, statusHintOf } from '../../../main/engine/claude-signals/status-file.ts';
import { MemoryLogger, silentLogger } from '../../../main/engine/platform/log.ts';
import { tempDir } from '../http/http-helpers.ts';

const DIRS = ['test/fixtures/transcripts/claude/sessions-pid-json', 'test/fixtures/transcripts/claude/v2.1.197/sessions-pid-json'];
const fixture = (dir: string, name: string): string => readFileSync(path.join(dir, name), 'utf8');

function parsed(text: string) {
  const result = parseStatusFile(text, null);
  if (!result.ok) throw new Error(result.error);
  return result.file;
}

describe('status file over the recorded examples', () => {
  const cases = DIRS.flatMap((dir) =>
    readdirSync(dir).map((name) => [`${dir.includes('v2.1.197') ? '2.1.197' : '2.1.329'} ${name}`, dir, name] as const),
  );

  it.each(cases)('%s parses with a pid, a session id and a hint', (_label, dir, name) => {
    const file = parsed(fixture(dir, name));
    expect(file.pid).toBeGreaterThan(0);
    expect(file.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(file.hint).not.toBeNull();
  });

  it.each([
    ['perm-bash.json', 'waiting-permission'],
    ['ask-user-question.json', 'waiting-input'],
    ['idle-after-turn.json', 'idle'],
    ['working-1.json', 'busy'],
    ['startup-auto-mode-default-offer.json', 'waiting-dialog'],
  ])('maps %s to %s', (name, hint) => {
    expect(parsed(fixture(DIRS[0] as string, name)).hint).toBe(hint);
  });

  it('reads the pane from the tmux field (2.1.329)', () => {
    expect(parsed(fixture(DIRS[0] as string, 'perm-bash.json'))).toMatchObject({
      pid: 16501,
      procStart: '435299',
      tmux: { sessionName: 'bash', windowId: '@0', paneId: '%0' },
    });
  });

  it('has no pane on 2.1.197, which does not write the tmux field', () => {
    expect(parsed(fixture(DIRS[1] as string, 'perm-bash.json')).tmux).toBeNull();
  });
});

describe('status file tolerance', () => {
  it('reads a file with only a status (fields missing)', () => {
    expect(parseStatusFile('{"status":"busy"}', 77)).toEqual({
      ok: true,
      file: expect.objectContaining({ pid: 77, status: 'busy', hint: 'busy', sessionId: null, tmux: null, procStart: null }),
    });
  });

  it('treats a field of the wrong type as absent', () => {
    expect(parsed('{"pid":5,"status":3,"tmux":{"x":1},"startedAt":"soon"}')).toMatchObject({
      status: null,
      hint: null,
      tmux: null,
      startedAt: null,
    });
  });

  it('gives no hint for a status it does not know', () => {
    expect(statusHintOf('pondering', null)).toBeNull();
  });

  it('calls an unknown waitingFor waiting-other', () => {
    expect(statusHintOf('waiting', 'coffee')).toBe('waiting-other');
    expect(statusHintOf('waiting', null)).toBe('waiting-other');
  });

  it('refuses malformed JSON with a reason', () => {
    expect(parseStatusFile('{"pid":', 5)).toMatchObject({ ok: false, error: expect.stringMatching(/malformed JSON/) });
  });

  it('refuses a file whose pid disagrees with its name', () => {
    expect(parseStatusFile('{"pid":6}', 5)).toMatchObject({ ok: false });
  });

  it('parses tmux fields with odd session names and refuses garbage', () => {
    expect(parseTmuxField('my:proj.x:@12.%34')).toEqual({ sessionName: 'my:proj.x', windowId: '@12', paneId: '%34' });
    expect(parseTmuxField('%3')).toBeNull();
  });
});

describe('status directory', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => ({ dir, cleanup } = tempDir('tb-status')));
  afterEach(() => cleanup());

  it('reads every <pid>.json, skipping and logging a malformed one', () => {
    const sessions = path.join(dir, 'sessions');
    mkdirSync(sessions);
    writeFileSync(path.join(sessions, '16501.json'), fixture(DIRS[0] as string, 'perm-bash.json'));
    writeFileSync(path.join(sessions, '27239.json'), fixture(DIRS[0] as string, 'working-1.json'));
    writeFileSync(path.join(sessions, '99.json'), '{"pid": 99, "status": ');
    writeFileSync(path.join(sessions, 'notes.txt'), 'ignored');
    const logger = new MemoryLogger();
    const files = readStatusFiles(sessions, logger);
    expect(files.map((f) => [f.pid, f.hint])).toEqual([
      [16501, 'waiting-permission'],
      [27239, 'busy'],
    ]);
    expect(logger.entries).toEqual([expect.objectContaining({ level: 'warn', event: 'claude.status-file-skipped' })]);
  });

  it('reads one pid, null when absent, and an absent directory as empty', () => {
    expect(readStatusFile(path.join(dir, 'nope'), 1, silentLogger)).toBeNull();
    expect(readStatusFiles(path.join(dir, 'nope'), silentLogger)).toEqual([]);
  });
});
