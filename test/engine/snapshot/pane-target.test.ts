import { describe, expect, it } from 'vitest';
import type { AgentPane } from '../../../main/engine/snapshot/pane-target.ts';
import { resolvePaneRef } from '../../../main/engine/snapshot/pane-target.ts';
import type { RuntimeId } from '../../../main/engine/runtimes/types.ts';

const agent = (paneId: string, target: string, runtime: RuntimeId): AgentPane =>
  ({ pane: { paneId, target, sessionName: target.split(':')[0] }, agent: { pid: 1, runtime, isPaneRoot: true } }) as unknown as AgentPane;
const agents = [agent('%1', 'work:0.0', 'claude'), agent('%2', 'work:0.1', 'codex'), agent('%5', 'api:1.0', 'claude')];

describe('resolvePaneRef', () => {
  it('takes a pane id as given', () => {
    expect(resolvePaneRef('%9', agents)).toEqual({ paneId: '%9' });
  });

  it('finds a target, a session with one agent, or a runtime with one pane', () => {
    expect(resolvePaneRef('work:0.1', agents)).toEqual({ paneId: '%2' });
    expect(resolvePaneRef('api', agents)).toEqual({ paneId: '%5' });
    expect(resolvePaneRef('codex', agents)).toEqual({ paneId: '%2' });
  });

  it('refuses an ambiguous or unknown name, listing the candidates', () => {
    expect(resolvePaneRef('claude', agents)).toEqual({
      error: '"claude" matches 2 agent panes: %1 (work:0.0, claude), %5 (api:1.0, claude); name one by pane id',
    });
    expect(resolvePaneRef('nope', [])).toEqual({ error: 'no agent pane matches "nope" (no agent panes found)' });
  });
});
