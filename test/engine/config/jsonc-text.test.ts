import { describe, expect, it } from 'vitest';
import { parseJsonc, writeJsonc } from '../../../main/engine/config/jsonc-text.ts';

const errorOf = (text: string) => {
  const r = parseJsonc(text);
  return r.ok ? null : r.error;
};

describe('parseJsonc', () => {
  it.each(['{}', '[]', '{"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"]}', ' \n{"a":{"b":{}}}\n'])(
    'finds nothing wrong in %j',
    (text) => {
      expect(parseJsonc(text)).toEqual({ ok: true, value: JSON.parse(text) });
    },
  );

  it('allows line and block comments (config.json is JSONC)', () => {
    expect(parseJsonc('{\n  // why 4545: the other port is taken\n  "port": 4545 /* for now */\n}')).toEqual({
      ok: true,
      value: { port: 4545 },
    });
  });

  it('points at a missing value', () => {
    expect(errorOf('{\n  "a":\n}')).toEqual({ offset: 9, line: 3, column: 1, reason: 'unexpected "}"' });
  });

  it('names a trailing comma in an object', () => {
    expect(errorOf('{\n  "a": 1,\n}')).toMatchObject({ line: 3, column: 1, reason: 'trailing comma before "}" (JSON allows none)' });
  });

  it('names a trailing comma in an array, also behind a comment', () => {
    expect(errorOf('[1, 2, ]')).toMatchObject({ line: 1, column: 8, reason: 'trailing comma before "]" (JSON allows none)' });
    expect(errorOf('[1, // two\n]')).toMatchObject({ line: 2, column: 1, reason: 'trailing comma before "]" (JSON allows none)' });
  });

  it('names a single-quoted key', () => {
    expect(errorOf("{'a': 1}")).toMatchObject({ line: 1, column: 2 });
  });

  it('names a missing colon', () => {
    expect(errorOf('{"a" 1}')).toMatchObject({ column: 6, reason: 'expected ":" after the key' });
  });

  it('names an unterminated string', () => {
    expect(errorOf('{"a": "x')).toMatchObject({ reason: 'unterminated string' });
  });

  it('names text after the value', () => {
    expect(errorOf('{} x')).toMatchObject({ column: 4, reason: 'unexpected text after the end of the JSON value' });
  });

  it('names an unterminated comment', () => {
    expect(errorOf('{"a": 1 /* note')).toMatchObject({ reason: 'unterminated comment' });
  });

  it('names the end of the file', () => {
    expect(errorOf('{"a": [1,')).toMatchObject({ reason: 'unexpected end of file' });
  });
});

describe('writeJsonc', () => {
  it('keeps comments and layout, changing only the keys that changed', () => {
    const old =
      '{\n  // my port: 4545 is taken by the VPN\n  "hooks": { "port": 4546 },\n  /* quiet nights */\n  "notifications": { "sound": false }\n}\n';
    const text = writeJsonc(old, { hooks: { port: 4547 }, notifications: { sound: false } });
    expect(text).toContain('// my port: 4545 is taken by the VPN');
    expect(text).toContain('/* quiet nights */');
    expect(text).toContain('"port": 4547');
    expect(parseJsonc(text)).toEqual({ ok: true, value: { hooks: { port: 4547 }, notifications: { sound: false } } });
  });

  it('adds new keys and removes dropped ones', () => {
    const text = writeJsonc('{\n  // keep me\n  "a": 1,\n  "b": 2\n}\n', { a: 1, c: { d: [1, 2] } });
    expect(text).toContain('// keep me');
    expect(parseJsonc(text)).toEqual({ ok: true, value: { a: 1, c: { d: [1, 2] } } });
  });

  it('writes plain JSON when there is no old text or it is not valid', () => {
    expect(writeJsonc(null, { a: 1 })).toBe('{\n  "a": 1\n}\n');
    expect(writeJsonc('{ broken', { a: 1 })).toBe('{\n  "a": 1\n}\n');
  });
});
