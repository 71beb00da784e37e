/**
 * Polls `find` every 5 ms until it returns something: for client loops the
 * tests cannot await. The limit is a hang guard far beyond any busy machine's
 * delay (the test's own timeout usually ends a hang first), never a speed claim.
 */
export function waitFor<T>(find: () => T | undefined, timeoutMs = 120_000): Promise<T> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const poll = () => {
      const found = find();
      if (found !== undefined) resolve(found);
      else if (Date.now() - started > timeoutMs) reject(new Error(`nothing after ${timeoutMs} ms`));
      else setTimeout(poll, 5);
    };
    poll();
  });
}
