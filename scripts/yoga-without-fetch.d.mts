/** Types of scripts/yoga-without-fetch.mjs for TypeScript callers (the CLI bundle's test). */
import type { Plugin } from 'esbuild';

/** The esbuild plugin: yoga's base64 loader decodes its WebAssembly itself instead of calling fetch(). */
export const yogaWithoutFetch: Plugin;
