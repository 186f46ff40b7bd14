/**
 * Read and validate the config file. Never throws for a bad file: the result lists every problem
 * with its key path (`reminders.cadence.2`) so the caller can keep the last good config.
 *
 * A missing file means "all defaults" and is NOT written: writing it would freeze today's
 * defaults into the user's file, and later versions could no longer improve them. The settings
 * UI writes the file (saveConfig) when the user first changes something.
 */
import fs from 'node:fs';
import type { z } from 'zod';
import { parseJsonc } from './jsonc-text.ts';
import { configSchema, DEFAULT_CONFIG, type Config } from './schema.ts';

/** One problem in the config: where (dotted key path, '' for the file as a whole) and what. */
export interface ConfigIssue {
  readonly path: string;
  readonly message: string;
}

/** The outcome of loading or validating a config. */
export type ConfigResult = { readonly ok: true; readonly config: Config } | { readonly ok: false; readonly errors: readonly ConfigIssue[] };

/** Load `file`: defaults when it does not exist, the validated config, or every problem found. */
export function loadConfig(file: string): ConfigResult {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT') return { ok: true, config: DEFAULT_CONFIG };
    return { ok: false, errors: [{ path: '', message: `cannot read ${file}: ${e.message}` }] };
  }
  return parseConfigText(text);
}

/** Validate config file contents (JSON; line and block comments allowed). */
export function parseConfigText(text: string): ConfigResult {
  // Windows editors like to start UTF-8 files with a byte-order mark; a JSON parser refuses it.
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return { ok: false, errors: [{ path: '', message: 'the file is empty (write {} for all defaults)' }] };
  const parsed = parseJsonc(body);
  if (!parsed.ok) {
    const { line, column, reason } = parsed.error;
    return { ok: false, errors: [{ path: '', message: `invalid JSON at line ${line}, column ${column}: ${reason}` }] };
  }
  return validateConfig(parsed.value);
}

/** Validate an already-parsed value against the schema. */
export function validateConfig(value: unknown): ConfigResult {
  const parsed = configSchema.safeParse(value);
  if (parsed.success) return { ok: true, config: parsed.data };
  return { ok: false, errors: parsed.error.issues.flatMap(toIssues) };
}

function toIssues(issue: z.core.$ZodIssue): ConfigIssue[] {
  const base = issue.path.map(String);
  // Zod reports unknown keys on their parent; the user wants the offending key itself.
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ path: [...base, key].join('.'), message: 'unknown setting (misspelt?)' }));
  }
  return [{ path: base.join('.'), message: issue.message }];
}
