/**
 * Draws the tray icon's pixels: a round badge coloured by tone (grey / amber / red), hollow when
 * notifications are paused, with the waiting count in a tiny bitmap font. Pure: spec in, RGBA out.
 */
import type { TrayIconSpec, TrayIconTone } from './tray-icon.ts';

/** An RGBA bitmap, rows top to bottom. */
export interface Bitmap {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8Array;
}

type Rgb = readonly [number, number, number];

const TONES: Record<TrayIconTone, Rgb> = {
  clear: [0x8a, 0x8f, 0x98],
  waiting: [0xe8, 0x9a, 0x17],
  stuck: [0xd9, 0x30, 0x25],
};
const WHITE: Rgb = [0xff, 0xff, 0xff];

/** 3×5 glyphs, one string per row, '#' = ink. Only what a badge needs. */
const GLYPHS: Record<string, readonly string[]> = {
  '0': ['###', '#.#', '#.#', '#.#', '###'],
  '1': ['.#.', '##.', '.#.', '.#.', '###'],
  '2': ['###', '..#', '###', '#..', '###'],
  '3': ['###', '..#', '.##', '..#', '###'],
  '4': ['#.#', '#.#', '###', '..#', '..#'],
  '5': ['###', '#..', '###', '..#', '###'],
  '6': ['###', '#..', '###', '#.#', '###'],
  '7': ['###', '..#', '.#.', '.#.', '.#.'],
  '8': ['###', '#.#', '###', '#.#', '###'],
  '9': ['###', '#.#', '###', '..#', '###'],
  '+': ['...', '.#.', '###', '.#.', '...'],
  '!': ['.#.', '.#.', '.#.', '...', '.#.'],
};

/** How much of pixel (x, y) lies inside the disc (or ring), by 4×4 supersampling, 0…1. */
function coverage(x: number, y: number, c: number, outer: number, inner: number): number {
  let hits = 0;
  for (let sy = 0; sy < 4; sy++) {
    for (let sx = 0; sx < 4; sx++) {
      const d = Math.hypot(x + (sx + 0.5) / 4 - c, y + (sy + 0.5) / 4 - c);
      if (d <= outer && d >= inner) hits++;
    }
  }
  return hits / 16;
}

function put(bmp: Bitmap, x: number, y: number, rgb: Rgb, alpha: number): void {
  if (x < 0 || y < 0 || x >= bmp.width || y >= bmp.height || alpha <= 0) return;
  const i = (y * bmp.width + x) * 4;
  bmp.rgba[i] = rgb[0];
  bmp.rgba[i + 1] = rgb[1];
  bmp.rgba[i + 2] = rgb[2];
  bmp.rgba[i + 3] = Math.max(bmp.rgba[i + 3] ?? 0, Math.round(alpha * 255));
}

function drawText(bmp: Bitmap, text: string, rgb: Rgb): void {
  const glyphs = Array.from(text).map((ch) => GLYPHS[ch] ?? GLYPHS['+'] ?? []);
  // Scale the 3×5 font to about half the icon's height, with one font pixel between glyphs.
  const scale = Math.max(1, Math.floor((bmp.height * 0.5) / 5));
  const width = (glyphs.length * 4 - 1) * scale;
  const x0 = Math.floor((bmp.width - width) / 2);
  const y0 = Math.floor((bmp.height - 5 * scale) / 2);
  glyphs.forEach((rows, g) => {
    rows.forEach((row, ry) => {
      Array.from(row).forEach((cell, rx) => {
        if (cell !== '#') return;
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) put(bmp, x0 + (g * 4 + rx) * scale + dx, y0 + ry * scale + dy, rgb, 1);
      });
    });
  });
}

/** Renders the icon for `spec` at `size`×`size` pixels. */
export function renderTrayIcon(spec: TrayIconSpec, size: number): Bitmap {
  const bmp: Bitmap = { width: size, height: size, rgba: new Uint8Array(size * size * 4) };
  const tone = TONES[spec.tone];
  const c = size / 2;
  const outer = size / 2 - 0.5;
  const inner = spec.paused ? outer - Math.max(1.5, size / 8) : -1;
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) put(bmp, x, y, tone, coverage(x, y, c, outer, inner));
  // On a hollow (paused) badge the digits take the tone's colour; on a filled one, white.
  if (spec.badge !== '') drawText(bmp, spec.badge, spec.paused ? tone : WHITE);
  return bmp;
}
