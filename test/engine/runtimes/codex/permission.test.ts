/** Codex approval prompts beyond the captures: cut off, unfamiliar, wrapped, stale. */
import { describe, expect, it } from 'vitest';
import { codexRuntime } from '../../../../main/engine/runtimes/codex/index.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import type { PermissionPrompt, Screen } from '../../../../main/engine/runtimes/types.ts';
import { loadCapture } from './fixture-files.ts';

const exec = () => [...loadCapture('codex', 'approval-exec').lines];

function permission(screen: Screen): PermissionPrompt {
  if (screen.kind !== 'permission') throw new Error(`expected a permission prompt, got ${screen.kind}`);
  return screen;
}

const classify = (lines: string[]) => codexRuntime.classify({ lines });

describe('codex approval prompt', () => {
  it('is low confidence without its footer (cut off at the bottom)', () => {
    const lines = exec();
    const screen = permission(classify(lines.slice(0, lines.indexOf('  3. No, and tell Codex what to do differently (esc)') + 1)));
    expect(screen.confidence).toBe('low');
    expect(approveKeyFor(screen)).toBeNull();
    expect(denyKeyFor(screen)).toBe('Escape');
  });

  it('is low confidence when only option 1 is on screen', () => {
    const lines = exec();
    const screen = permission(classify(lines.slice(0, lines.indexOf('› 1. Yes, proceed (y)') + 1)));
    expect(screen.confidence).toBe('low');
    expect(approveKeyFor(screen)).toBeNull();
  });

  it('is low confidence for an unfamiliar question, with no tool and no subject', () => {
    const lines = exec().map((l) => (l.includes('Would you like to run') ? '  Would you like to grant network access to example.com?' : l));
    const screen = permission(classify(lines));
    expect(screen.tool).toBeNull();
    expect(screen.subject).toBe('');
    expect(approveKeyFor(screen)).toBeNull();
  });

  it('is low confidence when no option carries the highlight marker', () => {
    const lines = exec().map((l) => l.replace('› 1. ', '  1. '));
    const screen = permission(classify(lines));
    expect(screen.highlighted).toBeNull();
    expect(screen.confidence).toBe('low');
  });

  it('is low confidence when two options carry the marker', () => {
    const lines = exec().map((l) => l.replace('  3. No', '› 3. No'));
    expect(permission(classify(lines)).confidence).toBe('low');
  });

  it('joins a wrapped option label and still classifies it as a broader grant', () => {
    const lines = exec();
    const at = lines.findIndex((l) => l.startsWith('  2. '));
    lines.splice(at, 1, "  2. Yes, and don't ask again for commands that start with `touch", '     lab-approve-1.txt` (p)');
    const screen = permission(classify(lines));
    expect(screen.options[1]?.label).toBe("Yes, and don't ask again for commands that start with `touch lab-approve-1.txt` (p)");
    expect(screen.options[1]?.kind).toBe('always');
    expect(approveKeyFor(screen)).toBe('1');
  });

  it('reads a multi-line command as the subject', () => {
    const lines = exec();
    const at = lines.indexOf('  $ touch lab-approve-1.txt');
    lines.splice(at, 1, '  $ printf "a\\nb" \\', '      > out.txt');
    expect(permission(classify(lines)).subject).toBe('printf "a\\nb" \\\n> out.txt');
  });

  it('ignores an option list that is scrollback above the composer', () => {
    const lines = [...exec(), '', '› Ask Codex to do anything', '', '  GPT-5.5 default · /tmp', '  ← for agents · ? for shortcuts'];
    expect(classify(lines).kind).not.toBe('permission');
  });

  it('never offers an approve key when two options are single-use', () => {
    const lines = exec().map((l) =>
      l.replace("2. Yes, and don't ask again for commands that start with `touch lab-approve-1.txt` (p)", '2. Yes'),
    );
    expect(approveKeyFor(permission(classify(lines)))).toBeNull();
  });
});
