/** The pure text edits behind `trailboss tmux install`: our file, our source line, the user's bindings, the config lookup. */
import { describe, expect, it } from 'vitest';
import { TmuxConfigError, fileSegment, integrationFileText, tmuxQuote, validKey } from '../../../main/cli/tmux-config/integration-file.ts';
import { configBindings, foreignBinding, prefixKeyOf } from '../../../main/cli/tmux-config/key-clash.ts';
import { SOURCE_COMMENT, addSourceLine, hasSourceLine, removeSourceLine } from '../../../main/cli/tmux-config/source-line.ts';
import { ourSegments, statusSegment, withoutOurSegments } from '../../../main/cli/tmux-config/status-segment.ts';
import { tmuxConfigFile } from '../../../main/cli/tmux-config/tmux-conf-path.ts';

const TB = "'/opt/node' '/opt/tb/bin/trailboss.mjs'";
const SCRIPT = '/opt/tb/bin/trailboss-tmux-status.sh';
const HOME = '/home/u/.config/trailboss';
const spec = (over: Partial<Parameters<typeof integrationFileText>[0]> = {}) => ({
  key: 'T',
  trailboss: TB,
  statusScript: SCRIPT,
  home: HOME,
  ...over,
});
/** What earlier versions appended: Node running the launcher's `tmux-status`. */
const NODE_SEGMENT = ` #(${TB} tmux-status)`;

describe('our tmux file', () => {
  it('binds the key in the prefix table to the popup and appends the sh segment once', () => {
    const text = integrationFileText(spec());
    expect(text).toContain(`bind-key -T prefix T display-popup -E -w 90% -h 80% "${TB} tui --popup"`);
    expect(text).toContain(`set -ga status-right " #(/bin/sh '${SCRIPT}' '${HOME}')"`);
    expect(text).toMatch(/%if "#\{==:#\{m:\*tmux-status\[\)\.\]\*,#\{status-right\}\},0\}"\nset -ga/);
    expect(fileSegment(text)).toEqual({ kind: 'sh', text: ` #(/bin/sh '${SCRIPT}' '${HOME}')`, script: SCRIPT });
  });

  it('quotes for tmux: backslash, double quote and $ escaped; control characters and # in the command refused', () => {
    expect(tmuxQuote('a"b$c\\d')).toBe('"a\\"b\\$c\\\\d"');
    expect(() => tmuxQuote('a\nb')).toThrow(TmuxConfigError);
    expect(() => integrationFileText(spec({ trailboss: "'/opt/#1/node'" }))).toThrow(TmuxConfigError);
    expect(() => integrationFileText(spec({ statusScript: '/opt/#1/bin/trailboss-tmux-status.sh' }))).toThrow(TmuxConfigError);
    expect(() => integrationFileText(spec({ home: '/home/#u' }))).toThrow(TmuxConfigError);
  });

  it('refuses % in the status segment’s paths: tmux runs status-right through strftime (`%20` would be another path)', () => {
    expect(() => integrationFileText(spec({ home: '/home/u/100%20' }))).toThrow(/"%"/);
    expect(() => integrationFileText(spec({ statusScript: '/opt/50%/bin/trailboss-tmux-status.sh' }))).toThrow(TmuxConfigError);
  });

  it('a home path with quotes, $, spaces and parentheses reads back as it was written', () => {
    const home = `/home/o'neil/$x "y"/Trail Boss (2)`;
    const text = integrationFileText(spec({ home }));
    expect(fileSegment(text)).toEqual({ kind: 'sh', text: statusSegment(SCRIPT, home), script: SCRIPT });
  });

  it('takes keys tmux can bind and refuses the rest', () => {
    for (const key of ['T', 'C-t', 'M-F5', 'F12', '!']) expect(validKey(key)).toBe(true);
    for (const key of ['', 'two words', '#', 'C-', 'T\n']) expect(validKey(key)).toBe(false);
    expect(() => integrationFileText(spec({ key: 'a b' }))).toThrow(TmuxConfigError);
  });
});

describe('our segment in a status-right value', () => {
  const sh = statusSegment(`/opt/it's/bin/trailboss-tmux-status.sh`, '/h (1)/tb');

  it('finds the sh segment and an earlier version’s Node segment, with the script each runs', () => {
    expect(ourSegments(`mine %H:%M${NODE_SEGMENT}${sh}`)).toEqual([
      { kind: 'node', text: NODE_SEGMENT, script: '/opt/tb/bin/trailboss.mjs' },
      { kind: 'sh', text: sh, script: `/opt/it's/bin/trailboss-tmux-status.sh` },
    ]);
  });

  it("takes out both kinds and leaves the user's own text, #() commands included, as it was", () => {
    const user = 'mine #(date +%s) #(/bin/sh /usr/local/bin/other.sh)';
    expect(withoutOurSegments(`${user}${NODE_SEGMENT}${sh}`)).toBe(user);
    expect(ourSegments(user)).toEqual([]);
  });
});

describe('the source line', () => {
  const file = '/home/u/.config/trailboss/tmux.conf';

  it('is added exactly once, after a final newline, and removed again', () => {
    const user = 'set -g mouse on';
    const once = addSourceLine(user, file);
    expect(once).toBe(`set -g mouse on\n${SOURCE_COMMENT}\nsource-file -q "${file}"\n`);
    expect(addSourceLine(once, file)).toBe(once);
    expect(hasSourceLine(once, file)).toBe(true);
    expect(removeSourceLine(once)).toBe('set -g mouse on\n');
  });

  it('creates a file that did not exist', () => {
    expect(addSourceLine(null, file)).toBe(`${SOURCE_COMMENT}\nsource-file -q "${file}"\n`);
    expect(hasSourceLine(null, file)).toBe(false);
  });
});

describe("the user's bindings", () => {
  it('finds prefix-table bind lines of the key, whatever their options and quoting', () => {
    expect(prefixKeyOf('bind T new-window')).toBe('T');
    expect(prefixKeyOf("  bind-key -r 'T' resize-pane")).toBe('T');
    expect(prefixKeyOf('bind-key -T prefix T x')).toBe('T');
    expect(prefixKeyOf('bind-key -N "a note" T x')).toBe('T');
    expect(prefixKeyOf('bind -n T x')).toBeNull();
    expect(prefixKeyOf('bind-key -T copy-mode T x')).toBeNull();
    expect(prefixKeyOf('# bind T x')).toBeNull();
    expect(configBindings('set -g mouse on\nbind t clock-mode\nbind T choose-tree', 'T')).toEqual([3]);
  });

  it("a running server's binding is a clash unless it is our popup", () => {
    expect(foreignBinding('bind-key -T prefix T choose-tree\n')).toBe('bind-key -T prefix T choose-tree');
    expect(foreignBinding(`bind-key -T prefix T display-popup -E "${TB} tui --popup"\n`)).toBeNull();
    expect(foreignBinding('')).toBeNull();
  });
});

describe('the tmux configuration in use', () => {
  const env = { XDG_CONFIG_HOME: '/x' };
  it("follows tmux's order: ~/.tmux.conf, then $XDG_CONFIG_HOME/tmux, then ~/.config/tmux; none: ~/.tmux.conf", () => {
    const only = (file: string) => (f: string) => f === file;
    expect(tmuxConfigFile({ env, homedir: '/h', exists: () => true })).toBe('/h/.tmux.conf');
    expect(tmuxConfigFile({ env, homedir: '/h', exists: only('/x/tmux/tmux.conf') })).toBe('/x/tmux/tmux.conf');
    expect(tmuxConfigFile({ env, homedir: '/h', exists: only('/h/.config/tmux/tmux.conf') })).toBe('/h/.config/tmux/tmux.conf');
    expect(tmuxConfigFile({ env: { XDG_CONFIG_HOME: 'relative' }, homedir: '/h', exists: () => false })).toBe('/h/.tmux.conf');
  });
});
