/** Small pure helpers for the table's walks: copy-on-change edits of answer and event shapes. */
import type { Body } from './change.js';

type Json = Readonly<Record<string, unknown>>;

/**
 * The shallow copies of answers that responseAtLevel makes, one per answer:
 * the helpers below change these in place instead of copying them again, so
 * an answer of two hundred keys (register) is copied once, not once per row.
 */
const workingCopies = new WeakSet<object>();

/** A shallow copy that the walks of one answer may change in place. */
export function workingCopy<T extends Json>(object: T): T {
  const copy = { ...object };
  workingCopies.add(copy);
  return copy;
}

function writable(object: Json): Record<string, unknown> | null {
  return workingCopies.has(object) ? (object as Record<string, unknown>) : null;
}

/** The object without `keys` (the same object when it has none of them). */
export function omitKeys<T extends Json>(object: T, keys: readonly string[]): T {
  if (!keys.some((key) => key in object)) return object;
  const own = writable(object);
  if (own !== null) {
    for (const key of keys) delete own[key];
    return object;
  }
  // Built key by key rather than copied and deleted from: an object that lost keys to `delete` is slow to copy again.
  const copy: Record<string, unknown> = {};
  for (const key in object) if (!keys.includes(key)) copy[key] = object[key];
  return copy as T;
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
  return copy as T;
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
  return { ...object, [key]: edited } as T;
}

/** Each object of an array (other values pass), edited; the same array when nothing changed. */
export function editEach(value: unknown, edit: (item: Json) => Json): unknown {
  if (!Array.isArray(value)) return value;
  let changed = false;
  const edited = value.map((item: unknown) => {
    if (item === null || typeof item !== 'object') return item;
    const next = edit(item as Json);
    if (next !== item) changed = true;
    return next;
  });
  return changed ? edited : value;
}

/** Each value of an object keyed by id (as register's `subscriptions` are not, but `realm_users` by id in events are), edited. */
export function editValues(value: unknown, edit: (item: Json) => Json): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  let changed = false;
  const edited: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Json)) {
    const next = item !== null && typeof item === 'object' && !Array.isArray(item) ? edit(item as Json) : item;
    if (next !== item) changed = true;
    edited[key] = next;
  }
  return changed ? edited : value;
}

/** A body walk that removes keys from the objects of one array-valued key (e.g. `members` of GET /users). */
export function omitFromEach(listKey: string, keys: readonly string[]): (body: Body) => Body {
  return (body) => editKey(body, listKey, (list) => editEach(list, (item) => omitKeys(item, keys)));
}
