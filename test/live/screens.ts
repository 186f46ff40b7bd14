/**
 * The screens a live run saw: written under the report directory, and with `--latest` compared to the
 * screens the pinned versions drew (`test/live/screens/<cli>/<name>.txt`); a differing screen is kept as a
 * candidate fixture (`.txt` + `.ansi`) beside a readable diff, so a parser update starts from the real screen.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './install.ts';
import type { LiveCliId } from './install.ts';

/** Where the committed pinned screens live. */
export const PINNED_SCREENS = join(PROJECT_ROOT, 'test', 'live', 'screens');
/** Where a run writes what it saw. */
export const REPORT_ROOT = join(PROJECT_ROOT, 'test-results', 'live');

/** Is this a `--latest` run? */
export const isLatestRun = (): boolean => process.env.TB_LIVE_LATEST === '1';

/**
 * A screen without what changes from run to run: the sandbox's temp dir (named by `makeSandbox`), the
 * mock's port, clock times, durations, random verbs and tips, trailing blanks. What is left is what a
 * release changes.
 */
export function normaliseScreen(text: string): string {
  return (
    text
      .replace(/\/\S*?tb-live-[a-z]+-[A-Za-z0-9]{6}/g, '<root>')
      .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
      .replace(/\b\d{1,2}:\d{2}(:\d{2})?( ?[AP]M)?\b/g, '<time>')
      .replace(/\b\d+(\.\d+)?(ms|s|m|h)\b/g, '<n>$2')
      .replace(/<n>m <n>s/g, '<n>s')
      // Claude Code picks a random verb for its spinner and turn summary; opencode a random tip and example.
      .replace(/^([✻✽✶✳✢·*]) \p{Lu}\p{Ll}+(…| for )/gmu, '$1 <verb>$2')
      .replace(/● Tip .*/g, '● Tip <tip>')
      .replace(/⎿ {2}Tip: .*/g, '⎿  Tip: <tip>')
      // Claude Code blinks the dot of a pending tool; its version shows in the banner (the run knows it anyway).
      .replace(/^● /gm, '  ')
      .replace(/Claude Code v\d+\.\d+\.\d+/g, 'Claude Code v<version>')
      .replace(/Ask anything… ".*?"/g, 'Ask anything… "<example>"')
      .split('\n')
      .map((l) => l.replace(/\s+$/, ''))
      .join('\n')
      .replace(/\n+$/, '\n')
  );
}

/** Records the screens of one CLI version. */
export interface ScreenBook {
  /** Keep a screen (plain and with colours) under `name`; with --latest, compare it with the pinned one. */
  keep(name: string, plain: string, ansi: string): void;
}

/** Start a screen book for `id@version` (the sandbox root and port are masked before comparing). */
export function screenBook(id: LiveCliId, version: string): ScreenBook {
  const kind = isLatestRun() ? 'latest' : 'pinned';
  const dir = join(REPORT_ROOT, kind, `${id}@${version}`);
  mkdirSync(dir, { recursive: true });
  return {
    keep(name, plain, ansi) {
      const normal = normaliseScreen(plain);
      writeFileSync(join(dir, `${name}.txt`), plain);
      writeFileSync(join(dir, `${name}.ansi`), ansi);
      const pinnedFile = join(PINNED_SCREENS, id, `${name}.txt`);
      if (!isLatestRun()) return;
      const pinned = existsSync(pinnedFile) ? readFileSync(pinnedFile, 'utf8') : null;
      if (pinned === normal) return;
      const candidates = join(REPORT_ROOT, 'candidates', id);
      mkdirSync(candidates, { recursive: true });
      writeFileSync(join(candidates, `${name}.txt`), plain);
      writeFileSync(join(candidates, `${name}.ansi`), ansi);
      writeFileSync(join(candidates, `${name}.normalised.txt`), normal);
      const diff =
        pinned === null ? `(no pinned screen named ${name})\n` : unifiedDiff(pinnedFile, join(candidates, `${name}.normalised.txt`));
      writeFileSync(join(candidates, `${name}.diff`), diff);
      appendFileSync(
        join(REPORT_ROOT, 'candidates', 'report.md'),
        `- ${id}@${version} \`${name}\`: ${pinned === null ? 'new screen' : `${diff.split('\n').filter((l) => /^[-+][^-+]/.test(l)).length} changed lines`} (candidates/${id}/${name}.diff)\n`,
      );
    },
  };
}

/** `diff -u` of two files (labels say which is pinned, which is new). */
function unifiedDiff(pinned: string, latest: string): string {
  try {
    execFileSync('diff', ['-u', '--label', 'pinned', '--label', 'latest', pinned, latest], { encoding: 'utf8' });
    return '';
  } catch (error) {
    const out = (error as { stdout?: string }).stdout;
    if (typeof out === 'string') return out;
    throw error;
  }
}

/** Make the pinned screens of the last pinned run (test-results/live/pinned/<cli>@<version>/) the committed ones. */
export function adoptPinnedScreens(versions: Readonly<Record<LiveCliId, string>>): string[] {
  const adopted: string[] = [];
  for (const [id, version] of Object.entries(versions)) {
    const dir = join(REPORT_ROOT, 'pinned', `${id}@${version}`);
    if (!existsSync(dir)) continue;
    mkdirSync(join(PINNED_SCREENS, id), { recursive: true });
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.txt'))) {
      writeFileSync(join(PINNED_SCREENS, id, file), normaliseScreen(readFileSync(join(dir, file), 'utf8')));
      adopted.push(`${id}/${file}`);
    }
  }
  return adopted;
}
