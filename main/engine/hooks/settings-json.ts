/**
 * Reading and writing Claude's settings.json text without disturbing the user's layout more than
 * JSON allows: key order is kept (objects keep insertion order), the indentation, line ending and
 * final newline of the original are reused. A file we cannot parse is refused, never rewritten.
 */

/** A settings file we refuse to change, with a message a user can act on. */
export class SettingsError extends Error {
  constructor(
    readonly kind: 'malformed' | 'shape',
    message: string,
  ) {
    super(message);
    this.name = 'SettingsError';
  }
}

/** A JSON object, as parsed. */
export type JsonObject = Record<string, unknown>;

/** How the original text was laid out. */
export interface JsonLayout {
  readonly indent: string;
  readonly eol: '\n' | '\r\n';
  readonly finalNewline: boolean;
}

/** Layout of a file we create: 2 spaces, LF, final newline (what Claude writes). */
export const DEFAULT_LAYOUT: JsonLayout = { indent: '  ', eol: '\n', finalNewline: true };

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parse settings text; an absent (null) or blank file is an empty object. */
export function parseSettings(text: string | null, label: string): JsonObject {
  if (text === null || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new SettingsError(
      'malformed',
      `${label} is not valid JSON (${(err as Error).message}); fix it or move it away — nothing was changed`,
    );
  }
  if (!isJsonObject(value)) throw new SettingsError('shape', `${label} must hold a JSON object at the top level — nothing was changed`);
  return value;
}

/** Detect the original layout; defaults for an absent or blank file. */
export function detectLayout(text: string | null): JsonLayout {
  if (text === null || text.trim() === '') return DEFAULT_LAYOUT;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indentMatch = /\n([ \t]+)\S/.exec(text);
  return { indent: indentMatch?.[1] ?? DEFAULT_LAYOUT.indent, eol, finalNewline: /\n$/.test(text) };
}

/** Serialise with a layout. */
export function formatSettings(value: JsonObject, layout: JsonLayout): string {
  let text = JSON.stringify(value, null, layout.indent);
  if (layout.eol === '\r\n') text = text.replace(/\n/g, '\r\n');
  return layout.finalNewline ? text + layout.eol : text;
}
