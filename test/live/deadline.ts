/**
 * Time limits for live scenarios: a real CLI that stops drawing must fail its scenario within a known
 * time with what its pane shows, not hold the run until vitest's own timeout (which says nothing).
 */

/** A scenario that ran past its limit; `screen` is the pane at that moment. */
export class ScenarioHang extends Error {
  constructor(
    readonly what: string,
    readonly limitMs: number,
    readonly screen: string,
  ) {
    super(`${what}: no result within ${Math.round(limitMs / 1000)} s (hung?); the pane shows:\n${screen}`);
    this.name = 'ScenarioHang';
  }
}

/**
 * Run `body`; past `limitMs` reject with a ScenarioHang carrying `screen()` (the body keeps running in
 * the background until the CLI is disposed; its later failure is ignored).
 */
export async function withDeadline<T>(what: string, limitMs: number, screen: () => Promise<string>, body: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = body();
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void screen()
        .catch((error: unknown) => `(capture failed: ${String(error)})`)
        .then((text) => reject(new ScenarioHang(what, limitMs, text)));
    }, limitMs);
  });
  run.catch(() => undefined);
  try {
    return await Promise.race([run, expired]);
  } finally {
    clearTimeout(timer);
  }
}
