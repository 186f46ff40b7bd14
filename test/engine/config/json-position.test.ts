import { describe, expect, it } from 'vitest';
import { locateJsonError } from '../../../main/engine/config/json-position.ts';

describe('locateJsonError', () => {
  it.each(['{}', '[]', '{"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"]}', ' \n{"a":{"b":{}}}\n'])('finds nothing wrong in %j', (text) => {
    expect(locateJsonError(text)).toBeNull();
  });

  it('points at a missing value (where V8 gives no position)', () => {
    expect(locateJsonError('{\n  "a":\n}')).toEqual({ offset: 9, line: 3, column: 1, reason: 'unexpected "}"' });
  });

  it('points at a trailing comma in an object', () => {
    expect(locateJsonError('{\n  "a": 1,\n}')).toMatchObject({ line: 3, column: 1, reason: 'trailing comma before "}" (JSON allows none)' });
  });

  it('points at a trailing comma in an array', () => {
    expect(locateJsonError('[1, 2, ]')).toMatchObject({ line: 1, column: 8, reason: 'trailing comma before "]" (JSON allows none)' });
  });

  it('points at a single-quoted key', () => {
    expect(locateJsonError("{'a': 1}")).toMatchObject({ line: 1, column: 2, reason: expect.stringMatching(/double-quoted key/) });
  });

  it('points at a missing colon', () => {
    expect(locateJsonError('{"a" 1}')).toMatchObject({ column: 6, reason: 'expected ":" after the key' });
  });

  it('reports an unterminated string', () => {
    expect(locateJsonError('{"a": "x')).toMatchObject({ reason: 'unterminated string' });
  });

  it('reports text after the value', () => {
    expect(locateJsonError('{} x')).toMatchObject({ column: 4, reason: 'unexpected text after the end of the JSON value' });
  });

  it('reports a comment', () => {
    expect(locateJsonError('{\n // note\n "a": 1}')).toMatchObject({ line: 2, column: 2 });
  });

  it('reports an unexpected end of file', () => {
    expect(locateJsonError('{"a": [1,')).toMatchObject({ reason: 'unexpected end of file' });
  });
});
