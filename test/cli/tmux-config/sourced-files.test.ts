import { describe, expect, it } from 'vitest';
import { configFiles, MAX_SOURCED_FILES, resolveSourced, sourceArgs, sourcedPaths } from '../../../main/cli/tmux-config/sourced-files.ts';

const HOME = '/home/u';

describe('the files a tmux configuration sources', () => {
  it('reads the paths of source-file and source lines, their flags and -t target skipped', () => {
    expect(sourceArgs('source-file ~/.tmux/keys.conf')).toEqual(['~/.tmux/keys.conf']);
    expect(sourceArgs('  source -q "/etc/tmux extra.conf" b.conf')).toEqual(['/etc/tmux extra.conf', 'b.conf']);
    expect(sourceArgs('source-file -nv -t %1 -- -odd.conf')).toEqual(['-odd.conf']);
    expect(sourceArgs('source-file -t%1 x.conf')).toEqual(['x.conf']);
    expect(sourceArgs('bind-key T source-file x.conf')).toEqual([]);
    expect(sourceArgs('# source-file x.conf')).toEqual([]);
  });

  it('resolves ~, $HOME and relative paths as tmux does, and leaves globs, formats and other variables alone', () => {
    expect(resolveSourced('~/.tmux/keys.conf', `${HOME}/.tmux.conf`, HOME)).toBe('/home/u/.tmux/keys.conf');
    expect(resolveSourced('$HOME/k.conf', `${HOME}/.tmux.conf`, HOME)).toBe('/home/u/k.conf');
    expect(resolveSourced('${HOME}/k.conf', `${HOME}/.tmux.conf`, HOME)).toBe('/home/u/k.conf');
    expect(resolveSourced('keys.conf', '/home/u/.config/tmux/tmux.conf', HOME)).toBe('/home/u/.config/tmux/keys.conf');
    expect(resolveSourced('~/conf.d/*.conf', `${HOME}/.tmux.conf`, HOME)).toBeNull();
    expect(resolveSourced('#{HOME}/x.conf', `${HOME}/.tmux.conf`, HOME)).toBeNull();
    expect(resolveSourced('$XDG_CONFIG_HOME/x.conf', `${HOME}/.tmux.conf`, HOME)).toBeNull();
    expect(resolveSourced('~other/x.conf', `${HOME}/.tmux.conf`, HOME)).toBeNull();
    expect(sourcedPaths('set -g mouse on\nsource-file ~/a.conf ~/b/*.conf\n', `${HOME}/.tmux.conf`, HOME)).toEqual(['/home/u/a.conf']);
  });

  it('follows sourced files in turn, each once, skipping our own file and missing ones', () => {
    const files: Record<string, string> = {
      '/home/u/.tmux.conf': 'source-file ~/a.conf\nsource-file ~/missing.conf\nsource-file /tb/tmux.conf\n',
      '/home/u/a.conf': 'source-file b.conf\nsource-file ~/.tmux.conf\n',
      '/home/u/b.conf': 'bind T x\nsource-file ~/a.conf\n',
      '/tb/tmux.conf': 'bind T ours\n',
    };
    const read = (file: string) => files[file] ?? null;
    expect(configFiles('/home/u/.tmux.conf', HOME, read, '/tb/tmux.conf').map((f) => f.file)).toEqual([
      '/home/u/.tmux.conf',
      '/home/u/a.conf',
      '/home/u/b.conf',
    ]);
  });

  it('stops after a bounded number of files', () => {
    const read = (file: string) => `source-file ${file}.next\n`;
    expect(configFiles('/c', HOME, read, '/ours').length).toBeLessThanOrEqual(MAX_SOURCED_FILES);
  });
});
