import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProcessEntry } from '../../../main/engine/platform/process-table.ts';
import { agentNameFor, claudeAncestor, primeHookInstalled, projectWithSnapshots } from '../../../main/engine/snapshot/cli-support.ts';
import { snapshotPath, writeSnapshot } from '../../../main/engine/snapshot/snapshot-file.ts';
import { useTempDirs } from './support/temp-dir.ts';

const tempDir = useTempDirs();

describe('primeHookInstalled', () => {
  const settings = (command: string) => JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command }] }] } });

  it('finds the marked SessionStart entry hooks install writes', () => {
    expect(primeHookInstalled(settings("'/app/node' '/app/bin/trailboss.mjs' prime # trailboss:prime"))).toBe(true);
  });

  it('is false for other entries, other events, broken or absent settings', () => {
    expect(primeHookInstalled(settings('echo hi'))).toBe(false);
    expect(primeHookInstalled(JSON.stringify({ hooks: { Stop: [{ hooks: [{ command: 'x # trailboss:prime' }] }] } }))).toBe(false);
    expect(primeHookInstalled('{not json')).toBe(false);
    expect(primeHookInstalled(null)).toBe(false);
  });
});

describe('projectWithSnapshots', () => {
  it('walks up to the directory holding snapshots, else stays where it started', () => {
    const root = tempDir();
    const deep = join(root, 'a', 'b');
    mkdirSync(deep, { recursive: true });
    expect(projectWithSnapshots(deep)).toBe(deep);
    writeSnapshot(snapshotPath(root, 'claude'), 'x');
    expect(projectWithSnapshots(deep)).toBe(root);
  });
});

describe('agentNameFor', () => {
  it('prefers the flag, then TRAILBOSS_AGENT, then the only snapshot (when asked), then claude', () => {
    const dir = tempDir();
    writeSnapshot(snapshotPath(dir, 'solo'), 'x');
    expect(agentNameFor({ flag: 'f', env: { TRAILBOSS_AGENT: 'e' }, projectDir: dir, anyOne: true })).toBe('f');
    expect(agentNameFor({ env: { TRAILBOSS_AGENT: 'e' }, projectDir: dir, anyOne: true })).toBe('e');
    expect(agentNameFor({ env: {}, projectDir: dir, anyOne: true })).toBe('solo');
    expect(agentNameFor({ env: {}, projectDir: dir, anyOne: false })).toBe('claude');
  });
});

describe('claudeAncestor', () => {
  const table = (...rows: [number, number, string, string][]) =>
    new Map<number, ProcessEntry>(rows.map(([pid, ppid, comm, argv]) => [pid, { pid, ppid, comm, argv }]));

  it('finds the Claude process above a command its shell tool ran', () => {
    expect(
      claudeAncestor(
        table([10, 1, 'claude', 'claude'], [11, 10, 'bash', 'bash -c trailboss'], [12, 11, 'node', 'node trailboss snapshot save']),
        12,
      ),
    ).toBe(10);
  });

  it('is null outside Claude, and survives a cycle', () => {
    expect(claudeAncestor(table([11, 1, 'bash', 'bash'], [12, 11, 'node', 'node x']), 12)).toBeNull();
    expect(claudeAncestor(table([11, 12, 'bash', 'bash'], [12, 11, 'node', 'node x']), 12)).toBeNull();
  });
});
