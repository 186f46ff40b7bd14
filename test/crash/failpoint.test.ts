/**
 * The failpoint preload, in a small real process over a real database: it kills with SIGKILL at the
 * named statement (before or after it ran, at the n-th match), logs first, and stays inert unset.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAILPOINT_MODULE, PINNED_NODE, REPO_ROOT } from './support/daemon-process.ts';
import { failpointsFired, formatFailpoint, parseFailpoint } from './support/failpoint-spec.ts';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tb-failpoint-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A process that claims an item, audits twice, then writes two tmux commands to a child's stdin
 * (as the control client gets them), printing after each step; the same statements the store runs.
 */
const SCRIPT = `
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
const Database = createRequire(${JSON.stringify(join(REPO_ROOT, 'package.json'))})('better-sqlite3');
const db = new Database(process.argv[2]);
db.exec("CREATE TABLE items (id TEXT, claimed_by TEXT, claimed_at INTEGER); INSERT INTO items VALUES ('i1', NULL, NULL); CREATE TABLE audit (payload TEXT)");
db.prepare('UPDATE items SET claimed_by = ?, claimed_at = ? WHERE id = ? AND claimed_by IS NULL').run('me', 1, 'i1');
console.log('claimed');
const audit = db.prepare('INSERT INTO audit (payload) VALUES (?)');
audit.run('1');
console.log('audited 1');
audit.run('2');
console.log('audited 2');
const reader = spawn('sh', ['-c', 'cat > "$0"', process.argv[3]], { stdio: ['pipe', 'ignore', 'ignore'] });
reader.stdin.write('display-message -p x\\n');
reader.stdin.write('"send-keys" "-t" "%0" "--" "1"\\n');
console.log('sent');
reader.stdin.end();
`;

async function runWith(
  failpoint: string | null,
): Promise<{ signal: NodeJS.Signals | null; stdout: string; db: string; log: string; sent: string }> {
  const script = join(dir, 'script.mjs');
  const db = join(dir, 'test.db');
  const log = join(dir, 'failpoints.jsonl');
  const sent = join(dir, 'sent.txt');
  writeFileSync(script, SCRIPT);
  const env = {
    ...process.env,
    NODE_OPTIONS: `--import ${FAILPOINT_MODULE}`,
    TB_CRASH_FAILPOINT: failpoint ?? '',
    TB_CRASH_FAILPOINT_LOG: log,
  };
  const child = spawn(PINNED_NODE, [script, db, sent], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (c: Buffer) => void (stdout += c.toString('utf8')));
  const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, s) => resolve(s)));
  return { signal, stdout, db, log, sent };
}

const readIfThere = (file: string): string => (existsSync(file) ? readFileSync(file, 'utf8') : '');

const claimedBy = (file: string): string | null => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT claimed_by FROM items').get() as { claimed_by: string | null }).claimed_by;
  } finally {
    db.close();
  }
};

describe('crash failpoints', () => {
  it('parses and formats point[:n][+ms], and refuses unknown points', () => {
    expect(parseFailpoint('after-audit:2+15')).toEqual({ point: 'after-audit', nth: 2, delayMs: 15 });
    expect(parseFailpoint('before-claim')).toEqual({ point: 'before-claim', nth: 1, delayMs: 0 });
    expect(formatFailpoint({ point: 'mid-resolve', nth: 1, delayMs: 0 })).toBe('mid-resolve:1');
    expect(parseFailpoint('after-lunch')).toBeNull();
    expect(parseFailpoint('after-audit:0')).toBeNull();
    expect(parseFailpoint(undefined)).toBeNull();
  });

  it('before-claim kills before the claim is written, and logs first', async () => {
    const r = await runWith('before-claim');
    expect(r.signal).toBe('SIGKILL');
    expect(r.stdout).toBe('');
    expect(claimedBy(r.db)).toBeNull();
    expect(failpointsFired(r.log)).toMatchObject([{ point: 'before-claim', nth: 1 }]);
  });

  it('after-claim kills once the claim is committed', async () => {
    const r = await runWith('after-claim');
    expect(r.signal).toBe('SIGKILL');
    expect(r.stdout).toBe('');
    expect(claimedBy(r.db)).toBe('me');
  });

  it('after-audit:2 lets the first audit row through and kills after the second', async () => {
    const r = await runWith('after-audit:2');
    expect(r.signal).toBe('SIGKILL');
    expect(r.stdout).toBe('claimed\naudited 1\n');
  });

  it('after-send kills right after a send-keys command is written to tmux, and the command still arrives', async () => {
    const r = await runWith('after-send');
    expect(r.signal).toBe('SIGKILL');
    expect(r.stdout).toBe('claimed\naudited 1\naudited 2\n');
    // The reader outlives the killed writer: it gets the whole command, then EOF.
    await expect.poll(() => readIfThere(r.sent), { timeout: 5000 }).toBe('display-message -p x\n"send-keys" "-t" "%0" "--" "1"\n');
  });

  it('without a failpoint the process runs to its end', async () => {
    const r = await runWith(null);
    expect(r.signal).toBeNull();
    expect(r.stdout).toBe('claimed\naudited 1\naudited 2\nsent\n');
    expect(failpointsFired(r.log)).toEqual([]);
  });
});
