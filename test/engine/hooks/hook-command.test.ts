import { describe, expect, it } from 'vitest';
import { forwarderCommand, markerFor, ownedMarkerOf, parseForwarderCommand, shellQuote } from '../../../main/engine/hooks/hook-command.ts';
import type { ForwarderSpec } from '../../../main/engine/hooks/hook-command.ts';

const spec: ForwarderSpec = {
  nodePath: "/home/o'neil/app/node_modules/node/bin/node",
  runAsNode: false,
  scriptPath: "/home/o'neil/app dir/bin/trailboss-hook.mjs",
  endpointFile: "/home/o'neil/.config/trailboss/endpoint.json",
};

describe('forwarder command', () => {
  it('quotes every path so spaces and quotes survive sh', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(forwarderCommand(spec, 'Stop')).toBe(
      `'/home/o'\\''neil/app/node_modules/node/bin/node' '/home/o'\\''neil/app dir/bin/trailboss-hook.mjs' --endpoint '/home/o'\\''neil/.config/trailboss/endpoint.json' Stop # trailboss:hook`,
    );
  });

  it('reads back what it wrote', () => {
    expect(parseForwarderCommand(forwarderCommand(spec, 'Notification'))).toEqual({ ...spec, event: 'Notification' });
  });

  it('writes and reads back the Codex form (--runtime codex before the event)', () => {
    const codex: ForwarderSpec = { ...spec, runtime: 'codex' };
    expect(forwarderCommand(codex, 'PermissionRequest')).toMatch(/ --runtime codex PermissionRequest # trailboss:hook$/);
    expect(parseForwarderCommand(forwarderCommand(codex, 'PermissionRequest'))).toEqual({ ...codex, event: 'PermissionRequest' });
  });

  it("writes and reads back the remote form: a host's forwarded socket instead of the endpoint file", () => {
    const remote: ForwarderSpec = { ...spec, endpointFile: '', socketPath: "/home/o'neil/.trailboss-remote/hook.sock" };
    const command = forwarderCommand(remote, 'Stop');
    expect(command).toContain(` --socket '/home/o'\\''neil/.trailboss-remote/hook.sock' Stop # trailboss:hook`);
    expect(command).not.toContain('--endpoint');
    expect(parseForwarderCommand(command)).toEqual({ ...remote, event: 'Stop' });
  });

  it('does not read back a runtime it never writes', () => {
    const other = forwarderCommand(spec, 'Stop').replace(' Stop #', ' --runtime opencode Stop #');
    expect(parseForwarderCommand(other)).toBeNull();
  });

  it('reads back the packaged form that runs Electron as Node', () => {
    const packaged = { ...spec, nodePath: '/opt/Trail Boss/trailboss', runAsNode: true };
    const command = forwarderCommand(packaged, 'Stop');
    expect(command.startsWith("ELECTRON_RUN_AS_NODE=1 '/opt/Trail Boss/trailboss' ")).toBe(true);
    expect(parseForwarderCommand(command)).toEqual({ ...packaged, event: 'Stop' });
  });

  it('does not claim commands without our marker, even ones that run our script', () => {
    expect(ownedMarkerOf('/x/bin/trailboss-hook.mjs Stop')).toBeNull();
    expect(ownedMarkerOf('notify-send done # trailboss is great')).toBeNull();
    expect(parseForwarderCommand('/x/node /x/trailboss-hook.mjs Stop')).toBeNull();
  });

  it('recognises each marker kind', () => {
    expect(ownedMarkerOf(`x ${markerFor('hook')}`)).toBe('hook');
    expect(ownedMarkerOf(`x ${markerFor('prime')}`)).toBe('prime');
  });
});
