/**
 * Writes the app icon as PNGs into build/icons/ (`<size>x<size>.png`, the names electron-builder
 * reads for Linux) and build/icon.png (1024 px, which it converts for macOS). Run by
 * `npm run build:icons` before packaging; the pixels come from main/shell/app/app-icon.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ICON_SIZES, appIconPng } from '../main/shell/app/app-icon.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Writes every size into `outDir` (default build/); answers the files written. */
export function buildIcons(outDir = join(ROOT, 'build')): string[] {
  const dir = join(outDir, 'icons');
  mkdirSync(dir, { recursive: true });
  const written = APP_ICON_SIZES.map((size) => {
    const file = join(dir, `${size}x${size}.png`);
    writeFileSync(file, appIconPng(size));
    return file;
  });
  const mac = join(outDir, 'icon.png');
  writeFileSync(mac, appIconPng(1024));
  return [...written, mac];
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const file of buildIcons()) process.stdout.write(`built ${file}\n`);
}
