/** Small pure helpers for the table's walks: copy-on-change edits of answer and event shapes. */

type Json = Readonly<Record<string, unknown>>;

/**
 * The copies one answer's walk made: answerWalk runs the walks of an answer
 * with a fresh set, and the helpers below change what is in it in place
 * instead of copying it again. An answer of two hundred keys (register), or
 * a user object three rows edit, is then copied once, not once per row.
 * Everything else (the state's objects, events shared by many queues) is
 * copied on change. Walks are synchronous, so one set at a time suffices.
 */
let owned: WeakSet<object> | null = null;

/** Runs one answer's walks, starting from a shallow copy of `body` that they may change in place. */
export function answerWalk<T extends Json>(body: T, walk: (copy: T) => T): T {
  const outer = owned;
  owned = new WeakSet();
  try {
    return walk(adopt({ ...body }));
  } finally {
    owned = outer;
  }
}

function adopt<T extends object>(copy: T): T {
  owned?.add(copy);
  return copy;
}

function writable(object: object): Record<string, unknown> | null {
  return owned?.has(object) === true ? (object as Record<string, unknown>) : null;
}

/** The object without `keys` (the same object when it has none of them). */
export function omitKeys<T extends Json>(object: T, keys: readonly string[]): T {
  if (!keys.some((key) => key in object)) return object;
  // Built key by key, even when this walk owns the object: an object that lost keys to `delete` turns slow to read and copy.
  const dropped = keys.length > 8 ? new Set(keys) : null;
  const copy: Record<string, unknown> = {};
  for (const key in object) if (!(dropped === null ? keys.includes(key) : dropped.has(key))) copy[key] = object[key];
  return adopt(copy) as T;
}

/** The object with `from` renamed to `to` (the same object without `from`). */
export function renameKey<T extends Json>(object: T, from: string, to: string): T {
  if (!(from in object)) return object;
  const own = writable(object);
  if (own !== null) {
    own[to] = own[from];
    delete own[from];
    return object;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) copy[key === from ? to : key] = value;
  return adopt(copy) as T;
}

/** The object with `key`'s value replaced by `edit(value)`, when it has the key. */
export function editKey<T extends Json>(object: T, key: string, edit: (value: unknown) => unknown): T {
  if (!(key in object)) return object;
  const value = object[key];
  const edited = edit(value);
  if (edited === value) return object;
  const own = writable(object);
  if (own !== null) {
    own[key] = edited;
    return object;
  }
  return adopt({ ...object, [key]: edited }) as T;
}

/** The object with `key` set to `value` (added at the end when absent; the same object when it already holds that value). */
export function withKey<T extends Json>(object: T, key: string, value: unknown): T {
  if (key in object && object[key] === value) return object;
  const own = writable(object);
  if (own !== null) {
    own[key] = value;
    return object;
  }
  return adopt({ ...object, [key]: value }) as T;
}

/** Each object of an array (other values pass), edited; the same array when nothing changed. */
export function editEach(value: unknown, edit: (item: Json) => Json): unknown {
  if (!Array.isArray(value)) return value;
  const array = writable(value) as unknown[] | null;
  if (array !== null) {
    for (let index = 0; index < array.length; index++) {
      const item = array[index];
      if (item !== null && typeof item === 'object') array[index] = edit(item as Json);
    }
    return array;
  }
  let changed = false;
  const edited = value.map((item: unknown) => {
    if (item === null || typeof item !== 'object') return item;
    const next = edit(item as Json);
    if (next !== item) changed = true;
    return next;
  });
  return changed ? adopt(edited) : value;
}
