/**
 * config.json as JSON with comments (JSONC, as VS Code's settings): parse it with the error's line
 * and column in words a user fixing the file understands, and write a new value back into the old
 * text so the user's comments and layout survive a save from the settings UI.
 *
 * Built on `jsonc-parser` (the parser VS Code uses for its settings: no dependencies, its own types,
 * error offsets for every fault, and edits that keep comments) rather than our own JSON scanner,
 * which could locate errors but neither allow comments nor keep them.
 */
import { isDeepStrictEqual } from 'node:util';
import { applyEdits, modify, parse, printParseErrorCode, type JSONPath, type ParseError } from 'jsonc-parser';

/** A syntax error located in the text (1-based line and column). */
export interface JsonSyntaxError {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
  readonly reason: string;
}

/** The parsed value, or the first syntax error. Comments are allowed; trailing commas are not (as in JSON). */
export type JsoncResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: JsonSyntaxError };

/** Parse JSONC text. */
export function parseJsonc(text: string): JsoncResult {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { disallowComments: false, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return { ok: true, value };
  const before = text.slice(0, first.offset);
  return {
    ok: false,
    error: {
      offset: first.offset,
      line: before.split('\n').length,
      column: first.offset - before.lastIndexOf('\n'),
      reason: reasonOf(text, first),
    },
  };
}

/** What is at `offset`, for messages: the character, or the end of the file. */
function found(text: string, offset: number): string {
  return offset >= text.length ? 'the end of the file' : JSON.stringify(text.charAt(offset));
}

/** The previous significant character before `offset` is a comma (comments and blanks skipped). */
function afterComma(text: string, offset: number): boolean {
  const head = text
    .slice(0, offset)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .trimEnd();
  return head.endsWith(',');
}

/** `text` holds one whole value and nothing else wrong. */
function isCompleteValue(text: string): boolean {
  const errors: ParseError[] = [];
  parse(text, errors, { allowEmptyContent: false });
  return text.trim() !== '' && errors.length === 0;
}

function reasonOf(text: string, error: ParseError): string {
  const at = text.charAt(error.offset);
  const code = printParseErrorCode(error.error);
  switch (code) {
    case 'PropertyNameExpected':
      if (at === '}' && afterComma(text, error.offset)) return 'trailing comma before "}" (JSON allows none)';
      return `expected a double-quoted key but found ${found(text, error.offset)}`;
    case 'ValueExpected':
      if (at === ']' && afterComma(text, error.offset)) return 'trailing comma before "]" (JSON allows none)';
      return error.offset >= text.length ? 'unexpected end of file' : `unexpected ${found(text, error.offset)}`;
    case 'ColonExpected':
      return 'expected ":" after the key';
    case 'CommaExpected':
      return `expected "," but found ${found(text, error.offset)}`;
    case 'CloseBraceExpected':
      return error.offset >= text.length ? 'unexpected end of file' : `expected "," or "}" but found ${found(text, error.offset)}`;
    case 'CloseBracketExpected':
      return error.offset >= text.length ? 'unexpected end of file' : `expected "," or "]" but found ${found(text, error.offset)}`;
    case 'EndOfFileExpected':
      return 'unexpected text after the end of the JSON value';
    case 'UnexpectedEndOfString':
      return 'unterminated string';
    case 'UnexpectedEndOfComment':
    case 'InvalidCommentToken':
      return 'unterminated comment';
    case 'InvalidEscapeCharacter':
    case 'InvalidUnicode':
      return 'invalid escape in string';
    case 'InvalidCharacter':
      return 'control character in string (use \\n, \\t)';
    case 'InvalidNumberFormat':
    case 'UnexpectedEndOfNumber':
      return 'invalid number';
    case 'InvalidSymbol':
      // The parser reports stray text after a complete value as a bad symbol; say what it is.
      return isCompleteValue(text.slice(0, error.offset))
        ? 'unexpected text after the end of the JSON value'
        : `unexpected ${found(text, error.offset)}`;
    default:
      return code;
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `value` written into `oldText`: only the keys that changed are edited, so comments and layout
 * elsewhere stay. Falls back to plain formatted JSON when the old text is not valid JSONC, is not an
 * object, or the edit would not read back as exactly `value` (never a file that says something else).
 */
export function writeJsonc(oldText: string | null, value: unknown): string {
  const plain = JSON.stringify(value, null, 2) + '\n';
  if (oldText === null || !isPlainObject(value)) return plain;
  const old = parseJsonc(oldText);
  if (!old.ok || !isPlainObject(old.value)) return plain;
  let text = oldText;
  const set = (path: JSONPath, v: unknown) => {
    text = applyEdits(text, modify(text, path, v, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } }));
  };
  const merge = (path: JSONPath, before: Record<string, unknown>, after: Record<string, unknown>) => {
    for (const key of Object.keys(before)) if (!(key in after)) set([...path, key], undefined);
    for (const [key, v] of Object.entries(after)) {
      const was = before[key];
      if (isPlainObject(was) && isPlainObject(v)) merge([...path, key], was, v);
      else if (!isDeepStrictEqual(was, v)) set([...path, key], v);
    }
  };
  merge([], old.value, value);
  const check = parseJsonc(text);
  return check.ok && isDeepStrictEqual(check.value, value) ? text : plain;
}
