import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../support/scripted-agent/scenario.ts';
import { assertScenario, scenarioProblems } from '../../../support/scripted-agent/scenario.ts';

const ok: Scenario = {
  name: 't',
  runtime: 'claude',
  initial: 'a',
  states: { a: { screen: 's', keys: { '1': 'b' } }, b: { screen: 's', after: { ms: 10, next: 'a' } } },
};

describe('scenario validation', () => {
  it('accepts a sound scenario', () => {
    expect(scenarioProblems(ok)).toEqual([]);
  });

  it('names unknown target states', () => {
    const bad: Scenario = { ...ok, initial: 'zz', states: { a: { screen: 's', keys: { '1': 'nowhere' } } } };
    expect(scenarioProblems(bad)).toEqual(['initial: unknown state "zz"', 'a.keys["1"]: unknown state "nowhere"']);
  });

  it('rejects a key that is several keys', () => {
    expect(scenarioProblems({ ...ok, states: { ...ok.states, a: { screen: 's', keys: { yes: 'b' } } } })).toEqual([
      'a.keys: "yes" is not one key',
    ]);
  });

  it('rejects the same key twice under different spellings', () => {
    const twice: Scenario = { ...ok, states: { ...ok.states, a: { screen: 's', keys: { Enter: 'b', '\r': 'a' } } } };
    expect(scenarioProblems(twice)).toEqual(['a.keys: "\\r" and "Enter" are the same key']);
  });

  it('names an after.from that is not a state, and accepts one that is', () => {
    const pace = (from: string): Scenario => ({ ...ok, states: { ...ok.states, b: { screen: 's', after: { ms: 10, next: 'a', from } } } });
    expect(scenarioProblems(pace('a'))).toEqual([]);
    expect(scenarioProblems(pace('nowhere'))).toEqual(['b.after.from: unknown state "nowhere"']);
    expect(() => assertScenario(pace('nowhere'))).toThrow('b.after.from: unknown state "nowhere"');
    const negative: Scenario = { ...ok, states: { ...ok.states, b: { screen: 's', after: { ms: 10, next: 'a', from: 'a', minMs: -1 } } } };
    expect(scenarioProblems(negative)).toEqual(['b.after.minMs must be >= 0']);
  });

  it('requires {draft} in an input template', () => {
    const noDraft: Scenario = {
      ...ok,
      states: { ...ok.states, a: { screen: 's', input: { row: 0, col: 0, template: '❯ ', submit: 'b' } } },
    };
    expect(() => assertScenario(noDraft)).toThrow('a.input.template has no {draft}');
  });
});
