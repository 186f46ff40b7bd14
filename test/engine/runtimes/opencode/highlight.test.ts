/** The opencode highlight is only in colour: read it strictly, and never guess. */
import { describe, expect, it } from 'vitest';
import { approveKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { opencodeRuntime } from '../../../../main/engine/runtimes/opencode/index.ts';
import type { PaneCapture, Screen } from '../../../../main/engine/runtimes/types.ts';
import { loadCapture } from '../codex/fixture-files.ts';

const SELECTED = '\x1b[48;5;215m';
const PANEL = '\x1b[48;5;234m';

function withRow(capture: PaneCapture, edit: (row: string) => string): PaneCapture {
  const ansiLines = capture.ansiLines ?? [];
  const at = ansiLines.findLastIndex((l) => l.includes('Allow once'));
  return { lines: capture.lines, ansiLines: ansiLines.map((l, i) => (i === at ? edit(l) : l)) };
}

const highlighted = (screen: Screen) => (screen.kind === 'permission' || screen.kind === 'dialog' ? screen.highlighted : 'not a prompt');

describe('opencode highlight', () => {
  it('is null when no button stands out', () => {
    const capture = withRow(loadCapture('opencode', 'approval-bash'), (row) => row.replaceAll(SELECTED, PANEL));
    const screen = opencodeRuntime.classify(capture);
    expect(highlighted(screen)).toBeNull();
    expect(screen.kind === 'permission' && approveKeyFor(screen)).toBeNull();
  });

  it('follows a truecolor highlight (the theme colour as RGB)', () => {
    const capture = withRow(loadCapture('opencode', 'approval-bash'), (row) => row.replaceAll(SELECTED, '\x1b[48;2;245;167;66m'));
    const screen = opencodeRuntime.classify(capture);
    expect(highlighted(screen)).toBe(0);
    expect(screen.kind === 'permission' && approveKeyFor(screen)).toBe('Enter');
  });

  it('is on Allow always when that button carries the colour, and then nothing approves', () => {
    const capture = withRow(loadCapture('opencode', 'approval-bash'), (row) =>
      row.replaceAll(SELECTED, PANEL).replace('Allow always', `${SELECTED}Allow always${PANEL}`),
    );
    const screen = opencodeRuntime.classify(capture);
    expect(highlighted(screen)).toBe(1);
    expect(screen.kind === 'permission' && approveKeyFor(screen)).toBeNull();
  });

  it('is null when a button is only partly coloured', () => {
    const capture = withRow(loadCapture('opencode', 'approval-bash'), (row) => row.replace('Allow once', `Allow${PANEL} once`));
    expect(highlighted(opencodeRuntime.classify(capture))).toBeNull();
  });

  it('is null when the colour capture shows a different row than the plain one', () => {
    const capture = withRow(loadCapture('opencode', 'approval-bash'), (row) => row.replace('Reject', 'Rejekt'));
    expect(highlighted(opencodeRuntime.classify(capture))).toBeNull();
  });

  it('is null when every button sits on its own menu colour and none stands out', () => {
    const capture = withRow(loadCapture('opencode', 'approval-bash'), (row) =>
      row.replaceAll(SELECTED, PANEL).replace(/(Allow once|Allow always|Reject)/g, '\x1b[48;5;236m$1' + PANEL),
    );
    expect(highlighted(opencodeRuntime.classify(capture))).toBeNull();
  });

  it('finds the selected one of three buttons that all sit on a menu colour', () => {
    const capture = withRow(loadCapture('opencode', 'approval-bash'), (row) =>
      row
        .replaceAll(SELECTED, PANEL)
        .replace(/(Allow always|Reject)/g, '\x1b[48;5;236m$1' + PANEL)
        .replace('Allow once', `${SELECTED}Allow once${PANEL}`),
    );
    expect(highlighted(opencodeRuntime.classify(capture))).toBe(0);
  });

  it('reads the highlight of the two-button always-allow dialog', () => {
    expect(highlighted(opencodeRuntime.classify(loadCapture('opencode', 'dialog-always-allow-confirm')))).toBe(0);
  });
});
