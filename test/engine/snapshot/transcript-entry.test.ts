import { describe, expect, it } from 'vitest';
import { classifyEntry, usageOf } from '../../../main/engine/snapshot/transcript-entry.ts';

const usage = { input_tokens: 1000, cache_creation_input_tokens: 200, cache_read_input_tokens: 30, output_tokens: 5 };
const assistant = (content: unknown, extra: Record<string, unknown> = {}, model = 'claude-opus-5-5') => ({
  type: 'assistant',
  isSidechain: false,
  message: { role: 'assistant', model, content, usage },
  ...extra,
});

describe('classifyEntry', () => {
  it('keeps a typed prompt', () => {
    expect(classifyEntry({ type: 'user', isSidechain: false, message: { role: 'user', content: 'do it' } })).toEqual({
      kind: 'prompt',
      text: 'do it',
    });
  });

  it('keeps assistant text with its usage', () => {
    expect(classifyEntry(assistant([{ type: 'text', text: 'ok' }]))).toEqual({
      kind: 'reply',
      text: 'ok',
      usage: { inputTokens: 1000, cacheCreationInputTokens: 200, cacheReadInputTokens: 30, total: 1230, model: 'claude-opus-5-5' },
    });
  });

  it('skips sidechain entries of either role', () => {
    expect(classifyEntry({ type: 'user', isSidechain: true, message: { content: 'sub' } })).toEqual({ kind: 'skip', reason: 'sidechain' });
    expect(classifyEntry(assistant([{ type: 'text', text: 'sub' }], { isSidechain: true }))).toEqual({ kind: 'skip', reason: 'sidechain' });
  });

  it('skips meta and compact-summary user entries', () => {
    expect(classifyEntry({ type: 'user', isMeta: true, message: { content: 'x' } })).toEqual({ kind: 'skip', reason: 'meta' });
    expect(classifyEntry({ type: 'user', isCompactSummary: true, message: { content: 'x' } })).toEqual({
      kind: 'skip',
      reason: 'compact-summary',
    });
  });

  it.each(['system', 'attachment', 'api-request', 'file-history-snapshot', 'last-prompt', undefined])('skips a %s entry', (type) => {
    expect(classifyEntry({ type, message: { content: 'x' } })).toEqual({ kind: 'skip', reason: 'not-conversation' });
  });

  it('skips a tool-only assistant message but still reports its usage', () => {
    const verdict = classifyEntry(assistant([{ type: 'tool_use', id: 't', name: 'Bash', input: {} }]));
    expect(verdict).toMatchObject({ kind: 'skip', reason: 'empty', usage: { total: 1230 } });
  });

  it('skips API error messages', () => {
    expect(classifyEntry(assistant([{ type: 'text', text: 'API Error: 500' }], { isApiErrorMessage: true }, '<synthetic>'))).toEqual({
      kind: 'skip',
      reason: 'api-error',
      usage: null,
    });
  });

  it('keeps the text of a synthetic (interrupted) answer, without usage', () => {
    expect(classifyEntry(assistant([{ type: 'text', text: 'chunk 1.' }], {}, '<synthetic>'))).toEqual({
      kind: 'reply',
      text: 'chunk 1.',
      usage: null,
    });
  });

  it('survives junk', () => {
    expect(classifyEntry(null)).toEqual({ kind: 'skip', reason: 'not-conversation' });
    expect(classifyEntry({ type: 'user' })).toEqual({ kind: 'skip', reason: 'empty' });
  });
});

describe('usageOf', () => {
  it('is null when every count is zero', () => {
    expect(usageOf({ model: 'm', usage: { input_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } })).toBeNull();
  });

  it('ignores non-numeric counts', () => {
    expect(usageOf({ model: 'm', usage: { input_tokens: '5', cache_read_input_tokens: 7 } })).toMatchObject({ total: 7 });
  });
});
