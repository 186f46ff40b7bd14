/** Types of scripts/build-shell.mjs for TypeScript callers (its test). */
export function buildShell(options?: { outDir?: string; minify?: boolean }): Promise<{ main: string; preload: string }>;
