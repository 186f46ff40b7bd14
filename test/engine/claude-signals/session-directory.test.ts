import { describe, expect, it } from 'vitest';
import { ClaudeSessionDirectory } from '../../../main/engine/claude-signals/session-directory.ts';
import type { HookDelivery } from '../../../main/engine/hooks/hook-ingest.ts';
import { parseHookPayload } from '../../../main/engine/hooks/hook-schemas.ts';
import { hookToSignal } from '../../../main/engine/hooks/hook-signal.ts';
import { hookExample } from '../hooks/fixture-hooks.ts';

function delivery(name: string, at: number, sessionId?: string): HookDelivery {
  const raw = { ...hookExample(name), ...(sessionId ? { session_id: sessionId } : {}) };
  const parsed = parseHookPayload(raw);
  if (!parsed.ok) throw new Error(parsed.message);
  return {
    at,
    event: parsed.payload.hook_event_name,
    sessionId: parsed.payload.session_id,
    origin: { tmuxPane: '%0', tmuxSocket: null, ppid: null },
    payload: parsed.payload,
    signal: hookToSignal(parsed.payload),
    host: null,
  };
}

describe('ClaudeSessionDirectory', () => {
  it('turns a hook from a watched pane into a hook Fact', () => {
    const dir = new ClaudeSessionDirectory();
    expect(dir.ingest(delivery('PermissionRequest.json', 10), { kind: 'pane', pane: 'default|%0', via: 'tmux-pane' })).toEqual({
      kind: 'hook',
      pane: 'default|%0',
      at: 10,
      sessionId: '67394c8a-6c70-4514-8995-3cc730f52394',
      signal: { kind: 'permission-request', tool: 'Bash', subject: 'ls -la /tmp' },
    });
  });

  it('keeps a hook from an unwatched session as context only', () => {
    const dir = new ClaudeSessionDirectory();
    expect(dir.ingest(delivery('Stop.json', 10), { kind: 'unwatched' })).toBeNull();
    expect(dir.get('67394c8a-6c70-4514-8995-3cc730f52394')).toMatchObject({
      pane: null,
      lastEvent: 'Stop',
      lastAssistantMessage: 'Done: I listed /tmp with `ls -la /tmp`.',
      transcriptPath: expect.stringMatching(/67394c8a.*\.jsonl$/),
    });
  });

  it('emits nothing for events without a signal but still records them', () => {
    const dir = new ClaudeSessionDirectory();
    expect(dir.ingest(delivery('MessageDisplay.json', 5), { kind: 'pane', pane: 'default|%0', via: 'tmux-pane' })).toBeNull();
    expect(dir.knownPane('67394c8a-6c70-4514-8995-3cc730f52394')).toBe('default|%0');
  });

  it('marks a session ended on SessionEnd and keeps its context', () => {
    const dir = new ClaudeSessionDirectory();
    dir.ingest(delivery('Stop.json', 1), { kind: 'unwatched' });
    dir.ingest(delivery('SessionEnd.json', 2), { kind: 'unwatched' });
    expect(dir.get('67394c8a-6c70-4514-8995-3cc730f52394')).toMatchObject({
      ended: true,
      lastAssistantMessage: 'Done: I listed /tmp with `ls -la /tmp`.',
    });
  });

  it('forgets the least recently heard session beyond its bound', () => {
    const dir = new ClaudeSessionDirectory(2);
    dir.ingest(delivery('Stop.json', 1, 'a'), { kind: 'unwatched' });
    dir.ingest(delivery('Stop.json', 2, 'b'), { kind: 'unwatched' });
    dir.ingest(delivery('Stop.json', 3, 'a'), { kind: 'unwatched' });
    dir.ingest(delivery('Stop.json', 4, 'c'), { kind: 'unwatched' });
    expect(dir.all().map((s) => s.sessionId)).toEqual(['a', 'c']);
  });
});
