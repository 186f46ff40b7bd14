/** opencode permission boxes beyond the captures: unfamiliar headers and buttons, cut-off boxes. */
import { describe, expect, it } from 'vitest';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { opencodeRuntime } from '../../../../main/engine/runtimes/opencode/index.ts';
import type { PermissionPrompt, Screen } from '../../../../main/engine/runtimes/types.ts';
import { loadCapture } from '../codex/fixture-files.ts';

const bash = () => loadCapture('opencode', 'approval-bash');

function permission(screen: Screen): PermissionPrompt {
  if (screen.kind !== 'permission') throw new Error(`expected a permission prompt, got ${screen.kind}`);
  return screen;
}

const both = (edit: (l: string) => string) => {
  const c = bash();
  return { lines: c.lines.map(edit), ansiLines: (c.ansiLines ?? []).map(edit) };
};

describe('opencode permission box', () => {
  it('reads a source-known header (WebFetch) as tool and subject', () => {
    const screen = permission(opencodeRuntime.classify(both((l) => l.replace('# Shell command', '% WebFetch https://example.com/x'))));
    expect([screen.tool, screen.subject]).toEqual(['WebFetch', 'https://example.com/x']);
  });

  it('is low confidence for an unfamiliar header', () => {
    const screen = permission(opencodeRuntime.classify(both((l) => l.replace('# Shell command', '✦ Teleport somewhere'))));
    expect(screen.tool).toBeNull();
    expect(screen.confidence).toBe('low');
    expect(approveKeyFor(screen)).toBeNull();
    expect(denyKeyFor(screen)).toBe('Escape');
  });

  it('is low confidence when the buttons are not the verified three', () => {
    const screen = permission(opencodeRuntime.classify(both((l) => l.replace('Allow always', 'Allow in session'))));
    expect(screen.confidence).toBe('low');
    expect(approveKeyFor(screen)).toBeNull();
  });

  it('is no prompt when the box does not reach the bottom (old box in the transcript)', () => {
    const c = bash();
    const lines = [...c.lines, '', '     ▣  Build · Mock Model · 1.0s', ''];
    expect(opencodeRuntime.classify({ lines }).kind).not.toBe('permission');
  });

  it('is low confidence with no button row (cut off)', () => {
    const lines = bash().lines.filter((l) => !l.includes('Allow once'));
    const screen = permission(opencodeRuntime.classify({ lines }));
    expect(screen.options).toEqual([]);
    expect(screen.confidence).toBe('low');
    expect(approveKeyFor(screen)).toBeNull();
  });

  it('reads the prompt drawn without its left border (opencode 1.4.3 as thrum copied it)', () => {
    const c = bash();
    const strip = (l: string) => l.replace('┃', ' ');
    const lines = c.lines.map(strip);
    while ((lines.at(-1) ?? '').trim() === '') lines.pop();
    const screen = permission(opencodeRuntime.classify({ lines, ansiLines: (c.ansiLines ?? []).map(strip) }));
    expect([screen.tool, screen.subject, screen.options.map((o) => o.label)]).toEqual([
      'Shell command',
      'touch lab-allow-once.txt',
      ['Allow once', 'Allow always', 'Reject'],
    ]);
    expect(approveKeyFor(screen)).toBe('Enter');
    expect(approveKeyFor(permission(opencodeRuntime.classify({ lines })))).toBeNull();
    expect(denyKeyFor(screen)).toBe('Escape');
  });

  it('is no borderless prompt without its △ title above the button row', () => {
    const lines = bash()
      .lines.map((l) => l.replace('┃', ' '))
      .filter((l) => !l.includes('△'));
    while ((lines.at(-1) ?? '').trim() === '') lines.pop();
    expect(opencodeRuntime.classify({ lines }).kind).toBe('unknown');
  });

  it('reads a wrapped shell command as one subject', () => {
    const c = bash();
    const at = c.lines.indexOf('  ┃  $ touch lab-allow-once.txt');
    const lines = [...c.lines.slice(0, at), '  ┃  $ touch a-very-long-name \\', '  ┃    && echo done', ...c.lines.slice(at + 1)];
    expect(permission(opencodeRuntime.classify({ lines })).subject).toBe('touch a-very-long-name \\\n&& echo done');
  });

  it('treats the reject-message box as a dialog', () => {
    const lines = [
      '  ┃',
      '  ┃  △ Reject permission',
      '  ┃  Tell OpenCode what to do differently',
      '  ┃',
      '  ┃  enter confirm  esc cancel',
      '  ┃',
    ];
    const screen = opencodeRuntime.classify({ lines });
    expect(screen.kind === 'dialog' && screen.dialogId).toBe('opencode.reject-message');
  });
});

describe('opencode permission box title', () => {
  it('takes the title from the top of the box, not from body text that starts with △', () => {
    const c = loadCapture('opencode', 'approval-bash');
    const lines = c.lines.map((l) => (l === '  ┃  $ touch lab-allow-once.txt' ? '  ┃  △ Always allow' : l));
    expect(opencodeRuntime.classify({ lines }).kind).toBe('permission');
  });
});
