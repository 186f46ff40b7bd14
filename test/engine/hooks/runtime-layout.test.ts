import { describe, expect, it } from 'vitest';
import { parseForwarderCommand } from '../../../main/engine/hooks/hook-command.ts';
import { detectLayout, hookCommandsFor, launcherCommand, runtimeFiles } from '../../../main/engine/hooks/runtime-layout.ts';
import type { ProcessFacts } from '../../../main/engine/hooks/runtime-layout.ts';

const facts = (over: Partial<ProcessFacts>, files: readonly string[] = []): ProcessFacts => ({
  electron: undefined,
  defaultApp: false,
  execPath: '/usr/bin/node',
  resourcesPath: undefined,
  moduleDir: '/x',
  launcherNode: undefined,
  exists: (f) => files.includes(f),
  ...over,
});

describe('runtime layouts', () => {
  it('packaged: the app’s executable as Node, scripts from app.asar.unpacked, prime from the bundled CLI', () => {
    const layout = { kind: 'packaged', execPath: '/opt/Trail Boss/trailboss', resourcesPath: '/opt/Trail Boss/resources' } as const;
    const { forwarder, prime } = hookCommandsFor(layout, '/home/u/.config/trailboss/endpoint.json');
    expect(forwarder).toEqual({
      nodePath: '/opt/Trail Boss/trailboss',
      runAsNode: true,
      scriptPath: '/opt/Trail Boss/resources/app.asar.unpacked/bin/trailboss-hook.mjs',
      endpointFile: '/home/u/.config/trailboss/endpoint.json',
    });
    expect(prime).toEqual({
      event: 'SessionStart',
      command:
        "ELECTRON_RUN_AS_NODE=1 '/opt/Trail Boss/trailboss' '/opt/Trail Boss/resources/app.asar.unpacked/dist/cli/trailboss.mjs' prime # trailboss:prime",
      timeoutSec: 10,
    });
  });

  it('repo: the pinned Node and the bin scripts; npm: the Node that installed it and the launcher (which runs the bundled CLI)', () => {
    expect(runtimeFiles({ kind: 'repo', root: '/src/tb' })).toEqual({
      nodePath: '/src/tb/node_modules/node/bin/node',
      runAsNode: false,
      forwarderScript: '/src/tb/bin/trailboss-hook.mjs',
      opencodePlugin: '/src/tb/bin/trailboss-opencode-plugin.js',
      cliScript: '/src/tb/bin/trailboss.mjs',
      launcherScript: '/src/tb/bin/trailboss.mjs',
      statusScript: '/src/tb/bin/trailboss-tmux-status.sh',
    });
    expect(runtimeFiles({ kind: 'npm', root: '/lib/node_modules/trailboss', nodePath: '/usr/local/bin/node' })).toMatchObject({
      nodePath: '/usr/local/bin/node',
      cliScript: '/lib/node_modules/trailboss/bin/trailboss.mjs',
      statusScript: '/lib/node_modules/trailboss/bin/trailboss-tmux-status.sh',
    });
  });

  it('the forwarder command reads back to the same spec in every layout', () => {
    for (const layout of [
      { kind: 'repo', root: "/it's here" },
      { kind: 'npm', root: '/n', nodePath: '/node' },
      {
        kind: 'packaged',
        execPath: '/Applications/Trail Boss.app/Contents/MacOS/Trail Boss',
        resourcesPath: '/Applications/Trail Boss.app/Contents/Resources',
      },
    ] as const) {
      const { forwarder } = hookCommandsFor(layout, '/e.json');
      const command = `${forwarder.runAsNode ? 'ELECTRON_RUN_AS_NODE=1 ' : ''}'${forwarder.nodePath.replace(/'/g, `'\\''`)}' '${forwarder.scriptPath.replace(/'/g, `'\\''`)}' --endpoint '/e.json' Stop # trailboss:hook`;
      expect(parseForwarderCommand(command)).toEqual({ ...forwarder, event: 'Stop' });
    }
  });

  it('detects the packaged main process, the packaged app run as Node, a checkout and an npm install', () => {
    expect(
      detectLayout(
        facts({
          electron: '45.4.1',
          execPath: '/opt/TB/trailboss',
          resourcesPath: '/opt/TB/resources',
          moduleDir: '/opt/TB/resources/app.asar/dist/main/shell',
        }),
      ),
    ).toEqual({
      kind: 'packaged',
      execPath: '/opt/TB/trailboss',
      resourcesPath: '/opt/TB/resources',
    });
    expect(
      detectLayout(facts({ electron: '45.4.1', execPath: '/opt/TB/trailboss', moduleDir: '/opt/TB/resources/app.asar.unpacked/dist/cli' })),
    ).toEqual({
      kind: 'packaged',
      execPath: '/opt/TB/trailboss',
      resourcesPath: '/opt/TB/resources',
    });
    // `electron .` in a checkout is development, not packaged.
    const clone = ['/src/tb/package.json', '/src/tb/main/cli/main.ts', '/src/tb/node_modules/node/bin/node'];
    expect(detectLayout(facts({ electron: '45.4.1', defaultApp: true, moduleDir: '/src/tb/dist/main/shell' }, clone))).toEqual({
      kind: 'repo',
      root: '/src/tb',
    });
    expect(detectLayout(facts({ moduleDir: '/src/tb/main/engine/api' }, clone))).toEqual({ kind: 'repo', root: '/src/tb' });
    // Sources but no pinned Node: run like an install, on the Node running now.
    expect(detectLayout(facts({ moduleDir: '/src/tb/main/engine/api' }, clone.slice(0, 2)))).toMatchObject({
      kind: 'npm',
      nodePath: '/usr/bin/node',
    });
    expect(
      detectLayout(facts({ moduleDir: '/g/trailboss/dist/cli', launcherNode: '/pinned/node' }, ['/g/trailboss/package.json'])),
    ).toEqual({
      kind: 'npm',
      root: '/g/trailboss',
      nodePath: '/pinned/node',
    });
  });
});

describe('launcherCommand', () => {
  it('runs the launcher with the layout’s Node: the pinned one in a clone, the app as Node when packaged', () => {
    expect(launcherCommand({ kind: 'repo', root: '/src/tb' })).toBe("'/src/tb/node_modules/node/bin/node' '/src/tb/bin/trailboss.mjs'");
    expect(launcherCommand({ kind: 'npm', root: '/n', nodePath: '/usr/bin/node' })).toBe("'/usr/bin/node' '/n/bin/trailboss.mjs'");
    expect(launcherCommand({ kind: 'packaged', execPath: '/opt/TB/tb', resourcesPath: '/opt/TB/resources' })).toBe(
      "ELECTRON_RUN_AS_NODE=1 '/opt/TB/tb' '/opt/TB/resources/app.asar.unpacked/bin/trailboss.mjs'",
    );
  });
});
