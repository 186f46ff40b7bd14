/**
 * One command run as a user runs it, measured: wall time, and peak memory of its whole process tree
 * (the kernel's peak RSS of the largest process, via GNU time, and a /proc sampler summing the RSS
 * of every process below it, for commands that start children such as tmux or git).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What one run took. */
export interface TreeRun {
  readonly ms: number;
  readonly peakMB: number;
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Parent pid and resident set (kB) of every process now. */
function processTable(): Map<number, { ppid: number; rssKB: number }> {
  const out = new Map<number, { ppid: number; rssKB: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      const rssKB = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      out.set(Number(name), { ppid, rssKB });
    } catch {
      // Gone while reading: not part of any tree any more.
    }
  }
  return out;
}

/** Sum of RSS (kB) of `root`'s descendants (not root itself). */
function treeRssKB(root: number): number {
  const table = processTable();
  let sum = 0;
  const stack = [root];
  while (stack.length > 0) {
    const parent = stack.pop()!;
    for (const [pid, p] of table) {
      if (p.ppid !== parent) continue;
      sum += p.rssKB;
      stack.push(pid);
    }
  }
  return sum;
}

/** Run `command args` to its end under GNU time, sampling the tree every `sampleMs` (0: no sampling). */
export async function runMeasured(
  command: string,
  args: readonly string[],
  opts: { env: NodeJS.ProcessEnv; cwd: string; sampleMs?: number },
): Promise<TreeRun> {
  const dir = mkdtempSync(join(tmpdir(), 'tb-bench-time-'));
  const timeFile = join(dir, 'maxrss');
  try {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%M', '-o', timeFile, command, ...args], {
      env: opts.env,
      cwd: opts.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let sampledKB = 0;
    const sampler = opts.sampleMs ? setInterval(() => (sampledKB = Math.max(sampledKB, treeRssKB(child.pid ?? -1))), opts.sampleMs) : null;
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (c) => resolve(c));
    });
    const ms = performance.now() - started;
    if (sampler) clearInterval(sampler);
    const maxrssKB = Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop());
    return { ms, peakMB: Math.max(maxrssKB, sampledKB) / 1024, code, stdout, stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
