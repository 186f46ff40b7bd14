// Builds the renderer (renderer/index.html) into dist/renderer. The engine's loopback server serves it
// at `/` for `trailboss daemon --ui`; the Electron shell loads the same files.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  // Relative asset URLs: the same build works over http://127.0.0.1:<port>/ and from a file or app:// URL.
  base: './',
  // React 19's automatic runtime; no React plugin needed (no fast refresh in this app).
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'es2023',
    sourcemap: true,
    // The polyfill would be an inline script, which the CSP forbids; Chromium needs none.
    modulePreload: { polyfill: false },
    // Keep CSS in a file: the CSP allows no inline <style>.
    cssCodeSplit: false,
    assetsInlineLimit: 0,
  },
  server: { host: '127.0.0.1', strictPort: true },
});
