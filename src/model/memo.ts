/**
 * A bounded memo for pure functions of a string (route matching, header
 * parsing): the same input always gives the same output, so caching changes
 * no answer, and the bound keeps hostile input from growing memory.
 */
export function memoizeString<T>(compute: (input: string) => T, capacity = 1024): (input: string) => T {
  const cache = new Map<string, T>();
  return (input: string) => {
    const hit = cache.get(input);
    if (hit !== undefined || cache.has(input)) return hit as T;
    const value = compute(input);
    if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
    cache.set(input, value);
    return value;
  };
}
