/**
 * Text from outside cut to a length we are willing to keep. Pure: imports nothing.
 *
 * A cut must not keep the whole original alive: V8 makes `slice` of 13 or more characters a view
 * into its parent string, so a 300-character subject cut from a 1 MB command would hold the 1 MB for
 * as long as the subject lives. The cut text is therefore copied into a string of its own.
 */

/** Marks text that was cut. */
export const CUT_MARK = '…';

/**
 * `text` if it has at most `max` UTF-16 code units; else its first `max - 1` (never half a surrogate
 * pair) and `…`, as a fresh string that shares no memory with `text`.
 */
export function boundedText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - CUT_MARK.length);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return ownCopy(text.slice(0, end) + CUT_MARK);
}

/** A flat copy: a concatenation or slice may still point into the original's memory. */
function ownCopy(text: string): string {
  let out = '';
  // Chunks keep String.fromCharCode's argument list short.
  for (let i = 0; i < text.length; i += 4096) {
    const codes: number[] = [];
    for (let j = i; j < Math.min(text.length, i + 4096); j++) codes.push(text.charCodeAt(j));
    out += String.fromCharCode(...codes);
  }
  return out;
}
