/**
 * Find where a JSON text first goes wrong, as line and column. V8's JSON.parse messages give a
 * position only for some errors ("Unexpected token" has none), and a user fixing a config file
 * needs the line.
 */

/** A JSON syntax error located in the text (1-based line and column). */
export interface JsonSyntaxError {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
  readonly reason: string;
}

class Stop extends Error {
  constructor(
    readonly at: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** The first syntax error in `text`, or null when it is valid JSON. */
export function locateJsonError(text: string): JsonSyntaxError | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
  };
  const fail = (reason: string): never => {
    throw new Stop(i, reason);
  };
  const describe = () => (i >= text.length ? 'unexpected end of file' : `unexpected ${JSON.stringify(text.charAt(i))}`);
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail(describe());
  };
  const string = () => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const c = text.charAt(i);
      if (c === '"') return void i++;
      if (c < ' ') fail('control character in string (use \\n, \\t)');
      if (c === '\\') {
        const e = text.charAt(i + 1);
        if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
        else if ('"\\/bfnrt'.includes(e) && e !== '') i += 2;
        else fail('invalid escape in string');
      } else i++;
    }
  };
  const number = () => {
    const m = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
    m.lastIndex = i;
    if (!m.exec(text)) fail('invalid number');
    i = m.lastIndex;
  };
  const value = (): void => {
    ws();
    const c = text.charAt(i);
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') return string();
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    fail(describe());
  };
  const array = () => {
    i++;
    ws();
    if (text.charAt(i) === ']') return void i++;
    for (;;) {
      ws();
      if (text.charAt(i) === ']') fail('trailing comma before "]" (JSON allows none)');
      value();
      ws();
      if (text.charAt(i) === ',') i++;
      else if (text.charAt(i) === ']') return void i++;
      else fail(`expected "," or "]" but found ${describe().replace('unexpected ', '')}`);
    }
  };
  const object = () => {
    i++;
    ws();
    if (text.charAt(i) === '}') return void i++;
    for (;;) {
      ws();
      if (text.charAt(i) === '}') fail('trailing comma before "}" (JSON allows none)');
      if (text.charAt(i) !== '"') fail(`expected a double-quoted key but found ${describe().replace('unexpected ', '')}`);
      string();
      ws();
      if (text.charAt(i) !== ':') fail(`expected ":" after the key`);
      i++;
      value();
      ws();
      if (text.charAt(i) === ',') i++;
      else if (text.charAt(i) === '}') return void i++;
      else fail(`expected "," or "}" but found ${describe().replace('unexpected ', '')}`);
    }
  };
  try {
    value();
    ws();
    if (i < text.length) fail('unexpected text after the end of the JSON value');
    return null;
  } catch (err) {
    if (!(err instanceof Stop)) throw err;
    const before = text.slice(0, err.at);
    const line = before.split('\n').length;
    const column = err.at - before.lastIndexOf('\n');
    return { offset: err.at, line, column, reason: err.reason };
  }
}
