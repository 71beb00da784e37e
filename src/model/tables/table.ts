/**
 * A persistent map laid out as a fixed-depth 32-way trie over a 30-bit slot.
 *
 * Why a trie: a write must not cost more in a big realm. A write here copies
 * six 32-slot arrays and one small bucket, whatever the table's size.
 *
 * Why not drafted by immer: immer copies arrays with slice(), which V8 runs
 * far slower on frozen arrays than a spread, and it would walk every node it
 * touched again to freeze it. A Table is a class instance, so immer treats it
 * as an opaque value: reducers still apply their whole change in one
 * `produce`, assigning tables computed here (`draft.users = withRow(...)`).
 *
 * Integer keys use themselves as the slot, so rows iterate in ascending key
 * order; string keys are hashed. A bucket is a frozen [key, value, key, value…]
 * array (hash collisions share one).
 */

const BITS = 5;
const WIDTH = 1 << BITS;
const DEPTH = 6;
const SLOT_MASK = (1 << (BITS * DEPTH)) - 1;

type Bucket = readonly unknown[];
type Node = ReadonlyArray<Node | Bucket | null>;

export class Table<K extends string | number, V> {
  /** Phantom fields: tables of different key or value types do not mix. */
  declare readonly __key?: K;
  declare readonly __value?: V;

  constructor(
    readonly size: number,
    readonly root: Node | null,
  ) {
    Object.freeze(this);
  }
}

const EMPTY = new Table<never, never>(0, null);

export function emptyTable<K extends string | number, V>(): Table<K, V> {
  return EMPTY as unknown as Table<K, V>;
}

function slotOf(key: string | number): number {
  if (typeof key === 'number') {
    if (!Number.isSafeInteger(key) || key < 0 || key > SLOT_MASK) {
      throw new RangeError(`table key out of range: ${key}`);
    }
    return key;
  }
  // FNV-1a, 32 bit: cheap and well spread for short strings like e-mail addresses.
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & SLOT_MASK;
}

function indexAt(slot: number, level: number): number {
  return (slot >>> (BITS * (DEPTH - 1 - level))) & (WIDTH - 1);
}

function bucketFor(table: Table<string | number, unknown>, slot: number): Bucket | null {
  let node: Node | Bucket | null = table.root;
  for (let level = 0; level < DEPTH && node !== null; level++) {
    node = (node as Node)[indexAt(slot, level)] ?? null;
  }
  return node as Bucket | null;
}

function positionIn(bucket: Bucket | null, key: string | number): number {
  if (bucket === null) return -1;
  for (let i = 0; i < bucket.length; i += 2) if (bucket[i] === key) return i;
  return -1;
}

/** Whether a key could ever be stored: lookups of impossible keys (a huge id from a request) simply miss. */
function isStorableKey(key: string | number): boolean {
  return typeof key === 'string' || (Number.isSafeInteger(key) && key >= 0 && key <= SLOT_MASK);
}

export function getRow<K extends string | number, V>(table: Table<K, V>, key: K): V | undefined {
  if (!isStorableKey(key)) return undefined;
  const bucket = bucketFor(table, slotOf(key));
  const position = positionIn(bucket, key);
  return position < 0 ? undefined : (bucket![position + 1] as V);
}

export function hasRow<K extends string | number, V>(table: Table<K, V>, key: K): boolean {
  if (!isStorableKey(key)) return false;
  return positionIn(bucketFor(table, slotOf(key)), key) >= 0;
}

/** Copies the path to `slot`, replacing the bucket there with what `change` makes of it (null removes it). */
function withBucket(node: Node | null, slot: number, level: number, change: (bucket: Bucket | null) => Bucket | null): Node | null {
  const index = indexAt(slot, level);
  const child = (node?.[index] ?? null) as Node | Bucket | null;
  const replacement = level === DEPTH - 1 ? change(child as Bucket | null) : withBucket(child as Node | null, slot, level + 1, change);
  if (replacement === child) return node;
  const copy: (Node | Bucket | null)[] = node === null ? new Array<null>(WIDTH).fill(null) : [...node];
  copy[index] = replacement;
  // Only a removal can empty a node.
  return replacement === null && copy.every((entry) => entry === null) ? null : Object.freeze(copy);
}

/** The table with `key` set to `value`. */
export function withRow<K extends string | number, V>(table: Table<K, V>, key: K, value: V): Table<K, V> {
  let added = 0;
  const root = withBucket(table.root, slotOf(key), 0, (bucket) => {
    const position = positionIn(bucket, key);
    if (position >= 0) {
      if (bucket![position + 1] === value) return bucket;
      const copy = [...bucket!];
      copy[position + 1] = value;
      return Object.freeze(copy);
    }
    added = 1;
    return Object.freeze([...(bucket ?? []), key, value]);
  });
  return root === table.root ? table : new Table(table.size + added, root);
}

/** The table without `key`. */
export function withoutRow<K extends string | number, V>(table: Table<K, V>, key: K): Table<K, V> {
  let removed = 0;
  const root = withBucket(table.root, slotOf(key), 0, (bucket) => {
    const position = positionIn(bucket, key);
    if (position < 0) return bucket;
    removed = 1;
    const rest = [...bucket!.slice(0, position), ...bucket!.slice(position + 2)];
    return rest.length === 0 ? null : Object.freeze(rest);
  });
  return removed === 0 ? table : new Table(table.size - removed, root);
}

/** Rows in slot order: ascending key order for integer-keyed tables. */
export function* rows<K extends string | number, V>(table: Table<K, V>): Generator<V> {
  if (table.root !== null) yield* walk<V>(table.root, 0);
}

/** [key, value] pairs in slot order (snapshots sort them themselves). */
export function* entries<K extends string | number, V>(table: Table<K, V>): Generator<readonly [K, V]> {
  if (table.root !== null) yield* walkEntries<K, V>(table.root, 0);
}

function* walkEntries<K, V>(node: Node, level: number): Generator<readonly [K, V]> {
  for (const child of node) {
    if (child === null) continue;
    if (level === DEPTH - 1) {
      const bucket = child as Bucket;
      for (let i = 0; i < bucket.length; i += 2) yield [bucket[i] as K, bucket[i + 1] as V];
    } else {
      yield* walkEntries<K, V>(child as Node, level + 1);
    }
  }
}

function* walk<V>(node: Node, level: number): Generator<V> {
  for (const child of node) {
    if (child === null) continue;
    if (level === DEPTH - 1) {
      const bucket = child as Bucket;
      for (let i = 1; i < bucket.length; i += 2) yield bucket[i] as V;
    } else {
      yield* walk<V>(child as Node, level + 1);
    }
  }
}

export function tableFrom<K extends string | number, V>(entries: Iterable<readonly [K, V]>): Table<K, V> {
  let table = emptyTable<K, V>();
  for (const [key, value] of entries) table = withRow(table, key, value);
  return table;
}

/**
 * A unique index after its row's key changed from `oldKey` (undefined for a
 * new row) to `newKey`: the old entry goes, the new one points at `id`.
 */
export function withIndexKey<K extends string | number>(index: Table<K, number>, oldKey: K | undefined, newKey: K, id: number): Table<K, number> {
  if (oldKey === newKey) return index;
  const without = oldKey === undefined ? index : withoutRow(index, oldKey);
  return withRow(without, newKey, id);
}

/** The slot to start an integer-keyed walk at, or undefined when no key lies on that side of `from`. */
function startSlot(from: number, upward: boolean): number | undefined {
  if (Number.isNaN(from)) return undefined;
  const slot = upward ? Math.ceil(from) : Math.floor(from);
  if (upward) return slot > SLOT_MASK ? undefined : Math.max(slot, 0);
  return slot < 0 ? undefined : Math.min(slot, SLOT_MASK);
}

function walkRowsFrom<V>(node: Node, level: number, slot: number, bounded: boolean, upward: boolean, visit: (value: V) => boolean): boolean {
  const edge = bounded ? indexAt(slot, level) : upward ? 0 : WIDTH - 1;
  for (let index = edge; upward ? index < WIDTH : index >= 0; index += upward ? 1 : -1) {
    const child = node[index] ?? null;
    if (child === null) continue;
    if (level < DEPTH - 1) {
      if (!walkRowsFrom(child as Node, level + 1, slot, bounded && index === edge, upward, visit)) return false;
      continue;
    }
    // An integer key is its own slot, so a bucket holds one row.
    const bucket = child as Bucket;
    for (let i = upward ? 1 : bucket.length - 1; upward ? i < bucket.length : i > 0; i += upward ? 2 : -2) {
      if (!visit(bucket[i] as V)) return false;
    }
  }
  return true;
}

/**
 * Visits the rows of an integer-keyed table whose key is ≥ `from`, in
 * ascending key order, until `visit` returns false. Cost: the path to `from`
 * plus the rows visited.
 */
export function walkRowsUp<V>(table: Table<number, V>, from: number, visit: (value: V) => boolean): void {
  const slot = startSlot(from, true);
  if (table.root !== null && slot !== undefined) walkRowsFrom(table.root, 0, slot, true, true, visit);
}

/** Visits the rows of an integer-keyed table whose key is ≤ `from`, in descending key order, until `visit` returns false. */
export function walkRowsDown<V>(table: Table<number, V>, from: number, visit: (value: V) => boolean): void {
  const slot = startSlot(from, false);
  if (table.root !== null && slot !== undefined) walkRowsFrom(table.root, 0, slot, true, false, visit);
}
