/**
 * Makes the next `times` calls of `method` on `target` fail with `error` (by default as a Redis that
 * has just gone away would): a fault injected into a running service, e.g. between a change's
 * commit and what follows from it.
 */
export function failNext(
  target: object,
  method: string,
  times = 1,
  error: Error = new Error('Connection is closed.'),
  /** Only the calls with these arguments fail (and count); others go through. */
  matching: (args: unknown[]) => boolean = () => true,
): void {
  const object = target as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const original = object[method];
  let left = times;
  object[method] = function (this: unknown, ...args: unknown[]) {
    if (left > 0 && matching(args)) {
      left -= 1;
      if (left === 0) object[method] = original;
      return Promise.reject(error);
    }
    return original.apply(this, args);
  };
}
