import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { locateTranscript, projectDirName } from '../../../main/engine/snapshot/locate.ts';
import { useTempDirs } from './support/temp-dir.ts';

const tempDir = useTempDirs();
const SESSION = '67394c8a-6c70-4514-8995-3cc730f52394';

function seed(configDir: string, dirName: string, name: string, mtimeSec = 1000): string {
  const dir = join(configDir, 'projects', dirName);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, '{}\n');
  utimesSync(file, mtimeSec, mtimeSec);
  return file;
}

describe('projectDirName', () => {
  it('matches the transcript_path in the captured hook payloads', () => {
    // hooks/claude/*.json: cwd /home/dev/lab-claude/work/project → projects/-home-dev-lab-claude-work-project/<id>.jsonl
    expect(projectDirName('/home/dev/lab-claude/work/project')).toBe('-home-dev-lab-claude-work-project');
  });

  it('turns every non-alphanumeric character into a dash, without collapsing runs', () => {
    expect(projectDirName('/home/me/my_repo.v2/a b')).toBe('-home-me-my-repo-v2-a-b');
    expect(projectDirName('/x/.hidden__dir')).toBe('-x--hidden--dir');
    expect(projectDirName('/tmp/数据')).toBe('-tmp---');
  });
});

describe('locateTranscript', () => {
  it("uses the hook's transcript_path when the file is there", () => {
    const config = tempDir();
    const file = seed(config, 'any', `${SESSION}.jsonl`);
    expect(locateTranscript({ configDir: config, transcriptPath: file })).toEqual({ path: file, source: 'hook' });
    expect(locateTranscript({ configDir: config, transcriptPath: `${file}.gone` })).toEqual({ error: `no transcript at ${file}.gone` });
  });

  it('finds a session by id under its project directory', () => {
    const config = tempDir();
    const file = seed(config, '-home-me-my-repo', `${SESSION}.jsonl`);
    expect(locateTranscript({ configDir: config, sessionId: SESSION, cwd: '/home/me/my_repo' })).toEqual({ path: file, source: 'session' });
  });

  it('finds a session whose project directory differs from the cwd given (scan by id)', () => {
    const config = tempDir();
    const file = seed(config, '-elsewhere', `${SESSION}.jsonl`);
    expect(locateTranscript({ configDir: config, sessionId: SESSION, cwd: '/home/me/moved' })).toEqual({ path: file, source: 'session' });
  });

  it('finds a long path under its cut name with a hash suffix', () => {
    const config = tempDir();
    const cwd = `/${'deep/'.repeat(50)}end`;
    const name = `${projectDirName(cwd).slice(0, 200)}-k3j2h1`;
    const file = seed(config, name, 'a.jsonl');
    expect(locateTranscript({ configDir: config, cwd })).toEqual({ path: file, source: 'latest' });
  });

  it('takes the newest transcript of the cwd when no session is known', () => {
    const config = tempDir();
    seed(config, '-p', 'old.jsonl', 1000);
    const newest = seed(config, '-p', 'new.jsonl', 2000);
    seed(config, '-p', 'notes.txt', 3000);
    expect(locateTranscript({ configDir: config, cwd: '/p' })).toEqual({ path: newest, source: 'latest' });
  });

  it('explains what it could not find', () => {
    const config = tempDir();
    expect(locateTranscript({ configDir: config, sessionId: SESSION, cwd: '/p' })).toMatchObject({
      error: expect.stringContaining(`no transcript for session ${SESSION}`),
    });
    expect(locateTranscript({ configDir: config, cwd: '/p' })).toMatchObject({ error: expect.stringContaining('no transcript for /p') });
    expect(locateTranscript({ configDir: config, sessionId: '../../etc' })).toMatchObject({
      error: expect.stringContaining('not a session id'),
    });
    expect(locateTranscript({ configDir: config })).toMatchObject({ error: expect.stringContaining('nothing to locate') });
  });
});
