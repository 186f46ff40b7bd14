import { describe, expect, it } from 'vitest';
import { MAX_SUBJECT_CHARS, toolSubject } from '../../../main/engine/hooks/tool-subject.ts';

describe('toolSubject', () => {
  it('uses the command for Bash', () => {
    expect(toolSubject('Bash', { command: 'rm -rf build', description: 'clean' })).toBe('rm -rf build');
  });

  it('uses the file path for Edit, Write and Read', () => {
    for (const tool of ['Edit', 'Write', 'Read']) expect(toolSubject(tool, { file_path: '/p/a.ts', content: 'x' })).toBe('/p/a.ts');
  });

  it('uses the url for WebFetch', () => {
    expect(toolSubject('WebFetch', { url: 'https://example.com/x', prompt: 'summarise' })).toBe('https://example.com/x');
  });

  it('falls back to compact JSON of the input for other tools', () => {
    expect(toolSubject('mcp__db__query', { sql: 'select 1' })).toBe('{"sql":"select 1"}');
  });

  it('falls back to JSON when the expected field is missing', () => {
    expect(toolSubject('Bash', { cmd: 'ls' })).toBe('{"cmd":"ls"}');
  });

  it('truncates a long subject with an ellipsis', () => {
    const subject = toolSubject('Bash', { command: 'x'.repeat(1000) });
    expect(subject).toHaveLength(MAX_SUBJECT_CHARS);
    expect(subject.endsWith('…')).toBe(true);
  });
});
