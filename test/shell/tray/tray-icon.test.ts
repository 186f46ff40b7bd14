import { describe, expect, it } from 'vitest';
import { trayIconSpec } from '../../../main/shell/tray/tray-icon.ts';

describe('trayIconSpec', () => {
  it('is clear with no badge and no title when nothing waits', () => {
    expect(trayIconSpec(0, false, false)).toMatchObject({ tone: 'clear', badge: '', title: '' });
  });

  it('shows the count when items wait', () => {
    expect(trayIconSpec(3, false, false)).toMatchObject({ tone: 'waiting', badge: '3', title: '3' });
  });

  it('caps the badge at 9+ but keeps the exact count in the title', () => {
    expect(trayIconSpec(12, false, false)).toMatchObject({ badge: '9+', title: '12' });
  });

  it('looks different when something is stuck', () => {
    expect(trayIconSpec(2, true, false).tone).toBe('stuck');
    expect(trayIconSpec(2, true, false).key).not.toBe(trayIconSpec(2, false, false).key);
  });

  it('looks different, and says so, when notifications are paused', () => {
    const paused = trayIconSpec(2, false, true);
    expect(paused.key).not.toBe(trayIconSpec(2, false, false).key);
    expect(paused.toolTip).toContain('notifications paused');
  });

  it('names the count in the tooltip', () => {
    expect(trayIconSpec(1, false, false).toolTip).toBe('Trail Boss — 1 agent is waiting');
  });
});
