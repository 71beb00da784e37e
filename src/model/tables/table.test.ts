import fc from 'fast-check';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { deleteRowMutably, emptyTable, getRow, hasRow, rows, setRowMutably, tableFrom, type Table } from './table.js';

describe('the sharded table', () => {
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
          table = produce(table, (draft) => {
            if (op.kind === 'set') setRowMutably(draft as Table<number, string>, op.key, op.value);
            else deleteRowMutably(draft as Table<number, string>, op.key);
          });
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

  it('shares every untouched node after a write (structural sharing)', () => {
    const before = tableFrom<number, string>(Array.from({ length: 2000 }, (_, i) => [i, `v${i}`] as const));
    const after = produce(before, (draft) => setRowMutably(draft as Table<number, string>, 1500, 'changed'));
    expect(getRow(after, 1500)).toBe('changed');
    expect(getRow(before, 1500)).toBe('v1500');
    // Keys below 1024 hang under another level-3 branch than 1500: that branch is the same object in both versions.
    const branch = (table: Table<number, string>, index: number) => (((table.root[0] as any)[0] as any)[0] as any)[index];
    expect(branch(after, 0)).toBe(branch(before, 0));
    expect(branch(after, 1)).not.toBe(branch(before, 1));
    expect(Object.isFrozen(after.root)).toBe(true);
  });
});
