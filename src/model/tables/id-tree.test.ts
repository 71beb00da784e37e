import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyIdTree,
  type IdTree,
  idTreeFirst,
  idTreeFromSorted,
  idTreeGet,
  idTreeIds,
  idTreeLast,
  idTreeWith,
  idTreeWithout,
  walkDown,
  walkUp,
} from './id-tree.js';

type Operation = { kind: 'set'; id: number; value: number } | { kind: 'remove'; id: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), id: fc.integer({ min: 0, max: 3000 }), value: fc.integer({ min: 0, max: 1023 }) }),
  fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 0, max: 3000 }) }),
);

function collect(walk: (tree: IdTree, from: number, visit: (id: number, value: number) => boolean) => void, tree: IdTree, from: number, limit: number) {
  const seen: [number, number][] = [];
  walk(tree, from, (id, value) => {
    seen.push([id, value]);
    return seen.length < limit;
  });
  return seen;
}

describe('IdTree', () => {
  it('behaves like a sorted map under any sequence of writes, and never changes an earlier version', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 800 }), fc.integer({ min: -5, max: 3005 }), fc.integer({ min: 1, max: 200 }), (operations, from, limit) => {
        let tree = emptyIdTree();
        const model = new Map<number, number>();
        const versions: [IdTree, number[]][] = [];
        for (const op of operations) {
          if (op.kind === 'set') {
            tree = idTreeWith(tree, op.id, op.value);
            model.set(op.id, op.value);
          } else {
            tree = idTreeWithout(tree, op.id);
            model.delete(op.id);
          }
          if (versions.length < 5) versions.push([tree, idTreeIds(tree)]);
        }
        const sorted = [...model.entries()].sort((a, b) => a[0] - b[0]);
        expect(tree.size).toBe(model.size);
        expect(idTreeIds(tree)).toEqual(sorted.map(([id]) => id));
        for (const [id, value] of sorted.slice(0, 50)) expect(idTreeGet(tree, id)).toBe(value);
        expect(idTreeGet(tree, 5000)).toBeUndefined();
        expect(idTreeFirst(tree)).toBe(sorted[0]?.[0]);
        expect(idTreeLast(tree)).toBe(sorted.at(-1)?.[0]);
        expect(collect(walkUp, tree, from, limit)).toEqual(sorted.filter(([id]) => id >= from).slice(0, limit));
        expect(collect(walkDown, tree, from, limit)).toEqual(
          sorted
            .filter(([id]) => id <= from)
            .reverse()
            .slice(0, limit),
        );
        for (const [version, ids] of versions) expect(idTreeIds(version)).toEqual(ids);
      }),
      { numRuns: 150 },
    );
  });

  it('builds a tree from sorted ids in one pass, which then takes writes like any other', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 100_000 }), { maxLength: 5000 }), (raw) => {
        const ids = [...raw].sort((a, b) => a - b);
        const values = ids.map((id) => id % 7);
        const built = idTreeFromSorted(ids, values);
        expect(built.size).toBe(ids.length);
        expect(idTreeIds(built)).toEqual(ids);
        for (const id of ids.slice(0, 20)) expect(idTreeGet(built, id)).toBe(id % 7);
        // It takes further writes like any other tree.
        const grown = idTreeWith(built, 100_001, 3);
        expect(idTreeLast(grown)).toBe(100_001);
      }),
      { numRuns: 50 },
    );
  });

  it('returns the same tree when a write changes nothing', () => {
    const tree = idTreeWith(idTreeWith(emptyIdTree(), 3, 1), 7, 2);
    expect(idTreeWith(tree, 3, 1)).toBe(tree);
    expect(idTreeWithout(tree, 4)).toBe(tree);
  });

  it('appends 200,000 ascending ids with a shallow tree', () => {
    let tree = emptyIdTree();
    for (let id = 1; id <= 200_000; id++) tree = idTreeWith(tree, id, id & 7);
    expect(tree.size).toBe(200_000);
    expect(collect(walkDown, tree, Number.POSITIVE_INFINITY, 3)).toEqual([
      [200_000, 0],
      [199_999, 7],
      [199_998, 6],
    ]);
    let depth = 0;
    for (let node = tree.root; node !== null && !node.leaf; node = node.children[0]!) depth++;
    expect(depth).toBeLessThanOrEqual(4);
  });
});
