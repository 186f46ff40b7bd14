/** The xterm 256-colour palette as CSS hex colours, so pane text keeps the colours the agent drew. */

// The 16 base colours as xterm defaults them; terminals theme these, so they are a reasonable middle.
const BASE16 = [
  '#000000',
  '#cd0000',
  '#00cd00',
  '#cdcd00',
  '#0000ee',
  '#cd00cd',
  '#00cdcd',
  '#e5e5e5',
  '#7f7f7f',
  '#ff0000',
  '#00ff00',
  '#ffff00',
  '#5c5cff',
  '#ff00ff',
  '#00ffff',
  '#ffffff',
];

const CUBE_STEPS = [0, 95, 135, 175, 215, 255];

function hex(r: number, g: number, b: number): string {
  return '#' + [r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('');
}

/** CSS colour of palette index 0–255 (16–231: the 6×6×6 cube; 232–255: the grey ramp); null when out of range. */
export function paletteColour(index: number): string | null {
  if (!Number.isInteger(index) || index < 0 || index > 255) return null;
  if (index < 16) return BASE16[index] ?? null;
  if (index < 232) {
    const n = index - 16;
    return hex(CUBE_STEPS[Math.floor(n / 36)] ?? 0, CUBE_STEPS[Math.floor(n / 6) % 6] ?? 0, CUBE_STEPS[n % 6] ?? 0);
  }
  const grey = 8 + (index - 232) * 10;
  return hex(grey, grey, grey);
}

/** CSS colour of a 24-bit SGR colour; components are clamped to 0–255. */
export function rgbColour(r: number, g: number, b: number): string {
  const c = (n: number) => Math.max(0, Math.min(255, Math.trunc(n)));
  return hex(c(r), c(g), c(b));
}
