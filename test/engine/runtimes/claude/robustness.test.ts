/** Bad input never crashes the Claude classifier and never yields a prompt it could approve by mistake. */
import { describe, expect, it } from 'vitest';
import { claudeRuntime } from '../../../../main/engine/runtimes/claude/index.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import type { PermissionPrompt, Screen } from '../../../../main/engine/runtimes/types.ts';
import { CLAUDE_FIXTURES, plainLines } from './load-fixture.ts';

const classify = (lines: readonly string[]): Screen => claudeRuntime.classify({ lines });

function permission(lines: readonly string[]): PermissionPrompt {
  const screen = classify(lines);
  expect(screen.kind).toBe('permission');
  if (screen.kind !== 'permission') throw new Error('not a permission prompt');
  return screen;
}

/** perm-bash with the trailing blank rows removed, so "the bottom" is the footer line. */
function permBash(): string[] {
  const lines = plainLines(CLAUDE_FIXTURES, 'perm-bash');
  while (lines.length > 0 && (lines[lines.length - 1] ?? '').trim() === '') lines.pop();
  return lines;
}

/** Index of the line whose text, after indentation and any `❯` cursor, starts with `prefix`. */
function at(lines: readonly string[], prefix: string): number {
  const i = lines.findIndex((l) => l.replace(/^[\s\u00a0❯]+/, '').startsWith(prefix));
  if (i < 0) throw new Error(`no line starting with ${prefix}`);
  return i;
}

/** A deterministic byte soup (xorshift), decoded the way a capture would be. */
function garbage(seed: number, count: number, width: number): string[] {
  let x = seed;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) & 0xff;
  };
  return Array.from({ length: count }, () => Buffer.from(Array.from({ length: width }, next)).toString('utf8'));
}

describe('empty and garbage screens', () => {
  it('an empty capture is unknown', () => {
    expect(classify([]).kind).toBe('unknown');
  });

  it('a screen of blank lines is unknown', () => {
    expect(classify(Array.from({ length: 40 }, () => '   ')).kind).toBe('unknown');
  });

  it('binary garbage is unknown, whatever the seed', () => {
    for (const seed of [1, 7, 42, 1234, 99991]) expect(classify(garbage(seed, 40, 120)).kind).toBe('unknown');
  });

  it('control bytes and escape sequences inside a prompt do not change what it asks', () => {
    const lines = permBash().map((l) => `\x1b[38;5;153m${l}\x1b[0m\x07`);
    const prompt = permission(lines);
    expect(prompt.subject).toBe('ls -la /tmp');
    expect(approveKeyFor(prompt)).toBe('1');
  });
});

describe('very long lines', () => {
  const long = 'x'.repeat(10_000);

  it('a single 10k-character line is unknown', () => {
    expect(classify([long]).kind).toBe('unknown');
  });

  it('a 10k-character line in the scrollback does not hide the idle input box', () => {
    const lines = plainLines(CLAUDE_FIXTURES, 'idle-after-turn');
    lines[8] = long;
    expect(classify(lines)).toEqual({ kind: 'idle', runtime: 'claude', draft: '' });
  });

  it('a 10k-character command inside a prompt is never read with confidence', () => {
    const lines = permBash();
    lines[at(lines, 'ls -la /tmp')] = ` ${long}`;
    const prompt = permission(lines);
    expect(prompt.confidence).toBe('low');
    expect(approveKeyFor(prompt)).toBeNull();
    expect(denyKeyFor(prompt)).toBe('Escape');
  });

  it('classifies a screen of 2000 long lines quickly', () => {
    const lines = [...Array.from({ length: 2000 }, (_, i) => `${i} ${long}`), ...permBash()];
    const started = performance.now();
    expect(classify(lines).kind).toBe('permission');
    // Generous on a shared 2-core machine; a backtracking regex would take seconds, not milliseconds.
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

describe('wide Unicode', () => {
  it('keeps a command with CJK and emoji as the subject', () => {
    const lines = permBash();
    const command = 'echo "日本語のテキスト 🎉 👩‍👩‍👧 ✔︎"';
    lines[at(lines, 'ls -la /tmp')] = ` ${command}`;
    const prompt = permission(lines);
    expect(prompt.subject).toBe(command);
    expect(prompt.confidence).toBe('high');
    expect(approveKeyFor(prompt)).toBe('1');
  });

  it('returns a draft with emoji exactly', () => {
    const lines = plainLines(CLAUDE_FIXTURES, 'idle-partial-input');
    lines[at(lines, 'please refactor')] = '❯ 修正して 🚀 please';
    expect(classify(lines)).toEqual({ kind: 'idle', runtime: 'claude', draft: '修正して 🚀 please' });
  });
});

describe('a prompt cut off by the pane bottom', () => {
  for (const lastOption of ['1. Yes', '2. Yes, allow reading', '3. Yes, and switch to auto mode']) {
    it(`ending at "${lastOption}" is low confidence with no approve key`, () => {
      const lines = permBash();
      const cut = lines.slice(0, at(lines, lastOption) + 1);
      const prompt = permission(cut);
      expect(prompt.confidence).toBe('low');
      expect(approveKeyFor(prompt)).toBeNull();
      expect(denyKeyFor(prompt)).toBe('Escape');
    });
  }

  it('ending at the last option (no footer) is still complete: "No" is always last', () => {
    const lines = permBash();
    const prompt = permission(lines.slice(0, at(lines, '4. No') + 1));
    expect(prompt.confidence).toBe('high');
    expect(approveKeyFor(prompt)).toBe('1');
  });

  it('with its header scrolled away is low confidence', () => {
    const lines = permBash();
    const prompt = permission(lines.slice(at(lines, 'Tip:')));
    expect(prompt.confidence).toBe('low');
    expect(approveKeyFor(prompt)).toBeNull();
  });
});

describe('a wrapped option label', () => {
  it('is classified on its whole text, not its first line', () => {
    const lines = permBash();
    const i = at(lines, '2. Yes, allow reading');
    // A label wrapped by a narrow pane: the first line alone would read as a plain "Yes".
    lines.splice(i, 1, '   2. Yes', "      and don't ask again for ls commands");
    const prompt = permission(lines);
    expect(prompt.options[1]).toEqual({ key: '2', label: "Yes and don't ask again for ls commands", kind: 'always' });
    expect(approveKeyFor(prompt)).toBe('1');
  });
});

describe('a label wrapped by a narrow pane (2.1.289)', () => {
  const wrapped = (rows: readonly string[]): string[] => {
    const lines = permBash();
    lines.splice(at(lines, '2. Yes, allow reading'), 1, ...rows);
    return lines;
  };

  it('keeps the list whole across the blank line Claude draws under a wrapped option', () => {
    const prompt = permission(
      wrapped(['   2. Yes, and always allow access to /private/tmp/a/very/long/pa', '      th/qtest from this project', '']),
    );
    expect(prompt.options.map((o) => [o.key, o.kind])).toEqual([
      ['1', 'once'],
      ['2', 'always'],
      ['3', 'always'],
      ['4', 'deny'],
    ]);
    expect(prompt.options[1]?.label).toBe('Yes, and always allow access to /private/tmp/a/very/long/pa th/qtest from this project');
    expect(approveKeyFor(prompt)).toBe('1');
  });

  it('keeps the list whole when the wrapped part starts left of the option numbers', () => {
    const prompt = permission(
      wrapped(['   2. Yes, and always allow access to', '  /private/tmp/a/very/long/path/qtest from this', 'project']),
    );
    expect(prompt.options[1]).toEqual({
      key: '2',
      label: 'Yes, and always allow access to /private/tmp/a/very/long/path/qtest from this project',
      kind: 'always',
    });
    expect(approveKeyFor(prompt)).toBe('1');
  });

  it('does not join options across a gap in their numbers', () => {
    const lines = permBash();
    lines.splice(at(lines, '2. Yes, allow reading'), 1, '');
    const prompt = permission(lines);
    expect(prompt.options.map((o) => o.key)).toEqual(['3', '4']);
    expect(approveKeyFor(prompt)).toBeNull();
  });

  it('does not join options across two blank lines', () => {
    const prompt = permission(wrapped(['   2. Yes, and always allow access to /private/tmp/a/very/long/pa', '', '']));
    expect(prompt.options.map((o) => o.key)).toEqual(['3', '4']);
    expect(approveKeyFor(prompt)).toBeNull();
  });
});

describe('a text field under the cursor', () => {
  it('"No, and tell Claude what to do differently" with the cursor on it (Tab on No) gives no approve, deny by Escape', () => {
    const lines = permBash().map((l) =>
      l.replace(/^ ❯ 1\. Yes$/, '   1. Yes').replace(/^ {3}4\. No$/, ' ❯ 4. No, and tell Claude what to do differently'),
    );
    const prompt = permission(lines);
    expect(prompt.highlighted).toBe(3);
    expect(prompt.confidence).toBe('low');
    expect(approveKeyFor(prompt)).toBeNull();
    expect(denyKeyFor(prompt)).toBe('Escape');
  });

  it('"Type here to tell Claude what to do differently" with the cursor on it gives no approve (2.1.2)', () => {
    const lines = permBash().map((l) =>
      l.replace(/^ ❯ 1\. Yes$/, '   1. Yes').replace(/^ {3}4\. No$/, ' ❯ 4. Type here to tell Claude what to do differently'),
    );
    expect(approveKeyFor(permission(lines))).toBeNull();
  });

  it('a "no" that is a text field is never denied by its digit, wherever the cursor is', () => {
    const lines = permBash().map((l) => l.replace(/^ {3}4\. No$/, '   4. No, and tell Claude what to do differently'));
    const prompt = permission(lines);
    expect(prompt.highlighted).toBe(0);
    expect(denyKeyFor(prompt)).toBe('Escape');
  });

  it('the same option without the cursor on it leaves the prompt approvable', () => {
    const lines = permBash().map((l) => l.replace(/^ {3}4\. No$/, '   4. Type here to tell Claude what to do differently'));
    expect(approveKeyFor(permission(lines))).toBe('1');
  });
});

describe('a prompt that is all the pane shows', () => {
  it('is read whole without its top rule when only blank rows are above it', () => {
    const lines = permBash();
    const body = lines.slice(at(lines, 'Bash command'));
    const prompt = permission(['', '', ...body]);
    expect(prompt.tool).toBe('Bash command');
    expect(approveKeyFor(prompt)).toBe('1');
  });

  it('is low confidence when its first row is the pane top (the rule may have scrolled away)', () => {
    const lines = permBash();
    const prompt = permission(lines.slice(at(lines, 'Bash command')));
    expect(prompt.confidence).toBe('low');
  });
});

describe('an unknown tool header', () => {
  it('is still a permission prompt, but never approvable', () => {
    const lines = permBash();
    lines[at(lines, 'Bash command')] = ' Notebook edit';
    const prompt = permission(lines);
    expect(prompt.tool).toBe('Notebook edit');
    expect(prompt.confidence).toBe('low');
    expect(approveKeyFor(prompt)).toBeNull();
    expect(denyKeyFor(prompt)).toBe('Escape');
  });
});

describe('drawn slightly differently', () => {
  it('a URL wrapped at the pane width is joined back into one subject', () => {
    const lines = plainLines(CLAUDE_FIXTURES, 'perm-webfetch');
    const i = at(lines, 'url:');
    lines.splice(i, 1, ' url: http://127.0.0.1:18080/a/very/long/path', ' /that/wrapped,with,commas.html');
    const prompt = permission(lines);
    expect(prompt.subject).toBe('http://127.0.0.1:18080/a/very/long/path/that/wrapped,with,commas.html');
    expect(approveKeyFor(prompt)).toBe('1');
  });

  it('a blank line between question and options keeps the question but not the confidence', () => {
    const lines = permBash();
    lines.splice(at(lines, '1. Yes'), 0, '');
    const prompt = permission(lines);
    expect(prompt.question).toBe('Do you want to proceed?');
    expect(prompt.subject).toBe('ls -la /tmp');
    expect(prompt.confidence).toBe('low');
  });

  it('a key-hint footer that starts with an arrow is still read as the footer', () => {
    const rule = '─'.repeat(120);
    const screen = classify([rule, ' Pick one', '', ' Which one?', ' ❯ 1. First', '   2. Second', '', ' ↑/↓ to move · Enter to confirm']);
    expect(screen.kind === 'dialog' ? screen.options.map((o) => o.label) : screen.kind).toEqual(['First', 'Second']);
  });
});
