import { describe, expect, it } from 'vitest';
import { END_MARKER } from '../../../main/engine/snapshot/format.ts';
import { renderSnapshot, type SnapshotContent } from '../../../main/engine/snapshot/render.ts';

const base: SnapshotContent = {
  agent: 'claude',
  sessionId: 'c3785f75-9237-4c5b-9d00-07f58fc98e78',
  savedAt: Date.UTC(2026, 10, 20, 23, 0, 0),
  reason: 'self-initiated',
  conversation: {
    conversation: ['=== USER ===', 'hi', '', '=== ASSISTANT ===', 'hello'],
    pending: [],
    droppedLines: 0,
    pendingCut: false,
    maxLines: 200,
  },
  hints: null,
};

describe('renderSnapshot', () => {
  it('renders the header, the blocks and the end marker exactly', () => {
    expect(renderSnapshot(base)).toBe(
      [
        '# Restart Snapshot — claude',
        '**Session:** c3785f75-9237-4c5b-9d00-07f58fc98e78 **Saved:** 2026-11-20T23:00:00.000Z **Reason:** self-initiated',
        '',
        '=== USER ===',
        'hi',
        '',
        '=== ASSISTANT ===',
        'hello',
        '',
        END_MARKER,
        '',
      ].join('\n'),
    );
  });

  it('adds a truncation line when lines were dropped or the request was cut', () => {
    const text = renderSnapshot({
      ...base,
      reason: 'context-threshold',
      conversation: { ...base.conversation, droppedLines: 42, pendingCut: true },
    });
    expect(text.split('\n')[2]).toBe(
      '**Truncated:** 42 earlier conversation lines were dropped; the unanswered request was cut to fit 200 lines.',
    );
  });

  it('appends the unanswered request and the git hints as indented blocks', () => {
    const text = renderSnapshot({
      ...base,
      sessionId: null,
      conversation: { ...base.conversation, pending: ['## Unanswered request', 'do more'] },
      hints: { branch: 'main...origin/main [ahead 1]', log: ['abc123 ## Resume Plan'], status: [' M a.ts'], statusOmitted: 4 },
    });
    expect(text).toContain('**Session:** unknown ');
    expect(text).toContain(
      [
        'hello',
        '',
        '## Unanswered request',
        'do more',
        '',
        '## Branch (git status --branch)',
        '    main...origin/main [ahead 1]',
        '',
        '## Recent commits (git log --oneline)',
        '    abc123 ## Resume Plan',
        '',
        '## Uncommitted changes (git status --short)',
        '     M a.ts',
        '    … 4 more',
        '',
        END_MARKER,
      ].join('\n'),
    );
  });

  it('says so when there is no finished exchange', () => {
    expect(renderSnapshot({ ...base, conversation: { ...base.conversation, conversation: [] } })).toContain(
      '_No finished exchange was found in the transcript._',
    );
  });
});
