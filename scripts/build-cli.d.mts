/** Types of scripts/build-cli.mjs for TypeScript callers (the packaged-layout test). */
export function buildCli(options?: { outDir?: string }): Promise<string>;
