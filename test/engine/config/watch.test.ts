import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { ConfigIssue } from '../../../main/engine/config/load.ts';
import { saveConfig } from '../../../main/engine/config/save.ts';
import { DEFAULT_CONFIG, type Config } from '../../../main/engine/config/schema.ts';
import { ConfigWatcher } from '../../../main/engine/config/watch.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { onCleanup, tempDir } from './support/temp-dir.ts';
import { poll } from '../../support/poll.ts';

const DEBOUNCE = 100;
/** The stat poll's pace here: short, so a file created after start is seen in the test's time. */
const STAT_POLL = 50;

function setup(initial?: string) {
  const file = path.join(tempDir(), 'config.json');
  if (initial !== undefined) fs.writeFileSync(file, initial);
  const clock = new ManualClock(0);
  const watcher = new ConfigWatcher({ file, clock, debounceMs: DEBOUNCE, statPollMs: STAT_POLL });
  onCleanup(() => watcher.dispose());
  const changes: Config[] = [];
  const errors: (readonly ConfigIssue[])[] = [];
  watcher.onChange((c) => changes.push(c));
  watcher.onError((e) => errors.push(e));
  const first = watcher.start();
  /** Write the file, wait for the watcher to see it (a debounce timer armed), then let the debounce pass. */
  const edit = async (text: string | ((f: string) => void)) => {
    if (typeof text === 'string') fs.writeFileSync(file, text);
    else text(file);
    await poll(() => clock.pending > 0, 'the watcher to notice the edit');
    clock.advance(DEBOUNCE);
  };
  return { file, clock, watcher, changes, errors, first, edit };
}

describe('ConfigWatcher', () => {
  it('loads the file on start', () => {
    const { watcher, first } = setup('{"watchdog": {"message": "go on"}}');
    expect(first.ok).toBe(true);
    expect(watcher.current.watchdog.message).toBe('go on');
  });

  it('returns the first load instead of announcing it', () => {
    const { changes, errors } = setup('{"hooks": {"port": 4000}}');
    expect([changes, errors]).toEqual([[], []]);
  });

  it('starts on defaults when there is no file', () => {
    const { watcher } = setup();
    expect(watcher.current).toEqual(DEFAULT_CONFIG);
  });

  it('starts on defaults, and says why, when the file is invalid', () => {
    const { watcher, first } = setup('{"hooks": {"port": "x"}}');
    expect(first.ok).toBe(false);
    expect(watcher.current).toEqual(DEFAULT_CONFIG);
  });

  it('applies a valid edit after the debounce, without a restart', async () => {
    const { watcher, changes, edit } = setup('{}');
    await edit('{"tmux": {"sockets": ["/tmp/tb"]}}');
    expect(watcher.current.tmux.sockets).toEqual(['/tmp/tb']);
    expect(changes).toHaveLength(1);
  });

  it('does not reload before the debounce has passed', async () => {
    const { file, clock, watcher } = setup('{}');
    fs.writeFileSync(file, '{"watchdog": {"maxNudges": 7}}');
    await poll(() => clock.pending > 0, 'the watcher to notice the edit');
    clock.advance(DEBOUNCE - 1);
    expect(watcher.current.watchdog.maxNudges).toBe(3);
    clock.advance(1);
    expect(watcher.current.watchdog.maxNudges).toBe(7);
  });

  it('picks up an atomic save (temp file renamed over the config)', async () => {
    const { watcher, edit } = setup('{}');
    await edit((file) => saveConfig(file, { queue: { skipCooldownMs: '2m' } }));
    expect(watcher.current.queue.skipCooldownMs).toBe(120_000);
  });

  it('follows one atomic save after another (each puts a new file under the watch)', async () => {
    const { watcher, edit } = setup('{}');
    await edit((file) => saveConfig(file, { hooks: { port: 4100 } }));
    expect(watcher.current.hooks.port).toBe(4100);
    await edit((file) => saveConfig(file, { hooks: { port: 4200 } }));
    expect(watcher.current.hooks.port).toBe(4200);
    await edit('{"hooks": {"port": 4300}}');
    expect(watcher.current.hooks.port).toBe(4300);
  });

  it('applies a config file created after start (no file to watch until then)', async () => {
    const { watcher, changes, clock, edit } = setup();
    // The stat poll's first look finds no file and says so once (Node calls the listener on ENOENT). A file
    // written before that look would be its baseline, seen by no later look: wait for it, as an engine
    // started well before the edit has.
    await poll(() => clock.pending > 0, 'the stat poll’s first look');
    clock.advance(DEBOUNCE);
    await edit('{"hooks": {"port": 4400}}');
    expect(watcher.current.hooks.port).toBe(4400);
    expect(changes).toHaveLength(1);
  });

  it('applies a file deleted and written again', async () => {
    const { watcher, edit } = setup('{"hooks": {"port": 4500}}');
    await edit((file) => fs.rmSync(file));
    expect(watcher.current).toEqual(DEFAULT_CONFIG);
    await edit('{"hooks": {"port": 4600}}');
    expect(watcher.current.hooks.port).toBe(4600);
  });

  it("watches the file, not its directory: the engine's own writes beside it wake nothing", async () => {
    const watched: string[] = [];
    const realWatch = fs.watch;
    const spy = vi.spyOn(fs, 'watch').mockImplementation(((target: fs.PathLike, ...rest: unknown[]) => {
      watched.push(String(target));
      return (realWatch as (...a: unknown[]) => fs.FSWatcher)(target, ...rest);
    }) as typeof fs.watch);
    onCleanup(() => spy.mockRestore());
    const { file, clock, watcher, edit } = setup('{}');
    // What the engine writes in the same directory: the database's log and the queue-status file.
    for (let i = 0; i < 20; i++) {
      fs.writeFileSync(path.join(path.dirname(file), 'trailboss.db-wal'), `frame ${i}`);
      fs.writeFileSync(path.join(path.dirname(file), 'queue-status.json.tmp'), `{"count": ${i}}`);
      fs.renameSync(path.join(path.dirname(file), 'queue-status.json.tmp'), path.join(path.dirname(file), 'queue-status.json'));
    }
    await new Promise((r) => setTimeout(r, 4 * STAT_POLL));
    expect(clock.pending).toBe(0);
    await edit((f) => saveConfig(f, { hooks: { port: 4700 } }));
    expect(watcher.current.hooks.port).toBe(4700);
    expect(watched.length).toBeGreaterThan(0);
    expect(new Set(watched)).toEqual(new Set([file]));
  });

  it('goes back to defaults when the file is deleted', async () => {
    const { watcher, edit } = setup('{"hooks": {"port": 9999}}');
    await edit((file) => fs.rmSync(file));
    expect(watcher.current.hooks.port).toBe(0);
  });

  it('announces nothing when the file is rewritten with the same meaning', async () => {
    const { changes, edit } = setup('{"hooks": {"port": 9999}}');
    await edit('{ "hooks": { "port": 9999 } }\n');
    expect(changes).toEqual([]);
  });

  it.each([
    ['broken JSON', '{"hooks": {"port": 1,}}', ''],
    ['an empty file', '', ''],
    ['a wrong type', '{"hooks": {"port": "1"}}', 'hooks.port'],
    ['an unknown key', '{"hooks": {"prot": 1}}', 'hooks.prot'],
    ['an unknown option', '{"tmux": {"captureMode": "turbo"}}', 'tmux.captureMode'],
    ['a bad duration in a list', '{"reminders": {"cadence": [0, "5m", "soon"]}}', 'reminders.cadence.2'],
    ['a value out of range', '{"restart": {"autoThresholdPercent": 150}}', 'restart.autoThresholdPercent'],
    ['a top level that is not an object', '[]', ''],
  ])('keeps the last good config and names the key path on %s', async (_name, text, keyPath) => {
    const { watcher, errors, edit } = setup('{"hooks": {"port": 4000}}');
    const good = watcher.current;
    await edit(text);
    expect(watcher.current).toBe(good);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.map((e) => e.path)).toContain(keyPath);
  });

  it('applies the next good edit after a bad one', async () => {
    const { watcher, edit } = setup('{"hooks": {"port": 4000}}');
    await edit('{"hooks": {"port": ');
    await edit('{"hooks": {"port": 5000}}');
    expect(watcher.current.hooks.port).toBe(5000);
  });

  it('leaves no timer, no file watcher and no stat poll after dispose', async () => {
    const count = (kind: string) => process.getActiveResourcesInfo().filter((r) => r === kind).length;
    const watchersBefore = count('FSEventWrap');
    const pollsBefore = count('StatWatcher');
    const { file, clock, watcher } = setup('{}');
    expect(count('FSEventWrap')).toBe(watchersBefore + 1);
    expect(count('StatWatcher')).toBe(pollsBefore + 1);
    fs.writeFileSync(file, '{"hooks": {"port": 1}}');
    await poll(() => clock.pending > 0, 'a pending reload');
    watcher.dispose();
    expect(clock.pending).toBe(0);
    await poll(() => count('FSEventWrap') === watchersBefore, 'the file watcher to close');
    await poll(() => count('StatWatcher') === pollsBefore, 'the stat poll to stop');
  });
});
