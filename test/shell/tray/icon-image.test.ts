import { describe, expect, it } from 'vitest';
import { renderTrayIcon, type Bitmap } from '../../../main/shell/tray/icon-image.ts';
import { trayIconSpec } from '../../../main/shell/tray/tray-icon.ts';

const pixel = (b: Bitmap, x: number, y: number): number[] => [...b.rgba.subarray((y * b.width + x) * 4, (y * b.width + x) * 4 + 4)];
const inkCount = (b: Bitmap, rgb: number[]): number => {
  let n = 0;
  for (let i = 0; i < b.rgba.length; i += 4)
    if (b.rgba[i] === rgb[0] && b.rgba[i + 1] === rgb[1] && b.rgba[i + 2] === rgb[2] && b.rgba[i + 3] === 255) n++;
  return n;
};

describe('renderTrayIcon', () => {
  it('is transparent in the corners and opaque in the middle', () => {
    const b = renderTrayIcon(trayIconSpec(0, false, false), 32);
    expect(pixel(b, 0, 0)[3]).toBe(0);
    expect(pixel(b, 16, 16)[3]).toBe(255);
  });

  it('uses amber for waiting and red for stuck', () => {
    const waiting = renderTrayIcon(trayIconSpec(1, false, false), 32);
    const stuck = renderTrayIcon(trayIconSpec(1, true, false), 32);
    expect(pixel(waiting, 4, 16)).not.toEqual(pixel(stuck, 4, 16));
    expect(pixel(stuck, 4, 16)[0]).toBeGreaterThan(pixel(stuck, 4, 16)[1] as number);
  });

  it('draws the count in white on a filled badge', () => {
    expect(inkCount(renderTrayIcon(trayIconSpec(8, false, false), 32), [255, 255, 255])).toBeGreaterThan(20);
    expect(inkCount(renderTrayIcon(trayIconSpec(0, false, false), 32), [255, 255, 255])).toBe(0);
  });

  it('draws a different figure for each count', () => {
    const a = renderTrayIcon(trayIconSpec(1, false, false), 16).rgba;
    const b = renderTrayIcon(trayIconSpec(7, false, false), 16).rgba;
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it('is hollow when paused', () => {
    expect(pixel(renderTrayIcon(trayIconSpec(0, false, true), 32), 16, 16)[3]).toBe(0);
  });
});
