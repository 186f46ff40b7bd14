/**
 * Where the shell finds its renderer and preload, relative to its own bundle: dist/main/shell/main.js
 * beside dist/preload/index.js and dist/renderer/. Pure, so the packaged-layout test resolves the
 * same paths inside the asar archive that the app resolves at run time.
 */
import path from 'node:path';

/** The files the shell loads besides itself. */
export interface BundlePaths {
  readonly rendererDir: string;
  readonly preload: string;
}

/** The paths for a main bundle living in `mainDir`. */
export function bundlePaths(mainDir: string): BundlePaths {
  return { rendererDir: path.join(mainDir, '..', '..', 'renderer'), preload: path.join(mainDir, '..', '..', 'preload', 'index.js') };
}
