/** Behaviour every TmuxClient must show, run against real tmux on a private server for each implementation. */
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Runner, Spawner } from '../../../../main/engine/platform/run.ts';
import type { PaneScreenCapture, TmuxClient, TmuxErrorKind, TmuxServer } from '../../../../main/engine/tmux/types.ts';
import { TmuxError } from '../../../../main/engine/tmux/types.ts';
import type { PrivateTmux } from '../../../support/tmux-server.ts';
import { startPrivateTmux } from '../../../support/tmux-server.ts';
import { countingRunner } from './counting-runner.ts';
import { styledCells } from './sgr-cells.ts';
import { drawFileCommand, echoKeysCommand, receivedText, showTextCommand } from './pane-programs.ts';
import { poll } from '../../../support/poll.ts';

/** Makes the client under test. */
export type MakeClient = (server: TmuxServer, runner: Runner & Spawner) => TmuxClient;

const fixture = (path: string): string => fileURLToPath(new URL(`../../../fixtures/${path}`, import.meta.url));

async function caught(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => null,
    (e: unknown) => e,
  );
}

/** The shared behaviour of both clients. */
export function describeTmuxClientContract(
  name: string,
  make: MakeClient,
  opts: { missingBinary?: { kind: TmuxErrorKind; what: string } } = {},
): void {
  const missingBinary = opts.missingBinary ?? { kind: 'not-installed', what: 'tmux' };
  describe(`${name}: TmuxClient contract`, () => {
    let t: PrivateTmux;
    let client: TmuxClient;

    beforeEach(async () => {
      t = await startPrivateTmux();
      client = make(t.server, countingRunner().runner);
    });

    afterEach(async () => {
      await client.close();
      await t.kill();
    });

    async function screen(paneId: string): Promise<string[]> {
      const [cap] = await client.capture([{ paneId, colour: false }]);
      return [...(cap?.lines ?? [])];
    }

    async function received(paneId: string, expected: string): Promise<string> {
      return poll(
        async () => {
          const got = receivedText(await screen(paneId));
          return got === expected ? got : null;
        },
        `pane ${paneId} receives ${JSON.stringify(expected)}`,
      ).catch(async (e: unknown) => {
        throw new Error(`${(e as Error).message}; received ${JSON.stringify(receivedText(await screen(paneId)))}`);
      });
    }

    async function echoPane(bracketed = false): Promise<string> {
      const pane = await t.newPane(echoKeysCommand(bracketed), { width: 200 });
      await poll(async () => (await screen(pane)).includes('READY'), 'echo program ready');
      return pane;
    }

    it('lists the panes of the server with their fields', async () => {
      const a = await t.newPane('cat', { session: 'work', width: 100, height: 30 });
      const b = await t.newPane('sleep 1000', { session: 'work' });
      // The shell tmux starts execs the command a moment later: wait until both show their program.
      const panes = await poll(async () => {
        const p = await client.listPanes();
        return p
          .map((x) => x.currentCommand)
          .sort()
          .join() === 'cat,sleep'
          ? p
          : null;
      }, 'both panes running their program');
      expect(panes.map((p) => p.paneId).sort()).toEqual([a, b].sort());
      expect(panes.find((p) => p.paneId === a)).toMatchObject({
        sessionName: 'work',
        target: 'work:0.0',
        width: 100,
        height: 30,
        dead: false,
        currentCommand: 'cat',
      });
      expect(panes.find((p) => p.paneId === b)).toMatchObject({ target: 'work:1.0', currentCommand: 'sleep' });
    });

    it('lists an empty list, quietly, when no server runs', async () => {
      expect(await client.listPanes()).toEqual([]);
      expect(await client.listClients()).toEqual([]);
    });

    it('reports capture on an absent server as no-server', async () => {
      const err = await caught(client.capture([{ paneId: '%0', colour: false }]));
      expect(err).toBeInstanceOf(TmuxError);
      expect((err as TmuxError).kind).toBe('no-server');
    });

    it(`says ${missingBinary.kind} when the ${missingBinary.what} binary is missing`, async () => {
      const missing = make(t.server, countingRunner(() => '/nonexistent/tmux-not-here').runner);
      try {
        const err = await caught(missing.listPanes());
        expect(err).toMatchObject({ kind: missingBinary.kind });
      } finally {
        await missing.close();
      }
    });

    async function drawn(name: string): Promise<{ cap: PaneScreenCapture; txt: string[]; ansi: string[]; pane: string }> {
      const txt = readFileSync(fixture(`${name}.txt`), 'utf8')
        .split('\n')
        .slice(0, 40);
      const ansi = readFileSync(fixture(`${name}.ansi`), 'utf8')
        .split('\n')
        .slice(0, 40);
      const pane = await t.newPane(drawFileCommand(fixture(`${name}.ansi`)), { width: 120, height: 40 });
      const cap = await poll(async () => {
        const [c] = await client.capture([{ paneId: pane, colour: true }]);
        return c && c.lines.join('\n') === txt.join('\n') ? c : null;
      }, `${name} drawn`);
      return { cap, txt, ansi, pane };
    }

    it('captures the visible screen exactly as the fixtures were captured', async () => {
      const { cap, txt } = await drawn('panes/claude/perm-bash');
      expect(cap.lines).toEqual(txt);
      expect(cap.lines).toHaveLength(40);
    });

    it('captures with -e every character in the colour the fixture shows', async () => {
      const { cap, ansi } = await drawn('panes/claude/perm-bash');
      expect(styledCells(cap.ansiLines ?? [])).toEqual(styledCells(ansi));
    });

    it('keeps the colour-only highlight of an opencode prompt in the -e capture', async () => {
      const { cap, pane } = await drawn('panes/opencode/approval-bash');
      const row = cap.lines.findIndex((l) => l.includes('Allow once'));
      const chars = Array.from(cap.lines[row]!);
      const cells = styledCells(cap.ansiLines ?? [])[row]!;
      const bgAt = (label: string): string | undefined =>
        /"bg","(p\d+)"/.exec(cells[Array.from(chars.join('').slice(0, chars.join('').indexOf(label))).length]!)?.[1];
      expect(bgAt('Allow once')).toBe('p215');
      expect(bgAt('Allow always')).toBe('p234');
      // Byte for byte what `tmux capture-pane -p -e` prints for the same screen.
      expect(cap.ansiLines).toEqual((await t.tmux(['capture-pane', '-p', '-e', '-t', pane])).split('\n').slice(0, 40));
    });

    it('captures many panes in one batch, leaving out a pane that is gone', async () => {
      const panes: string[] = [];
      for (let i = 0; i < 8; i++)
        panes.push(await t.newPane(showTextCommand(`pane ${i} é✳日本`), { session: 'many', width: 80, height: 10 }));
      const gone = await t.newPane('cat', { session: 'many' });
      await t.tmux(['kill-pane', '-t', gone]);
      const requests = [...panes.slice(0, 4), gone, ...panes.slice(4)].map((paneId, i) => ({ paneId, colour: i % 2 === 0 }));
      const caps = await poll(async () => {
        const c = await client.capture(requests);
        return c.every((x) => x.lines[0]?.startsWith('pane ')) ? c : null;
      }, 'all panes drawn');
      expect(caps.map((c) => c.paneId)).toEqual(panes);
      caps.forEach((c, i) => {
        expect(c.lines[0]).toBe(`pane ${i} é✳日本`);
        expect(c.lines).toHaveLength(10);
      });
      expect(caps.filter((c) => c.ansiLines).map((c) => c.paneId)).toEqual(
        requests.filter((r) => r.colour && r.paneId !== gone).map((r) => r.paneId),
      );
    });

    it('keeps capturing the others when a pane dies while the batch is in flight', async () => {
      const panes: string[] = [];
      for (let i = 0; i < 30; i++) panes.push(await t.newPane(showTextCommand(`p${i}`), { session: 'many', width: 60, height: 20 }));
      const victim = panes[15]!;
      const [caps] = await Promise.all([
        client.capture(panes.map((paneId) => ({ paneId, colour: true }))),
        t.tmux(['kill-pane', '-t', victim]),
      ]);
      expect(caps.map((c) => c.paneId).filter((id) => id !== victim)).toEqual(panes.filter((id) => id !== victim));
    });

    it('captures pane text that looks like control-mode protocol or batch markers verbatim', async () => {
      const text = ['%end 1795218167 271 1', '%error 1 2 1', '%begin 1 2 1', '%exit', 'tb0123 end'].join('\n');
      const pane = await t.newPane(showTextCommand(text), { session: 'work', width: 60, height: 8 });
      const lines = await poll(async () => {
        const l = await screen(pane);
        return l[4] === 'tb0123 end' ? l : null;
      }, 'the protocol-like text on screen');
      expect(lines.slice(0, 5)).toEqual(['%end 1795218167 271 1', '%error 1 2 1', '%begin 1 2 1', '%exit', 'tb0123 end']);
      expect(lines).toHaveLength(8);
      expect((await client.listPanes()).map((p) => p.paneId)).toEqual([pane]);
    });

    it('reports no-server after the server is killed, and works again once it is back', async () => {
      const first = await t.newPane(showTextCommand('before'), { session: 'work' });
      await poll(async () => (await screen(first))[0] === 'before', 'the first pane showing before');
      await t.killServer();
      const err = await caught(client.capture([{ paneId: first, colour: false }]));
      expect(err).toMatchObject({ kind: 'no-server' });
      expect(await client.listPanes()).toEqual([]);
      const second = await t.newPane(showTextCommand('after'), { session: 'work' });
      expect((await client.listPanes()).map((p) => p.paneId)).toEqual([second]);
      await poll(async () => (await screen(second))[0] === 'after', 'capture after restart');
    });

    it('sends named keys in order in one call', async () => {
      const pane = await echoPane();
      await client.sendKeys(pane, ['1', 'Escape', 'Enter', 'C-u', 'Down']);
      await received(pane, '1\u001b\r\u0015\u001b[B');
    });

    it('types literal text that would mean something to a shell, to tmux or as key names', async () => {
      const pane = await echoPane();
      const text = `Enter ls; "q" $HOME \\n 'x' #{pane_id} ~ -t é✳`;
      await client.sendText(pane, text);
      await received(pane, text);
    });

    it('types text starting with a dash and ending with a semicolon', async () => {
      const pane = await echoPane();
      await client.sendText(pane, '-l;');
      await received(pane, '-l;');
    });

    it('pastes multi-line text through a buffer and deletes the buffer', async () => {
      const pane = await echoPane();
      await client.pasteText(pane, 'line one\nline "two" $x');
      await received(pane, 'line one\rline "two" $x');
      expect((await t.run(['list-buffers', '-F', '#{buffer_name}'])).stdout).toBe('');
    });

    it('pastes as a bracketed paste when the program asked for it', async () => {
      const pane = await echoPane(true);
      await client.pasteText(pane, 'a\nb');
      await received(pane, '\u001b[200~a\rb\u001b[201~');
    });

    it('fails with no-such-pane, naming send-keys, for a pane that is gone', async () => {
      const pane = await t.newPane('cat', { session: 'work' });
      await t.newPane('cat', { session: 'work' });
      await t.tmux(['kill-pane', '-t', pane]);
      const err = await caught(client.sendKeys(pane, ['Enter']));
      expect(err).toBeInstanceOf(TmuxError);
      expect(err).toMatchObject({ kind: 'no-such-pane', subcommand: 'send-keys' });
      expect((err as Error).message).toMatch(/^tmux send-keys: /);
    });

    it('refuses a target that is not a pane id', async () => {
      await t.newPane('cat', { session: 'work' });
      await expect(client.sendKeys('work:0.0', ['Enter'])).rejects.toMatchObject({ kind: 'failed', subcommand: 'send-keys' });
    });

    it('focuses a pane: its window and pane become active', async () => {
      await t.newPane('cat', { session: 'work' });
      const target = await t.newPane('cat', { session: 'work' });
      await t.tmux(['split-window', '-d', '-t', target, 'cat']);
      await t.tmux(['select-window', '-t', 'work:0']);
      await client.focusPane(target);
      // Read in the user's session by name: a bare pane id may resolve to a watcher session its window is linked into.
      const rows = (await t.tmux(['list-panes', '-s', '-t', '=work', '-F', '#{pane_id} #{window_active}#{pane_active}'])).split('\n');
      expect(rows).toContain(`${target} 11`);
    });

    it('focuses a pane in another session on a given terminal client (switch-client)', async () => {
      await t.newPane('cat', { session: 'here' });
      const there = await t.newPane('cat', { session: 'there' });
      const term = await t.attachClient('here');
      try {
        await client.focusPane(there, term.tty);
        const sessionOf = async (): Promise<string> =>
          (await t.tmux(['display-message', '-p', '-c', term.tty, '#{client_session}'])).trim();
        expect(await poll(async () => ((await sessionOf()) === 'there' ? 'there' : null), 'the client switched to session there')).toBe(
          'there',
        );
      } finally {
        await term.detach();
      }
    });

    it('lists an attached terminal client with its tty, session and activity', async () => {
      await t.newPane('cat', { session: 'here' });
      const term = await t.attachClient('here');
      try {
        const clients = await client.listClients();
        expect(clients).toHaveLength(1);
        expect(clients[0]).toMatchObject({ tty: term.tty, sessionName: 'here', termName: 'xterm-256color' });
        expect(clients[0]!.activity).toBeGreaterThan(1_600_000_000);
      } finally {
        await term.detach();
      }
    });

    it('runs an arbitrary command and returns its stdout', async () => {
      const pane = await t.newPane('cat', { session: 'work' });
      expect(await client.command(['display-message', '-p', '-t', pane, '#{pane_id} #{session_name}'])).toBe(`${pane} work\n`);
    });

    it('names the subcommand when an arbitrary command fails', async () => {
      await t.newPane('cat', { session: 'work' });
      await expect(client.command(['show-buffer', '-b', 'tb-nonexistent'])).rejects.toMatchObject({
        kind: 'failed',
        subcommand: 'show-buffer',
      });
    });

    it('reads unusual directory names and titles back as one pane each', async () => {
      const odd = `${t.dir}/d\u001fx\ny é`;
      mkdirSync(odd);
      const pane = await t.newPane('cat', { session: 'work', cwd: odd });
      await t.tmux(['select-pane', '-t', pane, '-T', '✳ a|b;c "d"']);
      const panes = await client.listPanes();
      expect(panes).toHaveLength(1);
      expect(panes[0]).toMatchObject({ paneId: pane, currentPath: `${t.dir}/d?x?y é`, title: '✳ a|b;c "d"' });
    });

    it('closes idempotently', async () => {
      await t.newPane('cat', { session: 'work' });
      await client.listPanes();
      await client.close();
      await client.close();
    });
  });
}
