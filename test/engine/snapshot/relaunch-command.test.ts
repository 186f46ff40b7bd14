import { describe, expect, it } from 'vitest';
import { freshClaudeArgv, relaunchArgv, shellCommandLine, shellQuote } from '../../../main/engine/snapshot/relaunch-command.ts';

describe('freshClaudeArgv', () => {
  it('keeps the program and its options', () => {
    expect(freshClaudeArgv(['claude', '--model', 'opus', '--permission-mode=plan', '--verbose'])).toEqual([
      'claude',
      '--model',
      'opus',
      '--permission-mode=plan',
      '--verbose',
    ]);
  });

  it('drops resume, continue, session id and print flags', () => {
    expect(
      freshClaudeArgv([
        'claude',
        '-r',
        '67394c8a-6c70-4514-8995-3cc730f52394',
        '--continue',
        '-c',
        '--session-id',
        'x',
        '--fork-session',
        '-p',
      ]),
    ).toEqual(['claude']);
    expect(freshClaudeArgv(['claude', '--resume=67394c8a-6c70-4514-8995-3cc730f52394', '--session-id=abc'])).toEqual(['claude']);
  });

  it('drops the positional first prompt (it would be sent again before the snapshot is read)', () => {
    expect(freshClaudeArgv(['claude', 'fix the failing tests', '--model', 'sonnet'])).toEqual(['claude', '--model', 'sonnet']);
  });

  it('keeps every value of list options', () => {
    expect(freshClaudeArgv(['claude', '--add-dir', '/a', '/b', '--allowedTools', 'Bash(git:*)', 'Edit', '--verbose'])).toEqual([
      'claude',
      '--add-dir',
      '/a',
      '/b',
      '--allowedTools',
      'Bash(git:*)',
      'Edit',
      '--verbose',
    ]);
  });

  it('keeps a bare -r (the picker) without eating what follows', () => {
    expect(freshClaudeArgv(['claude', '-r', '--model', 'opus'])).toEqual(['claude', '--model', 'opus']);
  });

  it('finds the program behind node or a native version path', () => {
    expect(freshClaudeArgv(['node', '--max-old-space-size=4096', '/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js', '-c'])).toEqual([
      'node',
      '--max-old-space-size=4096',
      '/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js',
    ]);
    expect(freshClaudeArgv(['/home/u/.local/share/claude/versions/2.1.329', '--continue'])).toEqual([
      '/home/u/.local/share/claude/versions/2.1.329',
    ]);
  });
});

describe('relaunchArgv', () => {
  it('reuses the same runtime command (Claude made fresh, others verbatim)', () => {
    expect(relaunchArgv({ runtime: 'claude', argv: ['claude', '-c'] }, 'claude')).toEqual(['claude']);
    expect(relaunchArgv({ runtime: 'codex', argv: ['codex', '--model', 'o5'] }, 'codex')).toEqual(['codex', '--model', 'o5']);
  });

  it('starts another runtime with its default command, or the one given', () => {
    expect(relaunchArgv({ runtime: 'claude', argv: ['claude'] }, 'kiro')).toEqual(['kiro-cli', 'chat']);
    expect(relaunchArgv({ runtime: 'claude', argv: ['claude'] }, 'codex', ['/opt/codex', '--full-auto'])).toEqual([
      '/opt/codex',
      '--full-auto',
    ]);
  });
});

describe('shell quoting', () => {
  it('quotes only what needs it, and survives single quotes', () => {
    expect(shellQuote('/usr/bin/claude')).toBe('/usr/bin/claude');
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote('a b')).toBe("'a b'");
    expect(shellQuote('')).toBe("''");
  });

  it('prefixes a cd when the shell is elsewhere', () => {
    expect(shellCommandLine(['claude', '--model', 'opus'], '/home/me/my repo')).toBe("cd '/home/me/my repo' && claude --model opus");
    expect(shellCommandLine(['claude'], null)).toBe('claude');
  });
});
