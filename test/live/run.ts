/**
 * `npm run test:live [-- --latest] [vitest args]`: install the CLIs (pinned, or the newest published with
 * `--latest` / TB_LIVE_LATEST=1), run the live suite, and with --latest print the report of screens that
 * differ from the pinned ones (test-results/live/candidates/).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LiveCliId } from './install.ts';
import { PROJECT_ROOT, installAll, readPins } from './install.ts';
import { REPORT_ROOT, adoptPinnedScreens } from './screens.ts';

const args = process.argv.slice(2);
if (args.includes('--adopt-pinned')) {
  // After a pinned run whose screens are right (e.g. a version bump with new fixtures): commit them as the baseline.
  const pinned = Object.fromEntries(Object.entries(readPins()).map(([id, pin]) => [id, pin.version])) as Record<LiveCliId, string>;
  console.log(
    adoptPinnedScreens(pinned)
      .map((f) => `adopted ${f}`)
      .join('\n') || 'nothing to adopt: run the pinned suite first',
  );
  process.exit(0);
}
const latest = args.includes('--latest') || process.env.TB_LIVE_LATEST === '1';
const rest = args.filter((a) => a !== '--latest');
const started = performance.now();

const installed = await installAll({ latest, log: (l) => console.log(`live: ${l}`) });
const pins = readPins();
const versions = Object.values(installed).map(
  (c) => `${c.package}@${c.version}${latest && c.version !== pins[c.id].version ? ` (pinned ${pins[c.id].version})` : ''}`,
);
console.log(
  `live: ${latest ? 'latest' : 'pinned'} versions: ${versions.join(', ')} (installed in ${Math.round((performance.now() - started) / 1000)} s)`,
);

const candidates = join(REPORT_ROOT, 'candidates');
if (latest) {
  rmSync(candidates, { recursive: true, force: true });
  mkdirSync(candidates, { recursive: true });
}
const vitest = join(PROJECT_ROOT, 'node_modules', '.bin', 'vitest');
// Every scenario has its own limit (suite.ts); this cap only catches what those cannot (vitest itself stuck).
const capMinutes = Number(process.env.TB_LIVE_MAX_MINUTES ?? 30);
const code = await new Promise<number>((resolve) => {
  const child = spawn(vitest, ['run', '-c', 'vitest.live.config.ts', ...rest], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...process.env, TB_LIVE_LATEST: latest ? '1' : '' },
  });
  const cap = setTimeout(() => {
    console.error(`live: stopped after ${capMinutes} min (TB_LIVE_MAX_MINUTES): the suite did not finish`);
    child.kill('SIGTERM');
  }, capMinutes * 60_000);
  child.on('exit', (c, signal) => {
    clearTimeout(cap);
    resolve(c ?? (signal ? 1 : 0));
  });
});
const seconds = Math.round((performance.now() - started) / 1000);
console.log(`live: finished in ${seconds} s (exit ${code})`);
mkdirSync(REPORT_ROOT, { recursive: true });
writeFileSync(
  join(REPORT_ROOT, `${latest ? 'latest' : 'pinned'}-summary.txt`),
  `${versions.join('\n')}\nwall ${seconds} s, exit ${code}\n`,
);
if (latest) {
  const report = join(candidates, 'report.md');
  const body = existsSync(report) ? readFileSync(report, 'utf8') : '';
  writeFileSync(
    report,
    `# Screens of the newest versions that differ from the pinned ones\n\n${versions.map((v) => `- ${v}`).join('\n')}\n\n${body || 'No screen differs.\n'}`,
  );
  console.log(
    `live: ${body ? `${body.trim().split('\n').length} screens differ; see ${report}` : 'no screen differs from the pinned ones'}`,
  );
}
process.exit(code);
