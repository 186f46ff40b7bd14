/** Exhaustiveness guard for `switch` over unions: adding a member without handling it fails to compile. */
export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
