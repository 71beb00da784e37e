/**
 * Snapshots: the whole State as a stable, versioned JSON document, with the
 * bytes of the stored files it names (base64), so a test can keep a server's
 * state in a file and start from it again.
 *
 * The encoding: a Table becomes `{"$table": [[key, value], …]}` sorted by key,
 * an IdTree `{"$ids": […], "$values": […]}` (`$values` left out when all are
 * 0), a plain object keeps its fields in the state's own order (so responses
 * that list a record's fields list them alike after a restore) and a field
 * whose name starts with `$` gets one more `$`. The text depends on the
 * state's contents, not on how its tables were built, so two states compare
 * equal exactly when their snapshot texts do.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { defaultRealmState } from '../fixtures/load.js';
import type { State } from '../model/state.js';
import { emptyIdTree, IdTree, idTreeFromSorted, walkUp } from '../model/tables/id-tree.js';
import { entries, rows, Table, tableFrom } from '../model/tables/table.js';
import type { ContentStore } from './content-store.js';

export const SNAPSHOT_FORMAT = 'chatref-snapshot';
/** Changes when the encoding does (not when State gains a field: that shows as a field mismatch). */
export const SNAPSHOT_VERSION = 1;

export type Encoded = null | boolean | number | string | readonly Encoded[] | { readonly [key: string]: Encoded };

export interface Snapshot {
  readonly format: typeof SNAPSHOT_FORMAT;
  readonly version: typeof SNAPSHOT_VERSION;
  readonly state: Encoded;
  /** Content key → the bytes (base64) of every stored file the state names, by key. */
  readonly content: { readonly [key: string]: string };
}

/** A snapshot's state and the file bytes to put back under their keys. */
export interface OpenedSnapshot {
  readonly state: State;
  readonly content: ReadonlyMap<string, Uint8Array>;
}

export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
}

function compareKeys(a: readonly [string | number, unknown], b: readonly [string | number, unknown]): number {
  if (typeof a[0] === 'number' && typeof b[0] === 'number') return a[0] - b[0];
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

export function encodeState(state: State): Encoded {
  return encode(state);
}

/** Any value a State is made of (plain data, Tables, IdTrees) in the snapshot encoding. */
export function encodeValue(value: unknown): Encoded {
  return encode(value);
}

/** The value an encoding stands for, frozen. */
export function decodeValue(encoded: Encoded): unknown {
  return decode(encoded, 'value');
}

function encode(value: unknown): Encoded {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new SnapshotError(`cannot encode the number ${value}`);
    return value;
  }
  if (value instanceof Table) {
    const pairs = [...entries(value as Table<string | number, unknown>)].sort(compareKeys);
    return { $table: pairs.map(([key, row]) => [key, encode(row)]) };
  }
  if (value instanceof IdTree) {
    const ids: number[] = [];
    const values: number[] = [];
    walkUp(value, Number.NEGATIVE_INFINITY, (id, bits) => {
      ids.push(id);
      values.push(bits);
      return true;
    });
    return values.every((bits) => bits === 0) ? { $ids: ids } : { $ids: ids, $values: values };
  }
  if (Array.isArray(value)) return value.map(encode);
  if (typeof value === 'object' && isPlain(value)) {
    const out: Record<string, Encoded> = {};
    for (const [key, field] of Object.entries(value)) {
      if (field === undefined) continue;
      out[key.startsWith('$') ? `$${key}` : key] = encode(field);
    }
    return out;
  }
  throw new SnapshotError(`cannot encode a ${typeof value === 'object' ? (Object.getPrototypeOf(value)?.constructor?.name ?? 'object') : typeof value}`);
}

function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

export function decodeState(encoded: Encoded): State {
  const state = decode(encoded, 'state');
  if (typeof state !== 'object' || state === null || Array.isArray(state)) throw new SnapshotError('the snapshot holds no state object');
  checkFields(state as Record<string, unknown>);
  return state as State;
}

/** A snapshot of another chatref version may lack fields this one reads, or carry some it does not know. */
function checkFields(state: Record<string, unknown>): void {
  const expected = Object.keys(defaultRealmState());
  const missing = expected.filter((key) => !(key in state));
  const unknown = Object.keys(state).filter((key) => !expected.includes(key));
  if (missing.length > 0 || unknown.length > 0) {
    const parts = [missing.length > 0 ? `lacks ${missing.join(', ')}` : '', unknown.length > 0 ? `has unknown ${unknown.join(', ')}` : ''];
    throw new SnapshotError(`the snapshot was made by another chatref version: its state ${parts.filter(Boolean).join(' and ')}`);
  }
}

function decode(value: unknown, where: string): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') return value;
  if (Array.isArray(value)) return Object.freeze(value.map((item, index) => decode(item, `${where}[${index}]`)));
  if (typeof value !== 'object') throw new SnapshotError(`${where}: not JSON`);
  const record = value as Record<string, unknown>;
  if ('$table' in record) return decodeTable(record['$table'], where);
  if ('$ids' in record) return decodeIdTree(record['$ids'], record['$values'], where);
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(record)) {
    if (key.startsWith('$') && !key.startsWith('$$')) throw new SnapshotError(`${where}: unknown tag ${key}`);
    const name = key.startsWith('$') ? key.slice(1) : key;
    out[name] = decode(field, `${where}.${name}`);
  }
  return Object.freeze(out);
}

function decodeTable(pairs: unknown, where: string): Table<string | number, unknown> {
  if (!Array.isArray(pairs)) throw new SnapshotError(`${where}: $table is not a list`);
  const decoded = pairs.map((pair, index) => {
    if (!Array.isArray(pair) || pair.length !== 2 || (typeof pair[0] !== 'string' && typeof pair[0] !== 'number')) {
      throw new SnapshotError(`${where}: $table entry ${index} is not a [key, value] pair`);
    }
    return [pair[0], decode(pair[1], `${where}{${pair[0]}}`)] as const;
  });
  return tableFrom(decoded);
}

function decodeIdTree(ids: unknown, values: unknown, where: string): IdTree {
  const isIntegers = (list: unknown): list is number[] => Array.isArray(list) && list.every((item) => Number.isSafeInteger(item));
  if (!isIntegers(ids) || ids.some((id, index) => index > 0 && id <= ids[index - 1]!))
    throw new SnapshotError(`${where}: $ids is not an ascending list of integers`);
  if (values !== undefined && (!isIntegers(values) || values.length !== ids.length)) throw new SnapshotError(`${where}: $values does not match $ids`);
  if (ids.length === 0) return emptyIdTree();
  return idTreeFromSorted(ids, values ?? new Array<number>(ids.length).fill(0));
}

/** The keys of the stored files the state names: attachments' and custom emoji's, ascending. */
export function contentKeysOf(state: State): string[] {
  const keys = new Set<string>();
  for (const attachment of rows(state.uploads.attachments)) keys.add(attachment.contentKey);
  for (const emoji of rows(state.realmEmoji.byId)) keys.add(emoji.contentKey);
  return [...keys].sort();
}

/** `bytesOf` gives a stored file's bytes by key (e.g. `(key) => store.content.get(key)`). */
export function takeSnapshot(state: State, bytesOf: (key: string) => Uint8Array | undefined): Snapshot {
  const files: Record<string, string> = {};
  for (const key of contentKeysOf(state)) {
    // A file whose bytes are already gone stays gone: serving it answers as for a missing file.
    const bytes = bytesOf(key);
    if (bytes !== undefined) files[key] = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  }
  return { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, state: encodeState(state), content: files };
}

/** Checks that a parsed JSON document is a snapshot this version reads (format and version); throws SnapshotError when not. */
export function asSnapshot(document: unknown): Snapshot {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) throw new SnapshotError('a snapshot is a JSON object');
  const snapshot = document as Partial<Record<keyof Snapshot, unknown>>;
  if (snapshot.format !== SNAPSHOT_FORMAT) throw new SnapshotError(`not a chatref snapshot (format ${JSON.stringify(snapshot.format)})`);
  if (snapshot.version !== SNAPSHOT_VERSION) throw new SnapshotError(`snapshot version ${JSON.stringify(snapshot.version)} is not ${SNAPSHOT_VERSION}`);
  return document as Snapshot;
}

/** Rebuilds a snapshot's state and file bytes; throws SnapshotError when it is not one this version can read. */
export function openSnapshot(document: unknown): OpenedSnapshot {
  const snapshot = asSnapshot(document);
  const files: unknown = snapshot.content;
  if (typeof files !== 'object' || files === null || Array.isArray(files)) throw new SnapshotError('the snapshot has no content object');
  const content = new Map<string, Uint8Array>();
  for (const [key, base64] of Object.entries(files)) {
    if (typeof base64 !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new SnapshotError(`content ${key} is not base64`);
    content.set(key, Buffer.from(base64, 'base64'));
  }
  return { state: decodeState(snapshot.state as Encoded), content };
}

/** The snapshot as JSON text: the same state gives the same text. */
export function snapshotText(snapshot: Snapshot): string {
  return JSON.stringify(snapshot);
}

export function parseSnapshotText(text: string): Snapshot {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new SnapshotError(`the snapshot is not JSON: ${(error as Error).message}`);
  }
  return asSnapshot(document);
}

/** A snapshot file's document (format and version checked; openSnapshot rebuilds its state). */
export function readSnapshotFile(file: string): Snapshot {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SnapshotError(`cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    return parseSnapshotText(text);
  } catch (error) {
    if (error instanceof SnapshotError) throw new SnapshotError(`${file}: ${error.message}`);
    throw error;
  }
}

export function writeSnapshotFile(file: string, snapshot: Snapshot): void {
  writeFileSync(file, snapshotText(snapshot), 'utf8');
}

/** Puts a snapshot's file bytes back under their keys, so the state's files are served again. */
export function restoreContent(content: ContentStore, files: ReadonlyMap<string, Uint8Array>): void {
  for (const [key, bytes] of files) content.set(key, bytes);
}

/** A snapshot (a file path or a document) as a starting state: its file bytes go into `content`. */
export function loadSnapshot(source: string | Snapshot, content: ContentStore): State {
  const opened = openSnapshot(typeof source === 'string' ? readSnapshotFile(source) : source);
  restoreContent(content, opened.content);
  return opened.state;
}
