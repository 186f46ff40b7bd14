/** Types of scripts/builtin-imports.mjs for TypeScript callers (its test). */
export function useGetBuiltinModule(code: string): { code: string; count: number };
