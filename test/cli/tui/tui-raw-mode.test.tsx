/**
 * Raw mode is on before the first frame: a key pressed the moment the list appears is read as that
 * key (Enter as Enter), never echoed by the tty or cooked into "\n". The terminal is a recording
 * stand-in for a tty (the real one is exercised by the tmux tests, where the race is a matter of timing).
 */
import { Text, useInput } from 'ink';
import { PassThrough } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import { poll } from '../../support/poll.ts';
import { renderInRawMode, type TuiTerminal } from '../../../main/cli/tui/run-tui.tsx';

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

/** A tty stand-in that records raw-mode changes and writes in one ordered log. */
function recordingTerminal(): { terminal: TuiTerminal; log: string[]; stdin: PassThrough } {
  const log: string[] = [];
  const stdin = Object.assign(new PassThrough(), {
    isTTY: true,
    setRawMode: (mode: boolean) => log.push(`raw ${String(mode)}`),
    ref: () => undefined,
    unref: () => undefined,
  });
  const stdout = Object.assign(new PassThrough(), { isTTY: true, columns: 80, rows: 24 });
  const write = stdout.write.bind(stdout) as (chunk: unknown) => boolean;
  stdout.write = ((chunk: unknown) => {
    log.push(`write ${String(chunk)}`);
    return write(chunk);
  }) as typeof stdout.write;
  stdout.resume();
  return { terminal: { stdin, stdout } as unknown as TuiTerminal, log, stdin };
}

function Keys({ seen }: { seen: string[] }) {
  useInput((input, key) => seen.push(key.return ? 'Enter' : input));
  return <Text>the list</Text>;
}

it('turns raw mode on before the first frame is written, and Enter typed then is read as Enter', async () => {
  const { terminal, log, stdin } = recordingTerminal();
  const seen: string[] = [];
  const instance = renderInRawMode(<Keys seen={seen} />, terminal, { alternateScreen: true, interactive: true, patchConsole: false });
  unmount = () => instance.unmount();
  const raw = log.indexOf('raw true');
  const frame = log.findIndex((entry) => entry.startsWith('write') && entry.includes('the list'));
  expect(raw).toBeGreaterThanOrEqual(0);
  expect(frame).toBeGreaterThan(raw);
  // In raw mode the terminal sends Enter as "\r".
  stdin.write('\r');
  await poll(() => seen.length > 0, 'the key read');
  expect(seen).toEqual(['Enter']);
});

it('leaves a terminal that is not a tty alone', () => {
  const { terminal, log } = recordingTerminal();
  (terminal.stdin as { isTTY: boolean }).isTTY = false;
  const instance = renderInRawMode(<Text>x</Text>, terminal, { interactive: true, patchConsole: false });
  unmount = () => instance.unmount();
  expect(log.filter((entry) => entry.startsWith('raw'))).toEqual([]);
});
