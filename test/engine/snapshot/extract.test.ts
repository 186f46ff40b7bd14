import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../support/manual-clock.ts';
import { saveSnapshotFromTranscript } from '../../../main/engine/snapshot/extract.ts';
import { END_MARKER } from '../../../main/engine/snapshot/format.ts';
import { isolatedGitRunner, makeRepo } from './support/git.ts';
import { useTempDirs } from './support/temp-dir.ts';

const FIXTURE = join(import.meta.dirname, '../../fixtures/transcripts/claude/bash--c3785f75-9237-4c5b-9d00-07f58fc98e78.jsonl');
const tempDir = useTempDirs();
const clock = new ManualClock(Date.UTC(2026, 10, 21, 8, 30, 0));

describe('saveSnapshotFromTranscript', () => {
  it('writes <project>/.trailboss/restart/<agent>.md from the real bash capture, with git hints', async () => {
    const project = tempDir();
    const runner = isolatedGitRunner(project);
    await makeRepo(runner, project, [{ message: 'start the lab', files: { 'README.md': 'x' } }]);
    const saved = await saveSnapshotFromTranscript(
      { clock, runner },
      { transcriptPath: FIXTURE, agent: 'claude', reason: 'external', projectDir: project, maxLines: 30 },
    );
    expect(saved.path).toBe(join(project, '.trailboss/restart/claude.md'));
    const text = readFileSync(saved.path, 'utf8');
    expect(text).toBe(saved.text);
    const lines = text.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      '# Restart Snapshot — claude',
      '**Session:** c3785f75-9237-4c5b-9d00-07f58fc98e78 **Saved:** 2026-11-21T08:30:00.000Z **Reason:** external',
      expect.stringMatching(/^\*\*Truncated:\*\* \d+ earlier conversation lines were dropped to fit 30 lines\.$/),
      '',
    ]);
    expect(lines[4]).toBe('=== USER ===');
    expect(text).toContain(
      "=== USER ===\nlab:bash-cmd r13 CMD: touch auto-mode-test.txt\n\n=== ASSISTANT ===\nI'll run the requested command.\n\nRan the requested command.\n\n## Branch (git status --branch)\n    main\n\n## Recent commits",
    );
    expect(text).toMatch(/## Recent commits \(git log --oneline\)\n {4}[0-9a-f]+ start the lab\n/);
    expect(text.endsWith(`${END_MARKER}\n`)).toBe(true);
    expect(saved.stats.prompts).toBe(13);
  });

  it('saves under the cwd the transcript records when no project is given', async () => {
    const root = tempDir();
    const project = join(root, 'proj');
    mkdirSync(project);
    const transcript = join(root, 't.jsonl');
    writeFileSync(
      transcript,
      [
        { type: 'user', cwd: project, sessionId: 's1', message: { content: 'q' } },
        { type: 'assistant', message: { content: [{ type: 'text', text: 'a' }] } },
      ]
        .map((e) => JSON.stringify(e))
        .join('\n'),
    );
    const saved = await saveSnapshotFromTranscript(
      { clock, runner: isolatedGitRunner(root) },
      { transcriptPath: transcript, agent: 'worker-1', reason: 'self-initiated' },
    );
    expect(saved.path).toBe(join(project, '.trailboss/restart/worker-1.md'));
    expect(saved.text).not.toContain('## Recent commits');
  });

  it('never creates a project directory the transcript names but this machine lacks', async () => {
    const root = tempDir();
    const missing = join(root, 'not-here');
    await expect(
      saveSnapshotFromTranscript(
        { clock, runner: isolatedGitRunner(root) },
        { transcriptPath: FIXTURE, agent: 'claude', reason: 'external', projectDir: missing },
      ),
    ).rejects.toThrow(`the project directory ${missing} does not exist`);
    expect(existsSync(missing)).toBe(false);
  });

  it('refuses when the project directory cannot be told', async () => {
    const root = tempDir();
    const transcript = join(root, 't.jsonl');
    writeFileSync(transcript, '{"type":"user","message":{"content":"no cwd"}}\n');
    await expect(
      saveSnapshotFromTranscript(
        { clock, runner: isolatedGitRunner(root) },
        { transcriptPath: transcript, agent: 'claude', reason: 'external' },
      ),
    ).rejects.toThrow(/records no cwd/);
  });
});
