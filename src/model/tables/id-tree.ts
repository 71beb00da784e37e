/**
 * A persistent ordered map from integer ids to small integers (a B+ tree).
 *
 * Why not a Table: message indexes are read as ranges ("the 50 messages of
 * this topic before id X"), and a per-user flag map holds a row per message
 * the user received, so it must be compact. Leaves hold up to 64 sorted ids
 * and their values in two plain arrays (V8 keeps them as unboxed small
 * integers); a write copies one leaf and the path to it, whatever the size.
 * Removal never merges nodes: an emptied leaf is dropped, a thin one stays.
 */

const MAX_ENTRIES = 64;

interface Leaf {
  readonly leaf: true;
  readonly ids: readonly number[];
  readonly values: readonly number[];
}

interface Branch {
  readonly leaf: false;
  /** The largest id under each child. */
  readonly maxIds: readonly number[];
  readonly children: readonly TreeNode[];
}

type TreeNode = Leaf | Branch;

export class IdTree {
  constructor(
    readonly size: number,
    readonly root: TreeNode | null,
  ) {
    Object.freeze(this);
  }
}

const EMPTY = new IdTree(0, null);

export function emptyIdTree(): IdTree {
  return EMPTY;
}

/** The first position whose id is ≥ `id` (the length when none). */
function lowerBound(ids: readonly number[], id: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ids[middle]! < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

function childIndexFor(branch: Branch, id: number): number {
  return Math.min(lowerBound(branch.maxIds, id), branch.children.length - 1);
}

function maxIdOf(node: TreeNode): number {
  return node.leaf ? node.ids[node.ids.length - 1]! : node.maxIds[node.maxIds.length - 1]!;
}

export function idTreeGet(tree: IdTree, id: number): number | undefined {
  let node = tree.root;
  while (node !== null) {
    if (node.leaf) {
      const position = lowerBound(node.ids, id);
      return node.ids[position] === id ? node.values[position] : undefined;
    }
    node = node.children[childIndexFor(node, id)]!;
  }
  return undefined;
}

export function idTreeHas(tree: IdTree, id: number): boolean {
  return idTreeGet(tree, id) !== undefined;
}

function leafOf(ids: number[], values: number[]): Leaf {
  return Object.freeze({ leaf: true, ids: Object.freeze(ids), values: Object.freeze(values) });
}

function branchOf(children: TreeNode[], maxIds: number[] = children.map(maxIdOf)): Branch {
  return Object.freeze({ leaf: false, maxIds: Object.freeze(maxIds), children: Object.freeze(children) });
}

/** One node, or two when it overflowed. */
type Replacement = readonly [TreeNode] | readonly [TreeNode, TreeNode];

/** Halves an overflowing node; an append (ids only ever grow) leaves the full part whole, so appended trees stay dense. */
function split<T>(entries: T[], appended: boolean): [T[], T[]] {
  const at = appended ? entries.length - 1 : entries.length >>> 1;
  return [entries.slice(0, at), entries.slice(at)];
}

function setIn(node: TreeNode, id: number, value: number, added: { count: number }): Replacement | null {
  if (node.leaf) {
    const position = lowerBound(node.ids, id);
    if (node.ids[position] === id) {
      if (node.values[position] === value) return null;
      const values = [...node.values];
      values[position] = value;
      return [leafOf([...node.ids], values)];
    }
    added.count = 1;
    const ids = [...node.ids];
    const values = [...node.values];
    ids.splice(position, 0, id);
    values.splice(position, 0, value);
    if (ids.length <= MAX_ENTRIES) return [leafOf(ids, values)];
    const appended = position === node.ids.length;
    const [lowIds, highIds] = split(ids, appended);
    const [lowValues, highValues] = split(values, appended);
    return [leafOf(lowIds, lowValues), leafOf(highIds, highValues)];
  }
  const index = childIndexFor(node, id);
  const replacement = setIn(node.children[index]!, id, value, added);
  if (replacement === null) return null;
  // Only the replaced child's bounds change: the other children's are copied, not recomputed.
  const children = [...node.children];
  const maxIds = [...node.maxIds];
  children.splice(index, 1, ...replacement);
  maxIds.splice(index, 1, ...replacement.map(maxIdOf));
  if (children.length <= MAX_ENTRIES) return [branchOf(children, maxIds)];
  const appended = index === node.children.length - 1 && replacement[1] === children.at(-1);
  const [low, high] = split(children, appended);
  const [lowMaxIds, highMaxIds] = split(maxIds, appended);
  return [branchOf(low, lowMaxIds), branchOf(high, highMaxIds)];
}

/** The tree with `id` mapped to `value` (the same tree when nothing changes). */
export function idTreeWith(tree: IdTree, id: number, value = 0): IdTree {
  if (tree.root === null) return new IdTree(1, leafOf([id], [value]));
  const added = { count: 0 };
  const replacement = setIn(tree.root, id, value, added);
  if (replacement === null) return tree;
  const root = replacement.length === 1 ? replacement[0] : branchOf([...replacement]);
  return new IdTree(tree.size + added.count, root);
}

/** The node without `id`: null when it became empty, the same node when `id` was absent. */
function removeFrom(node: TreeNode, id: number): TreeNode | null | undefined {
  if (node.leaf) {
    const position = lowerBound(node.ids, id);
    if (node.ids[position] !== id) return undefined;
    if (node.ids.length === 1) return null;
    const ids = [...node.ids];
    const values = [...node.values];
    ids.splice(position, 1);
    values.splice(position, 1);
    return leafOf(ids, values);
  }
  const index = childIndexFor(node, id);
  const replacement = removeFrom(node.children[index]!, id);
  if (replacement === undefined) return undefined;
  const children = [...node.children];
  if (replacement === null) children.splice(index, 1);
  else children[index] = replacement;
  if (children.length === 0) return null;
  return branchOf(children);
}

export function idTreeWithout(tree: IdTree, id: number): IdTree {
  if (tree.root === null) return tree;
  const root = removeFrom(tree.root, id);
  if (root === undefined) return tree;
  return root === null ? EMPTY : new IdTree(tree.size - 1, root);
}

/**
 * Visits entries with id ≥ `from` in ascending order until `visit` returns
 * false. Cost: the path to `from` plus the entries visited.
 */
export function walkUp(tree: IdTree, from: number, visit: (id: number, value: number) => boolean): void {
  if (tree.root !== null) walkUpFrom(tree.root, from, visit);
}

function walkUpFrom(node: TreeNode, from: number, visit: (id: number, value: number) => boolean): boolean {
  if (node.leaf) {
    for (let position = lowerBound(node.ids, from); position < node.ids.length; position++) {
      if (!visit(node.ids[position]!, node.values[position]!)) return false;
    }
    return true;
  }
  for (let index = lowerBound(node.maxIds, from); index < node.children.length; index++) {
    if (!walkUpFrom(node.children[index]!, from, visit)) return false;
  }
  return true;
}

/** Visits entries with id ≤ `from` in descending order until `visit` returns false. */
export function walkDown(tree: IdTree, from: number, visit: (id: number, value: number) => boolean): void {
  if (tree.root !== null) walkDownFrom(tree.root, from, visit);
}

function walkDownFrom(node: TreeNode, from: number, visit: (id: number, value: number) => boolean): boolean {
  if (node.leaf) {
    for (let position = upperBound(node.ids, from) - 1; position >= 0; position--) {
      if (!visit(node.ids[position]!, node.values[position]!)) return false;
    }
    return true;
  }
  for (let index = childIndexFor(node, from); index >= 0; index--) {
    if (!walkDownFrom(node.children[index]!, from, visit)) return false;
  }
  return true;
}

/** The first position whose id is > `id`. */
function upperBound(ids: readonly number[], id: number): number {
  return lowerBound(ids, id + 1);
}

export function idTreeFirst(tree: IdTree): number | undefined {
  let node = tree.root;
  while (node !== null && !node.leaf) node = node.children[0]!;
  return node?.ids[0];
}

export function idTreeLast(tree: IdTree): number | undefined {
  return tree.root === null ? undefined : maxIdOf(tree.root);
}

/** Every id in ascending order (tests and small trees only). */
export function idTreeIds(tree: IdTree): number[] {
  const ids: number[] = [];
  walkUp(tree, Number.NEGATIVE_INFINITY, (id) => {
    ids.push(id);
    return true;
  });
  return ids;
}

/** A tree of ascending ids and their values, built in one pass (loading large realms). */
export function idTreeFromSorted(ids: readonly number[], values: readonly number[]): IdTree {
  if (ids.length === 0) return EMPTY;
  let level: TreeNode[] = [];
  for (let start = 0; start < ids.length; start += MAX_ENTRIES) {
    level.push(leafOf(ids.slice(start, start + MAX_ENTRIES), values.slice(start, start + MAX_ENTRIES)));
  }
  while (level.length > 1) {
    const parents: TreeNode[] = [];
    for (let start = 0; start < level.length; start += MAX_ENTRIES) parents.push(branchOf(level.slice(start, start + MAX_ENTRIES)));
    level = parents;
  }
  return new IdTree(ids.length, level[0]!);
}
