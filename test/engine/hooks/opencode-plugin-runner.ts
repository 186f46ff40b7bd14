/**
 * Runs bin/trailboss-opencode-plugin.js as `hooks install --runtime opencode` writes it, in a Node
 * child with the given environment (TMUX_PANE, TMUX …): one plugin instance whose `event` hook is fed
 * the events in order, as opencode's bus does. Resolves when the child has sent everything and exited;
 * its stdout is how long the hook calls took (ms).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pluginText } from '../../../main/engine/hooks/opencode-plugin.ts';
import { runNode } from '../../support/run-node.ts';

/** The plugin's template in this checkout. */
export const OPENCODE_PLUGIN_TEMPLATE = readFileSync(resolve(import.meta.dirname, '../../../bin/trailboss-opencode-plugin.js'), 'utf8');

/** Write the installed plugin text for `endpointFile` into a new temp dir (pushed to `tempDirs`); returns its path. */
export function writeInstalledPlugin(endpointFile: string, tempDirs: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'tb-opencode-plugin-'));
  tempDirs.push(dir);
  const file = join(dir, 'trailboss.js');
  writeFileSync(file, pluginText(OPENCODE_PLUGIN_TEMPLATE, endpointFile));
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}\n');
  return file;
}

/** Run the plugin over `events`. */
export async function runOpencodePlugin(opts: {
  readonly endpointFile: string;
  readonly events: readonly unknown[];
  readonly env: Readonly<Record<string, string>>;
  readonly tempDirs: string[];
}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const file = writeInstalledPlugin(opts.endpointFile, opts.tempDirs);
  const script = [
    `const { TrailBossPlugin } = await import(${JSON.stringify(pathToFileURL(file).href)});`,
    'const hooks = await TrailBossPlugin({});',
    'const started = performance.now();',
    `for (const event of ${JSON.stringify(opts.events)}) await hooks.event({ event });`,
    // The hook hands back at once; the posts go out behind it and keep the process alive until done.
    "process.stdout.write(String(performance.now() - started) + '\\n');",
  ].join('\n');
  const { code, stdout, stderr } = await runNode(['--input-type=module', '-e', script], { env: { ...opts.env } });
  return { code, stdout, stderr };
}
