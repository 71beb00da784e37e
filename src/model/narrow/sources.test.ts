import { describe, expect, it } from 'vitest';
import { tableFrom, walkRowsDown, walkRowsUp } from '../tables/table.js';

function up(keys: readonly number[], from: number, limit = Number.POSITIVE_INFINITY): number[] {
  const seen: number[] = [];
  walkRowsUp(tableFrom(keys.map((key) => [key, key] as const)), from, (value) => seen.push(value) < limit);
  return seen;
}

function down(keys: readonly number[], from: number, limit = Number.POSITIVE_INFINITY): number[] {
  const seen: number[] = [];
  walkRowsDown(tableFrom(keys.map((key) => [key, key] as const)), from, (value) => seen.push(value) < limit);
  return seen;
}

describe('walking an integer-keyed table from a key (the realm-wide message walk)', () => {
  // Keys that fall in different trie branches at every level.
  const keys = [0, 1, 31, 32, 33, 1023, 1024, 40_000, 1_048_576, 33_554_431, 33_554_432, 1_000_000_000];

  it('walks up from any point, in key order, and stops when told', () => {
    expect(up(keys, Number.NEGATIVE_INFINITY)).toEqual(keys);
    expect(up(keys, 32)).toEqual(keys.slice(3));
    expect(up(keys, 34)).toEqual(keys.slice(5));
    expect(up(keys, 1024.5)).toEqual(keys.slice(7));
    expect(up(keys, 1_000_000_001)).toEqual([]);
    expect(up(keys, 2, 3)).toEqual([31, 32, 33]);
  });

  it('walks down from any point, in reverse key order, and stops when told', () => {
    expect(down(keys, Number.POSITIVE_INFINITY)).toEqual([...keys].reverse());
    expect(down(keys, 1024)).toEqual(keys.slice(0, 7).reverse());
    expect(down(keys, 1_048_575)).toEqual(keys.slice(0, 8).reverse());
    expect(down(keys, -1)).toEqual([]);
    expect(down(keys, 40_000, 2)).toEqual([40_000, 1024]);
  });

  it('walks nothing in an empty table', () => {
    expect(up([], 0)).toEqual([]);
    expect(down([], 10)).toEqual([]);
  });
});
