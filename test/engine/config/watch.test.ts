import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfigIssue } from '../../../main/engine/config/load.ts';
import { saveConfig } from '../../../main/engine/config/save.ts';
import { DEFAULT_CONFIG, type Config } from '../../../main/engine/config/schema.ts';
import { ConfigWatcher } from '../../../main/engine/config/watch.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { onCleanup, tempDir } from './support/temp-dir.ts';
import { poll } from '../../support/poll.ts';

const DEBOUNCE = 100;

function setup(initial?: string) {
  const file = path.join(tempDir(), 'config.json');
  if (initial !== undefined) fs.writeFileSync(file, initial);
  const clock = new ManualClock(0);
  const watcher = new ConfigWatcher({ file, clock, debounceMs: DEBOUNCE });
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

  it('leaves no timer and no file watcher after dispose', async () => {
    const watchersBefore = process.getActiveResourcesInfo().filter((r) => r === 'FSEventWrap').length;
    const { file, clock, watcher } = setup('{}');
    expect(process.getActiveResourcesInfo().filter((r) => r === 'FSEventWrap').length).toBe(watchersBefore + 1);
    fs.writeFileSync(file, '{"hooks": {"port": 1}}');
    await poll(() => clock.pending > 0, 'a pending reload');
    watcher.dispose();
    expect(clock.pending).toBe(0);
    await poll(
      () => process.getActiveResourcesInfo().filter((r) => r === 'FSEventWrap').length === watchersBefore,
      'the file watcher to close',
    );
  });
});
