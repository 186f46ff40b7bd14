/**
 * auggie 0.36.0 scenarios, keys as verified in test/fixtures/panes/auggie/*.md. auggie draws inline
 * (`.meta` says `alternate_on=0`). At its approval prompt only `a`/`A` (allow this one call) and
 * `d`/`D` (deny) act; Esc, Enter, y, n, Space, Ctrl+C, Ctrl+D are swallowed (not listed here, so
 * they change nothing but are still recorded).
 */
import type { Scenario } from '../scripted-agent/scenario.ts';
import { assertScenario } from '../scripted-agent/scenario.ts';
import { FIXTURES_ROOT } from './fixtures.ts';

const screen = (name: string): string => `panes/auggie/${name}`;

/** The shell-command approval (approval-shell): `a` runs it once, `d` denies it. */
export function auggieShellApproval(): Scenario {
  const answer = { a: 'allowed', A: 'allowed', d: 'denied', D: 'denied' };
  return assertScenario({
    name: 'auggie-shell-approval',
    runtime: 'auggie',
    initial: 'prompt',
    fixturesRoot: FIXTURES_ROOT,
    states: {
      prompt: { screen: screen('approval-shell'), keys: answer },
      allowed: { screen: screen('approval-shell-after-allow') },
      denied: { screen: screen('approval-shell-after-deny') },
    },
  });
}
