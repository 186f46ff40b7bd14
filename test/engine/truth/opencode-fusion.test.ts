/**
 * Rules guarded: an opencode plugin event maps only to a pane on this machine running opencode (its
 * `$TMUX_PANE` + socket, else the session's last pane) — never to a remote pane sharing the pane id —
 * and a mapped event both feeds its fact and makes the observer look at that pane now; an unmapped one
 * does neither.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OpencodeDelivery } from '../../../main/engine/hooks/opencode-ingest.ts';
import { parseOpencodeEvent } from '../../../main/engine/hooks/opencode-schemas.ts';
import { opencodeToSignal } from '../../../main/engine/hooks/opencode-signal.ts';
import type { ObservedPane } from '../../../main/engine/observe/observer.ts';
import { MemoryLogger } from '../../../main/engine/platform/log.ts';
import type { RuntimeId } from '../../../main/engine/runtimes/types.ts';
import type { Fact } from '../../../main/engine/sessions/facts.ts';
import { OpencodeFusion } from '../../../main/engine/truth/opencode-fusion.ts';
import { observedPane } from '../../support/observed-pane.ts';

const SOCKET = '/tmp/tb-opencode-fusion/tmux.sock';
const FIXTURES = join(import.meta.dirname, '../../fixtures/hooks/opencode');

const observed = (key: string, paneId: string, runtime: RuntimeId): ObservedPane => observedPane(key, paneId, runtime);

function delivery(file: string, tmuxPane: string | null, at = 1000): OpencodeDelivery {
  const parsed = parseOpencodeEvent(JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')));
  if (!parsed.ok) throw new Error(parsed.message);
  return {
    at,
    event: parsed.event.type,
    sessionId: parsed.event.properties.sessionID,
    origin: { tmuxPane, tmuxSocket: SOCKET, ppid: null },
    payload: parsed.event,
    signal: opencodeToSignal(parsed.event),
  };
}

function setup() {
  const panes = [
    observed(`S:${SOCKET}|%1`, '%1', 'opencode'),
    observed(`@gpu:S:${SOCKET}|%2`, '%2', 'opencode'),
    observed(`S:${SOCKET}|%3`, '%3', 'claude'),
  ];
  const facts: Fact[] = [];
  const looks: string[] = [];
  const fusion = new OpencodeFusion({
    observer: { snapshot: () => panes, lookNow: (key) => void looks.push(key) },
    logger: new MemoryLogger(),
    processTable: { snapshot: () => new Map() },
    apply: (f) => facts.push(...f),
  });
  return { fusion, facts, looks };
}

describe('OpencodeFusion', () => {
  it('maps by $TMUX_PANE to the local opencode pane: the fact, then a look at the pane', () => {
    const t = setup();
    t.fusion.deliver(delivery('permission.asked-bash.json', '%1'));
    expect(t.facts).toEqual([
      {
        kind: 'hook',
        pane: `S:${SOCKET}|%1`,
        at: 1000,
        sessionId: expect.stringMatching(/^ses_/),
        signal: { kind: 'permission-request', tool: 'bash', subject: 'echo ran >> ran.txt' },
      },
    ]);
    expect(t.looks).toEqual([`S:${SOCKET}|%1`]);
  });

  it('never maps to a remote pane with the same id, nor to another runtime’s pane', () => {
    const t = setup();
    t.fusion.deliver(delivery('permission.asked-bash.json', '%2'));
    t.fusion.deliver(delivery('permission.asked-bash.json', '%3'));
    expect(t.facts).toEqual([]);
    expect(t.looks).toEqual([]);
  });

  it('a later event without $TMUX_PANE goes to the pane the session was last seen in', () => {
    const t = setup();
    t.fusion.deliver(delivery('session.status-busy.json', '%1', 1000));
    t.fusion.deliver(delivery('session.status-idle.json', null, 2000));
    expect(t.facts.map((f) => (f.kind === 'hook' ? [f.pane, f.signal.kind] : null))).toEqual([
      [`S:${SOCKET}|%1`, 'working'],
      [`S:${SOCKET}|%1`, 'stop'],
    ]);
    expect(t.looks).toHaveLength(2);
  });
});
