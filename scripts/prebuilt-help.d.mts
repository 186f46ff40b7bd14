/** Types of scripts/prebuilt-help.mjs for TypeScript callers (its test). */
import type { Command } from 'commander';

export function prebuiltHelp(
  buildProgram: (version: string, out: { stdout: (t: string) => void; stderr: (t: string) => void }) => Command,
  version: string,
): { at80: string; wide: string; wideFrom: number; wideTo: number };
