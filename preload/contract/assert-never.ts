/**
 * Exhaustiveness guard for a `switch` over a union: a new member left unhandled is a compile error
 * at the call. It lives in the contract because the contract is the one folder every zone (engine,
 * CLI, shell, preload, renderer) may import, and it imports nothing itself.
 */
export function assertNever(value: never, what = 'value'): never {
  let shown: string;
  try {
    shown = JSON.stringify(value) ?? String(value);
  } catch {
    shown = String(value);
  }
  throw new Error(`unhandled ${what}: ${shown}`);
}
