import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ProcessIdentity } from '../../../main/engine/claude-signals/pid-guard.ts';
import { statusHintFacts } from '../../../main/engine/claude-signals/status-facts.ts';
import { parseStatusFile } from '../../../main/engine/claude-signals/status-file.ts';
import type { ClaudeStatusFile } from '../../../main/engine/claude-signals/status-file.ts';

function fixture(name: string): ClaudeStatusFile {
  const r = parseStatusFile(readFileSync(`test/fixtures/transcripts/claude/sessions-pid-json/${name}`, 'utf8'), null);
  if (!r.ok) throw new Error(r.error);
  return r.file;
}

const permBash = fixture('perm-bash.json'); // pid 16501, procStart 435299, tmux bash:@0.%0
const watched = [{ pane: 'default|%0', paneId: '%0', socketPath: null, pid: 16400 }];
const alive = (startTicks: string) => (): ProcessIdentity => ({ alive: true, startTicks, startedAtMs: null });

describe('statusHintFacts', () => {
  it('emits the hint for the pane the status file names', () => {
    expect(statusHintFacts({ files: [permBash], watched, identity: alive('435299'), at: 5 })).toEqual([
      { kind: 'status-hint', pane: 'default|%0', at: 5, hint: 'waiting-permission' },
    ]);
  });

  it('says nothing for a file whose pid now belongs to another process', () => {
    expect(statusHintFacts({ files: [permBash], watched, identity: alive('1'), at: 5 })).toEqual([]);
  });

  it('says nothing for a file left behind by a process that exited', () => {
    expect(
      statusHintFacts({ files: [permBash], watched, identity: () => ({ alive: false, startTicks: null, startedAtMs: null }), at: 5 }),
    ).toEqual([]);
  });

  it('says nothing for a session in no watched pane', () => {
    expect(statusHintFacts({ files: [permBash], watched: [], identity: alive('435299'), at: 5 })).toEqual([]);
  });
});
