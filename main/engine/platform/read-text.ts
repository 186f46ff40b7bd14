/** A text file's content, or null when it cannot be read (missing, unreadable, a directory): for readers to whom any of those means "nothing there". */
import { readFileSync } from 'node:fs';

/** The UTF-8 text of `file`, or null when it cannot be read. */
export function readTextOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
