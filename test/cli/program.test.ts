/** The declared command line: generated help per command, the version, usage errors, shell completion. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { completionTable } from '../../main/cli/completion.ts';
import type { Command } from 'commander';
import { buildProgram, findCommand } from '../../main/cli/program.ts';
import { cli } from '../support/cli-context.ts';

const home = '/nonexistent-home';

describe('trailboss command line', () => {
  it('prints the package version', async () => {
    const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
    expect(await cli(['--version'], { home })).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('lists every command in the help, and exits 2 when no command is given', async () => {
    const help = await cli(['--help'], { home });
    expect(help.code).toBe(0);
    for (const name of ['status', 'daemon', 'queue', 'approve', 'snapshot', 'completion'])
      expect(help.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    expect((await cli([], { home })).code).toBe(2);
  });

  it('gives each command its own help, also through `help <command>`', async () => {
    const own = await cli(['snapshot', 'save', '--help'], { home });
    expect(own).toMatchObject({ code: 0, stdout: expect.stringContaining('Usage: trailboss snapshot save [options]') });
    expect(own.stdout).toContain('--max-lines <n>');
    expect(await cli(['help', 'status'], { home })).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Usage: trailboss status [options]'),
    });
  });

  it('names usage errors and exits 2: unknown command (with a suggestion), missing argument, bad choice', async () => {
    expect(await cli(['stauts'], { home })).toMatchObject({ code: 2, stderr: expect.stringContaining('(Did you mean status?)') });
    expect(await cli(['approve'], { home })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("missing required argument 'item'"),
    });
    expect(await cli(['approve', '%1', 'extra'], { home })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('too many arguments'),
    });
    expect(await cli(['completion', 'fish'], { home })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Allowed choices are bash, zsh'),
    });
  });

  it('completes commands, subcommands and options from the same declarations', async () => {
    const table = completionTable(buildProgram(''));
    expect(table.get('')).toEqual(expect.arrayContaining(['status', 'snapshot', 'hooks', '--version']));
    expect(table.get('snapshot')).toEqual(expect.arrayContaining(['save', 'restore', 'check']));
    expect(table.get('snapshot save')).toEqual(expect.arrayContaining(['--transcript', '--tmux-socket']));
    const bash = await cli(['completion', 'bash'], { home });
    expect(bash).toMatchObject({ code: 0, stdout: expect.stringContaining('complete -o default -F _trailboss_complete trailboss') });
    expect((await cli(['completion', 'zsh'], { home })).stdout).toContain('bashcompinit');
  });

  it('gives a command declared alone (what it parses with) the same help as in the whole tree', () => {
    const paths: string[] = [];
    const walk = (cmd: Command, path: string): void => {
      for (const sub of cmd.commands) {
        const next = path === '' ? sub.name() : `${path} ${sub.name()}`;
        paths.push(next);
        walk(sub, next);
      }
    };
    walk(buildProgram('1.2.3'), '');
    expect(paths).toEqual(expect.arrayContaining(['queue', 'hooks install', 'snapshot save', 'hosts test']));
    for (const path of paths) {
      const alone = buildProgram('1.2.3', undefined, path.split(' ')[0]);
      expect(alone.commands.map((c) => c.name())).toEqual([path.split(' ')[0]]);
      expect(findCommand(alone, path).helpInformation(), path).toBe(findCommand(buildProgram('1.2.3'), path).helpInformation());
    }
  });
});
