/** Id lists kept ascending and without duplicates: group members and subgroups, audiences, the id lists of events. */

export function ascendingIds(ids: Iterable<number>): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** As the state keeps such a list. */
export function frozenAscendingIds(ids: Iterable<number>): readonly number[] {
  return Object.freeze(ascendingIds(ids));
}

/** Binary search in an ascending list. */
export function includesSorted(sorted: readonly number[], id: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = sorted[middle]!;
    if (value === id) return true;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
