/**
 * The app's own icon (installers, the Dock, the window, the .desktop entry), drawn in code like the
 * tray icon so no binary image lives in the repository: a dark rounded square holding the tray's
 * amber badge. `scripts/build-icons.ts` writes it as PNGs for electron-builder; the window uses it
 * at run time.
 */
import { encodePng } from '../tray/png-encode.ts';

/** The sizes electron-builder wants for Linux icon sets (and 1024 for macOS, which it converts to icns). */
export const APP_ICON_SIZES: readonly number[] = [16, 32, 48, 64, 128, 256, 512, 1024];

const BACKGROUND: readonly [number, number, number] = [0x1f, 0x29, 0x37];
const AMBER: readonly [number, number, number] = [0xf5, 0x9e, 0x0b];
const SAMPLES = 4;

/** Fraction of pixel (x, y) inside a rounded square of side `s` with corner radius `r`. */
function squareCoverage(x: number, y: number, s: number, r: number): number {
  let hits = 0;
  for (let sy = 0; sy < SAMPLES; sy++) {
    for (let sx = 0; sx < SAMPLES; sx++) {
      const px = x + (sx + 0.5) / SAMPLES;
      const py = y + (sy + 0.5) / SAMPLES;
      const dx = Math.max(r - px, 0, px - (s - r));
      const dy = Math.max(r - py, 0, py - (s - r));
      if (dx * dx + dy * dy <= r * r) hits++;
    }
  }
  return hits / (SAMPLES * SAMPLES);
}

function discCoverage(x: number, y: number, c: number, radius: number): number {
  let hits = 0;
  for (let sy = 0; sy < SAMPLES; sy++) {
    for (let sx = 0; sx < SAMPLES; sx++) {
      if (Math.hypot(x + (sx + 0.5) / SAMPLES - c, y + (sy + 0.5) / SAMPLES - c) <= radius) hits++;
    }
  }
  return hits / (SAMPLES * SAMPLES);
}

/** The icon's RGBA pixels at `size`×`size`. */
export function renderAppIcon(size: number): Uint8Array {
  const rgba = new Uint8Array(size * size * 4);
  const radius = size * 0.22;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const back = squareCoverage(x, y, size, radius);
      const disc = discCoverage(x, y, size / 2, size * 0.3);
      const i = (y * size + x) * 4;
      const rgb = disc > 0 ? AMBER.map((a, k) => Math.round(a * disc + (BACKGROUND[k] ?? 0) * (1 - disc))) : BACKGROUND;
      rgba[i] = rgb[0] ?? 0;
      rgba[i + 1] = rgb[1] ?? 0;
      rgba[i + 2] = rgb[2] ?? 0;
      rgba[i + 3] = Math.round(back * 255);
    }
  }
  return rgba;
}

/** The icon as a PNG file's bytes. */
export function appIconPng(size: number): Buffer {
  return encodePng(size, size, renderAppIcon(size));
}
