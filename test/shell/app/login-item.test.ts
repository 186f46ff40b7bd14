import { describe, expect, it } from 'vitest';
import { autostartEntry, autostartFile, staleAutostart } from '../../../main/shell/app/login-item.ts';

describe('autostartFile', () => {
  it('uses XDG_CONFIG_HOME when absolute, else ~/.config', () => {
    expect(autostartFile({ XDG_CONFIG_HOME: '/x/cfg' }, '/home/u')).toBe('/x/cfg/autostart/trailboss.desktop');
    expect(autostartFile({ XDG_CONFIG_HOME: 'rel' }, '/home/u')).toBe('/home/u/.config/autostart/trailboss.desktop');
    expect(autostartFile({}, '/home/u')).toBe('/home/u/.config/autostart/trailboss.desktop');
  });
});

describe('autostartEntry', () => {
  it('writes an Exec line with the program and its arguments', () => {
    expect(autostartEntry('/opt/Trail Boss/trailboss-app', ['--hidden'])).toContain('Exec="/opt/Trail Boss/trailboss-app" --hidden\n');
  });

  it('escapes what the desktop entry spec reserves', () => {
    expect(autostartEntry('/home/u/apps/t$b"100%.AppImage', [])).toContain('Exec="/home/u/apps/t\\$b\\"100%%.AppImage"');
  });
});

describe('staleAutostart', () => {
  it('rewrites an entry that starts an older executable (the app was `trailboss` before `trailboss-app`), and leaves a current or absent one', () => {
    const wanted = autostartEntry('/opt/Trail Boss/trailboss-app', ['--hidden']);
    expect(staleAutostart(autostartEntry('/opt/Trail Boss/trailboss', ['--hidden']), wanted)).toBe(wanted);
    expect(staleAutostart(wanted, wanted)).toBeNull();
    expect(staleAutostart(null, wanted)).toBeNull();
  });
});
