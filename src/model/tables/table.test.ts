import fc from 'fast-check';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { emptyTable, getRow, hasRow, rows, type Table, tableFrom, withIndexKey, withoutRow, withRow } from './table.js';

describe('the persistent table', () => {
  it('behaves like a Map under any sequence of sets and deletes, and iterates integer keys in order', () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 5000 }), value: fc.string() }),
      fc.record({ kind: fc.constant('delete' as const), key: fc.integer({ min: 0, max: 5000 }) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), (operations) => {
        const reference = new Map<number, string>();
        let table: Table<number, string> = emptyTable();
        for (const op of operations) {
          table = op.kind === 'set' ? withRow(table, op.key, op.value) : withoutRow(table, op.key);
          if (op.kind === 'set') reference.set(op.key, op.value);
          else reference.delete(op.key);
        }
        expect(table.size).toBe(reference.size);
        for (const [key, value] of reference) expect(getRow(table, key)).toBe(value);
        expect([...rows(table)]).toEqual([...reference.keys()].sort((a, b) => a - b).map((key) => reference.get(key)));
      }),
    );
  });

  it('keys strings by hash without losing colliding keys', () => {
    const table = tableFrom<string, number>(Array.from({ length: 3000 }, (_, i) => [`user${i}@example.com`, i] as const));
    expect(table.size).toBe(3000);
    for (let i = 0; i < 3000; i += 7) expect(getRow(table, `user${i}@example.com`)).toBe(i);
    expect(hasRow(table, 'nobody@example.com')).toBe(false);
    expect(getRow(table, 'constructor')).toBeUndefined();
  });

  it('leaves the old version intact and shares every untouched node (structural sharing)', () => {
    const before = tableFrom<number, string>(Array.from({ length: 2000 }, (_, i) => [i, `v${i}`] as const));
    const after = withRow(before, 1500, 'changed');
    expect(getRow(after, 1500)).toBe('changed');
    expect(getRow(before, 1500)).toBe('v1500');
    // Keys below 1024 hang under another level-3 branch than 1500: that branch is the same object in both versions.
    const branch = (table: Table<number, string>, index: number) => (((table.root as any)[0][0] as any)[0] as any)[index];
    expect(branch(after, 0)).toBe(branch(before, 0));
    expect(branch(after, 1)).not.toBe(branch(before, 1));
    expect(Object.isFrozen(after.root)).toBe(true);
    expect(withRow(after, 1500, 'changed')).toBe(after);
    expect(withoutRow(after, 99999)).toBe(after);
  });

  it('is an opaque value to immer: assigned into a draft, never drafted', () => {
    const state = { table: tableFrom<number, string>([[1, 'a']]), other: 1 };
    const next = produce(state, (draft) => {
      expect(draft.table).toBe(state.table);
      (draft as { table: Table<number, string> }).table = withRow(draft.table as Table<number, string>, 2, 'b');
    });
    expect([...rows(next.table)]).toEqual(['a', 'b']);
    expect([...rows(state.table)]).toEqual(['a']);
  });
});

describe('lookups of keys a table can never hold', () => {
  it('miss instead of throwing, so a huge id from a request is just unknown', () => {
    const table = withRow(emptyTable<number, string>(), 7, 'seven');
    expect(getRow(table, 2 ** 30)).toBeUndefined();
    expect(getRow(table, 2 ** 53)).toBeUndefined();
    expect(getRow(table, -1)).toBeUndefined();
    expect(getRow(table, 1.5)).toBeUndefined();
    expect(hasRow(table, 2_000_000_000)).toBe(false);
    expect(() => withRow(table, 2 ** 30, 'x')).toThrow(RangeError);
  });
});

describe('withIndexKey', () => {
  it('moves a unique index entry from the old key to the new one, and leaves it alone when the key is the same', () => {
    const index = withIndexKey(emptyTable<string, number>(), undefined, 'a', 1);
    expect([getRow(index, 'a')]).toEqual([1]);
    const moved = withIndexKey(index, 'a', 'b', 1);
    expect([getRow(moved, 'a'), getRow(moved, 'b'), moved.size]).toEqual([undefined, 1, 1]);
    expect(withIndexKey(moved, 'b', 'b', 1)).toBe(moved);
  });
});
