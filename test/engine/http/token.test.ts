import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TokenFileError, loadOrCreateToken, tokensEqual } from '../../../main/engine/http/token.ts';
import { tempDir } from './http-helpers.ts';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir('tb-token')));
afterEach(() => cleanup());

describe('loadOrCreateToken', () => {
  it('creates a 64-hex-digit token in a file only the user can read', () => {
    const file = path.join(dir, 'nested', 'api-token');
    const token = loadOrCreateToken(file);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });

  it('reuses the token once created', () => {
    const file = path.join(dir, 'api-token');
    expect(loadOrCreateToken(file)).toBe(loadOrCreateToken(file));
    expect(readFileSync(file, 'utf8').trim()).toBe(loadOrCreateToken(file));
  });

  it('tightens a token file readable by others to 0600', () => {
    const file = path.join(dir, 'api-token');
    loadOrCreateToken(file);
    chmodSync(file, 0o644);
    loadOrCreateToken(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a token file that holds no token instead of replacing it silently', () => {
    const file = path.join(dir, 'api-token');
    writeFileSync(file, 'garbage\n', { mode: 0o600 });
    expect(() => loadOrCreateToken(file)).toThrow(TokenFileError);
  });
});

describe('tokensEqual', () => {
  it('is true only for the identical token', () => {
    expect(tokensEqual('abc', 'abc')).toBe(true);
    expect(tokensEqual('abc', 'abd')).toBe(false);
    expect(tokensEqual('abc', 'abcd')).toBe(false);
  });
});
