/** Polls `find` every 5 ms until it returns something, or fails after `timeoutMs`: for client loops the tests cannot await. */
export function waitFor<T>(find: () => T | undefined, timeoutMs: number): Promise<T> {
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
