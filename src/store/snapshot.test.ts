import { describe, expect, it } from 'vitest';
import { createModel, type Model } from '../in-process.js';
import { IdTree, idTreeFromSorted, idTreeIds, idTreeWith } from '../model/tables/id-tree.js';
import { emptyTable, getRow, rows, Table, tableFrom, withRow } from '../model/tables/table.js';
import { liveABusyDay } from '../testing/busy-realm.js';
import { CORDELIA, HAMLET, IAGO, POLONIUS, T0 } from '../testing/default-realm.js';
import {
  contentKeysOf,
  decodeValue,
  type Encoded,
  encodeValue,
  openSnapshot,
  restoreContent,
  SNAPSHOT_FORMAT,
  type Snapshot,
  SnapshotError,
  snapshotText,
  takeSnapshot,
} from './snapshot.js';

function tickingClock(start = T0) {
  let now = start;
  return () => (now += 1);
}

function busyModel(): Model {
  const model = createModel({ seed: 'snapshots', clock: tickingClock() });
  liveABusyDay(model);
  return model;
}

describe('the snapshot encoding', () => {
  it('writes a table as its entries sorted by key, whatever order they were inserted in', () => {
    const forward = tableFrom<string, number>([
      ['b', 2],
      ['a', 1],
      ['c', 3],
    ]);
    const backward = withRow(withRow(withRow(emptyTable<string, number>(), 'c', 3), 'a', 1), 'b', 2);
    expect(encodeValue(forward)).toEqual({
      $table: [
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ],
    });
    expect(JSON.stringify(encodeValue(backward))).toBe(JSON.stringify(encodeValue(forward)));
    const numeric = tableFrom<number, string>([
      [10, 'ten'],
      [2, 'two'],
    ]);
    expect(encodeValue(numeric)).toEqual({
      $table: [
        [2, 'two'],
        [10, 'ten'],
      ],
    });
  });

  it('writes an id tree as ascending ids, with values only when some are not 0, whatever its shape', () => {
    let grown = new IdTree(0, null);
    for (const id of [500, 3, 77, ...Array.from({ length: 200 }, (_, i) => 1000 + i)]) grown = idTreeWith(grown, id, id === 77 ? 5 : 0);
    const ids = idTreeIds(grown);
    const packed = idTreeFromSorted(
      ids,
      ids.map((id) => (id === 77 ? 5 : 0)),
    );
    expect(JSON.stringify(encodeValue(grown))).toBe(JSON.stringify(encodeValue(packed)));
    expect(encodeValue(idTreeFromSorted([1, 2], [0, 0]))).toEqual({ $ids: [1, 2] });
    expect(encodeValue(idTreeFromSorted([1, 2], [0, 3]))).toEqual({ $ids: [1, 2], $values: [0, 3] });
  });

  it('keeps fields named with a leading $ apart from its own tags', () => {
    const value = { $table: 'not a table', $$x: 1, plain: [{ $ids: true }] };
    const encoded = encodeValue(value);
    expect(encoded).toEqual({ $$table: 'not a table', $$$x: 1, plain: [{ $$ids: true }] });
    expect(decodeValue(encoded)).toEqual(value);
  });

  it('reads back tables of tables and id trees, frozen', () => {
    const nested = tableFrom<number, Table<number, IdTree>>([[4, tableFrom([[9, idTreeFromSorted([1, 5], [0, 2])]])]]);
    const back = decodeValue(encodeValue(nested)) as Table<number, Table<number, IdTree>>;
    const inner = getRow(getRow(back, 4)!, 9)!;
    expect(inner).toBeInstanceOf(IdTree);
    expect(idTreeIds(inner)).toEqual([1, 5]);
    const row = decodeValue(encodeValue({ a: [1, { b: 2 }] })) as { a: [number, { b: number }] };
    expect(Object.isFrozen(row) && Object.isFrozen(row.a) && Object.isFrozen(row.a[1])).toBe(true);
  });

  it('refuses what it cannot write, and documents that are not its own', () => {
    expect(() => encodeValue(new Map())).toThrow(SnapshotError);
    expect(() => encodeValue(Number.NaN)).toThrow(SnapshotError);
    expect(() => openSnapshot({ format: 'other', version: 1, state: {}, content: {} })).toThrow('not a chatref snapshot');
    expect(() => openSnapshot({ format: SNAPSHOT_FORMAT, version: 99, state: {}, content: {} })).toThrow('snapshot version 99 is not 1');
    const document = takeSnapshot(createModel().state, () => undefined);
    const { outbox: _outbox, ...older } = document.state as Record<string, Encoded>;
    expect(() => openSnapshot({ ...document, state: { ...older, gadgets: { $table: [] } } })).toThrow(
      'the snapshot was made by another chatref version: its state lacks outbox and has unknown gadgets',
    );
    expect(() => openSnapshot({ ...document, state: { ...(document.state as object), users: { $ids: [2, 1] } } })).toThrow('ascending');
    expect(() => openSnapshot({ ...document, content: { 'content-1': '***' } })).toThrow('content content-1 is not base64');
  });
});

describe('a snapshot of a busy realm', () => {
  it('names every stored file the state refers to, and carries their bytes', () => {
    const model = busyModel();
    const keys = contentKeysOf(model.state);
    expect(keys).toHaveLength(2);
    // Any record with a contentKey anywhere in the state must be found by contentKeysOf.
    const found = new Set<string>();
    const visit = (value: unknown): void => {
      if (value instanceof Table) for (const row of rows(value as Table<number, unknown>)) visit(row);
      else if (Array.isArray(value)) value.forEach(visit);
      else if (typeof value === 'object' && value !== null && !(value instanceof IdTree)) {
        for (const [key, field] of Object.entries(value)) {
          if (key === 'contentKey' && typeof field === 'string') found.add(field);
          else visit(field);
        }
      }
    };
    visit(model.state);
    expect([...found].sort()).toEqual(keys);
    const snapshot = model.control.snapshot();
    expect(Object.keys(snapshot.content)).toEqual(keys);
    for (const key of keys) expect(Buffer.from(snapshot.content[key]!, 'base64')).toEqual(model.store.content.get(key));
  });

  it('restores to the same snapshot text, through JSON', () => {
    const model = busyModel();
    const text = snapshotText(model.control.snapshot());
    const restored = createModel({ snapshot: JSON.parse(text) as Snapshot });
    expect(snapshotText(restored.control.snapshot())).toBe(text);
  });

  it('restores a state that answers every request as the original does, reads and writes, files included', () => {
    const original = busyModel();
    const snapshot = original.control.snapshot();
    // Two fresh stores with the same seed and clock: one on the original State object, one on the restored copy.
    const live = createModel({ fixture: original.state, seed: 'after', clock: tickingClock(T0 + 10_000) });
    restoreContent(live.store.content, openSnapshot(snapshot).content);
    const copy = createModel({ snapshot, seed: 'after', clock: tickingClock(T0 + 10_000) });

    const messageIds = [...rows(original.state.messages)].map((message) => message.id).slice(-8);
    const attachment = [...rows(original.state.uploads.attachments)][0]!;
    const emoji = [...rows(original.state.realmEmoji.byId)].at(-1)!;
    const reads: [string, string, Record<string, string>][] = [
      ['GET', '/users', { include_custom_profile_fields: 'true' }],
      ['GET', '/users/me', {}],
      ['GET', `/users/${HAMLET.userId}/status`, {}],
      ['GET', '/realm/profile_fields', {}],
      ['GET', '/realm/linkifiers', {}],
      ['GET', '/realm/emoji', {}],
      ['GET', '/user_groups', {}],
      ['GET', '/streams', { include_all: 'true' }],
      ['GET', '/users/me/subscriptions', { include_subscribers: 'true' }],
      ['GET', '/messages', { anchor: 'newest', num_before: '200', num_after: '0', apply_markdown: 'false' }],
      ['GET', '/messages', { anchor: 'oldest', num_before: '0', num_after: '50', narrow: JSON.stringify([{ operator: 'is', operand: 'starred' }]) }],
      ...messageIds.flatMap((id): [string, string, Record<string, string>][] => [
        ['GET', `/messages/${id}`, {}],
        ['GET', `/messages/${id}/history`, {}],
      ]),
      ['GET', '/attachments', {}],
      ['GET', '/saved_snippets', {}],
      ['POST', '/register', {}],
    ];
    const answers = (model: Model) => {
      const out: unknown[] = [];
      for (const user of [HAMLET, CORDELIA, IAGO, POLONIUS]) {
        for (const [method, path, params] of reads) out.push(model.call(method, path, params, { auth: user }));
        const file = model.fetch('GET', `/user_uploads/${attachment.pathId}`, { auth: user });
        out.push(file, file.file === undefined ? null : model.store.content.get(file.file.contentKey));
      }
      const image = model.fetch('GET', `/user_avatars/${original.state.realm.id}/emoji/images/${emoji.fileName}`);
      out.push(image, image.file === undefined ? null : model.store.content.get(image.file.contentKey));
      return out;
    };
    const before = answers(live);
    expect(answers(copy)).toEqual(before);
    expect(JSON.stringify(answers(copy))).toBe(JSON.stringify(answers(live)));

    liveABusyDay(live, 'later');
    liveABusyDay(copy, 'later');
    const exchanges = (model: Model) => model.control.requests().map(({ duration_ms: _ms, ...entry }) => entry);
    expect(exchanges(copy)).toEqual(exchanges(live));
    expect(snapshotText(copy.control.snapshot())).toBe(snapshotText(live.control.snapshot()));
  });
});
