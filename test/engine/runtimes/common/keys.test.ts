import { describe, expect, it } from 'vitest';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import type { PermissionPrompt, PromptOption } from '../../../../main/engine/runtimes/types.ts';

const opt = (key: string | null, label: string, kind: PromptOption['kind']): PromptOption => ({ key, label, kind });

function prompt(over: Partial<PermissionPrompt>): PermissionPrompt {
  return {
    kind: 'permission',
    runtime: 'claude',
    tool: 'Bash command',
    question: 'Do you want to proceed?',
    subject: 'ls',
    options: [
      opt('1', 'Yes', 'once'),
      opt('2', "Yes, and don't ask again", 'always'),
      opt('3', 'Yes, and switch to auto mode', 'always'),
      opt('4', 'No', 'deny'),
    ],
    highlighted: 0,
    confidence: 'high',
    escapeDenies: true,
    approveByEnterOnHighlight: false,
    ...over,
  };
}

describe('approveKeyFor', () => {
  it('picks the key of the single once option, wherever it sits', () => {
    expect(approveKeyFor(prompt({}))).toBe('1');
    expect(approveKeyFor(prompt({ options: [opt('1', 'No', 'deny'), opt('2', 'Allow always', 'always'), opt('3', 'Yes', 'once')] }))).toBe(
      '3',
    );
  });

  it('refuses when the parse is not confident', () => {
    expect(approveKeyFor(prompt({ confidence: 'low' }))).toBeNull();
  });

  it('refuses a low-confidence prompt even with one once option, its key and the highlight on it', () => {
    const only = [opt('1', 'Yes', 'once'), opt('2', 'No', 'deny')];
    expect(approveKeyFor(prompt({ confidence: 'low', options: only, highlighted: 0 }))).toBeNull();
    expect(approveKeyFor(prompt({ confidence: 'low', options: only, highlighted: 0, approveByEnterOnHighlight: true }))).toBeNull();
    expect(approveKeyFor(prompt({ confidence: 'low', options: [opt('Enter', 'Yes', 'once')], highlighted: 0 }))).toBeNull();
  });

  it('refuses when there is no once option, or more than one', () => {
    expect(approveKeyFor(prompt({ options: [opt('1', 'Allow always', 'always'), opt('2', 'No', 'deny')] }))).toBeNull();
    expect(approveKeyFor(prompt({ options: [opt('1', 'Yes', 'once'), opt('2', 'Allow once', 'once')] }))).toBeNull();
  });

  it('refuses a once option without a key', () => {
    expect(approveKeyFor(prompt({ options: [opt(null, 'Yes', 'once')] }))).toBeNull();
  });

  it('uses Enter only when the highlight is visibly on the once option', () => {
    const buttons = [opt(null, 'Allow once', 'once'), opt(null, 'Allow always', 'always'), opt(null, 'Reject', 'deny')];
    const p = { options: buttons, approveByEnterOnHighlight: true, escapeDenies: true };
    expect(approveKeyFor(prompt({ ...p, highlighted: 0 }))).toBe('Enter');
    expect(approveKeyFor(prompt({ ...p, highlighted: 1 }))).toBeNull();
    expect(approveKeyFor(prompt({ ...p, highlighted: 2 }))).toBeNull();
    expect(approveKeyFor(prompt({ ...p, highlighted: null }))).toBeNull();
  });

  it('treats an Enter-keyed once option like a highlight choice', () => {
    expect(approveKeyFor(prompt({ options: [opt('Enter', 'Yes', 'once'), opt('Escape', 'No', 'deny')], highlighted: 0 }))).toBe('Enter');
    expect(approveKeyFor(prompt({ options: [opt('Enter', 'Yes', 'once'), opt('Escape', 'No', 'deny')], highlighted: 1 }))).toBeNull();
  });
});

describe('denyKeyFor', () => {
  it('picks the deny option key when confident', () => {
    expect(denyKeyFor(prompt({}))).toBe('4');
  });

  it('falls back to Escape when not confident or when no direct key exists', () => {
    expect(denyKeyFor(prompt({ confidence: 'low' }))).toBe('Escape');
    expect(denyKeyFor(prompt({ options: [opt(null, 'Allow once', 'once'), opt(null, 'Reject', 'deny')] }))).toBe('Escape');
  });

  it('never answers with a yes, and gives nothing when Escape is not known to deny', () => {
    expect(denyKeyFor(prompt({ options: [opt('1', 'Yes', 'once')], escapeDenies: false }))).toBeNull();
    expect(denyKeyFor(prompt({ options: [opt('1', 'No', 'deny'), opt('2', 'Reject', 'deny')], escapeDenies: false }))).toBeNull();
  });
});
