import { describe, expect, it } from 'vitest';
import type { Config } from '../../../main/engine/config/index.ts';
import { DEFAULT_CONFIG } from '../../../main/engine/config/index.ts';
import { loopModeOf } from '../../../main/engine/watchdog/engine-settings.ts';
import type { Pane } from '../../../main/engine/store/index.ts';

const base: Pane = {
  paneKey: 'default|%1',
  server: 'default',
  paneId: '%1',
  target: 'night-shift:1.1',
  runtime: 'claude',
  pid: 42,
  state: 'idle',
  stateSince: 0,
  muted: false,
  ignored: false,
  enrolled: false,
  loopMode: 'paused',
  loopModeExplicit: false,
  directive: null,
  lastSeen: 0,
};

function withRules(rules: Config['watchdog']['rules']): Config {
  return { ...DEFAULT_CONFIG, watchdog: { ...DEFAULT_CONFIG.watchdog, rules } };
}

describe('loopModeOf', () => {
  it('keeps a pane the user paused paused, whatever rule matches', () => {
    const pane = { ...base, loopMode: 'paused', loopModeExplicit: true } as const;
    expect(loopModeOf(pane, withRules([{ runtime: 'claude', mode: 'active' }]))).toBe('paused');
  });

  it("prefers the user's explicit mode over a matching rule", () => {
    const pane = { ...base, loopMode: 'task-only', loopModeExplicit: true } as const;
    expect(loopModeOf(pane, withRules([{ mode: 'active' }]))).toBe('task-only');
  });

  it('follows the first matching rule when the user never chose', () => {
    const config = withRules([{ runtime: 'codex', mode: 'active' }, { sessionPattern: '^night-', mode: 'task-only' }, { mode: 'active' }]);
    expect(loopModeOf(base, config)).toBe('task-only');
  });

  it('matches the session name, not the window or pane part of the target', () => {
    const pane = { ...base, target: 'day:night-1.1' };
    expect(loopModeOf(pane, withRules([{ sessionPattern: 'night-', mode: 'active' }]))).toBe('paused');
  });

  it('is paused when the user never chose and no rule matches', () => {
    expect(loopModeOf(base, withRules([{ runtime: 'codex', mode: 'active' }]))).toBe('paused');
  });
});
