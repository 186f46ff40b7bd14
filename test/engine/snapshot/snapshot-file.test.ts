import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { END_MARKER } from '../../../main/engine/snapshot/format.ts';
import {
  claimSnapshot,
  fileStamp,
  isAgentName,
  listSnapshots,
  readSnapshot,
  resumePlanOf,
  snapshotPath,
  takeSnapshot,
  writeSnapshot,
} from '../../../main/engine/snapshot/snapshot-file.ts';
import { useTempDirs } from './support/temp-dir.ts';

const tempDir = useTempDirs();
const snap = (body: string) => `# Restart Snapshot — claude\n\n${body}\n\n${END_MARKER}\n`;

describe('snapshot files', () => {
  it('live at <project>/.trailboss/restart/<agent>.md', () => {
    expect(snapshotPath('/p/proj', 'claude')).toBe('/p/proj/.trailboss/restart/claude.md');
  });

  it.each(['', '../x', 'a/b', '.hidden', 'a..b', 'x'.repeat(65)])('refuse the agent name %j', (name) => {
    expect(isAgentName(name)).toBe(false);
    expect(() => snapshotPath('/p', name)).toThrow(/not a valid agent name/);
  });

  it('are written atomically (no temp file left) and privately, with a .gitignore beside them', () => {
    const dir = tempDir();
    const file = snapshotPath(dir, 'claude');
    writeSnapshot(file, snap('one'));
    expect(readFileSync(file, 'utf8')).toBe(snap('one'));
    expect(readdirSync(join(dir, '.trailboss', 'restart'))).toEqual(['claude.md']);
    expect(readFileSync(join(dir, '.trailboss', '.gitignore'), 'utf8')).toBe('*\n');
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
  });

  it('keep an appended Resume Plan as the last section when rewritten', () => {
    const file = snapshotPath(tempDir(), 'claude');
    writeSnapshot(file, snap('one'));
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n## Resume Plan\n1. finish the parser\n2. run the tests\n`);
    const { planKept } = writeSnapshot(file, snap('two'));
    expect(planKept).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(`${snap('two').trimEnd()}\n\n## Resume Plan\n1. finish the parser\n2. run the tests\n`);
  });

  it('do not take a plan heading inside the conversation for an appended plan', () => {
    const file = snapshotPath(tempDir(), 'claude');
    writeSnapshot(file, snap('=== ASSISTANT ===\n\\## Resume Plan\nnot appended'));
    expect(writeSnapshot(file, snap('two')).planKept).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(snap('two'));
  });

  it('take the last plan of a file an agent wrote without our end marker', () => {
    expect(resumePlanOf('# mine\n## Resume Plan\nold\n## Resume Plan\nnew\n')).toBe('## Resume Plan\nnew');
  });

  it('let a new snapshot that has its own plan replace the old plan', () => {
    const file = snapshotPath(tempDir(), 'claude');
    writeSnapshot(file, `${snap('one')}\n## Resume Plan\nold\n`);
    writeSnapshot(file, `${snap('two')}\n## Resume Plan\nnew\n`);
    expect(readFileSync(file, 'utf8')).not.toContain('old');
  });

  it('are taken exactly once: read, deleted, then gone', () => {
    const file = snapshotPath(tempDir(), 'claude');
    writeSnapshot(file, snap('x'));
    expect(takeSnapshot(file)).toBe(snap('x'));
    expect(existsSync(file)).toBe(false);
    expect(takeSnapshot(file)).toBeNull();
  });

  it('are delivered to one reader of many (rename is the claim)', async () => {
    const file = snapshotPath(tempDir(), 'claude');
    writeSnapshot(file, snap('x'));
    const results = await Promise.all(Array.from({ length: 20 }, () => Promise.resolve().then(() => takeSnapshot(file))));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
  });

  it('can be claimed and put back when delivery fails', () => {
    const file = snapshotPath(tempDir(), 'claude');
    writeSnapshot(file, snap('x'));
    const claim = claimSnapshot(file)!;
    expect(existsSync(file)).toBe(false);
    expect(claimSnapshot(file)).toBeNull();
    claim.release();
    expect(readSnapshot(file)).toBe(snap('x'));
  });

  it('are listed by agent name', () => {
    const dir = tempDir();
    writeSnapshot(snapshotPath(dir, 'codex'), snap('c'));
    writeSnapshot(snapshotPath(dir, 'claude'), snap('c'));
    expect(listSnapshots(dir)).toEqual(['claude', 'codex']);
    expect(listSnapshots(join(dir, 'none'))).toEqual([]);
  });

  it('change stamp on every rewrite', () => {
    const file = snapshotPath(tempDir(), 'claude');
    expect(fileStamp(file)).toBeNull();
    writeSnapshot(file, snap('a'));
    const first = fileStamp(file);
    writeSnapshot(file, snap('bb'));
    expect(fileStamp(file)).not.toBe(first);
  });
});
