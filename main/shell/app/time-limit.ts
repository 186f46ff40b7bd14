/** Waiting for something that may hang, but only so long (quitting must end even if the engine does not stop). */

/** Resolves true when `work` settled within `ms`, false when the time ran out first (work keeps running). */
export function withTimeLimit(work: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    work.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(true);
      },
    );
  });
}
