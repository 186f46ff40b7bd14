import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readEndpointFile, removeEndpointFile, writeEndpointFile } from '../../../main/engine/http/endpoint-file.ts';
import { tempDir } from './http-helpers.ts';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir('tb-endpoint')));
afterEach(() => cleanup());

describe('endpoint file', () => {
  it('is written with mode 0600 and reads back', () => {
    const file = path.join(dir, 'endpoint.json');
    const written = writeEndpointFile(file, { pid: 42, port: 4567, tokenFile: '/x/api-token', startedAt: 7 });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readEndpointFile(file)).toEqual(written);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ host: '127.0.0.1', port: 4567, hookPath: '/hooks/claude' });
  });

  it('reads as null when missing or malformed', () => {
    const file = path.join(dir, 'endpoint.json');
    expect(readEndpointFile(file)).toBeNull();
    writeFileSync(file, '{"version":1,"port":"x"}');
    expect(readEndpointFile(file)).toBeNull();
  });

  it('trusts only a loopback engine with well-formed fields; unknown extra fields are fine', () => {
    const file = path.join(dir, 'endpoint.json');
    const good = { version: 1, pid: 42, host: '127.0.0.1', port: 4567, tokenFile: '/x/api-token', hookPath: '/hooks/claude', startedAt: 7 };
    const read = (value: unknown) => {
      writeFileSync(file, JSON.stringify(value));
      return readEndpointFile(file);
    };
    expect(read({ ...good, extra: 'from a newer version' })).toEqual(good);
    for (const bad of [
      { ...good, version: 2 },
      { ...good, host: '10.0.0.1' },
      { ...good, pid: 0 },
      { ...good, pid: 4.2 },
      { ...good, port: 65536 },
      { ...good, port: '4567' },
      { ...good, tokenFile: '' },
      { ...good, hookPath: 'hooks/claude' },
      { ...good, startedAt: null },
      null,
      [good],
    ]) {
      expect(read(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('is removed only by the engine that wrote it', () => {
    const file = path.join(dir, 'endpoint.json');
    writeEndpointFile(file, { pid: 42, port: 4567, tokenFile: '/x', startedAt: 0 });
    expect(removeEndpointFile(file, { pid: 43, port: 4567 })).toBe(false);
    expect(existsSync(file)).toBe(true);
    expect(removeEndpointFile(file, { pid: 42, port: 4567 })).toBe(true);
    expect(existsSync(file)).toBe(false);
  });
});
