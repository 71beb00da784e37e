import { describe, expect, it } from 'vitest';
import { parseAnchor } from './anchor.js';
import { LARGER_THAN_MAX_MESSAGE_ID, type RangeReader, readRange } from './range.js';

/** A reader over matching ids 10, 20, …, 100 that also records the limits it was asked for. */
function readerOf(ids: readonly number[]) {
  const calls: string[] = [];
  const reader: RangeReader = {
    down: (from, limit) => {
      calls.push(`down(${from},${limit})`);
      return ids
        .filter((id) => id <= from)
        .reverse()
        .slice(0, limit);
    },
    up: (from, limit) => {
      calls.push(`up(${from},${limit})`);
      return ids.filter((id) => id >= from).slice(0, limit);
    },
    has: (id) => ids.includes(id),
  };
  return { reader, calls };
}

const IDS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

function range(anchor: number, numBefore: number, numAfter: number, includeAnchor = true) {
  return readRange({ anchor, numBefore, numAfter, includeAnchor }, readerOf(IDS).reader);
}

describe('readRange (the real server limit_query_to_range and post_process_limited_query)', () => {
  it('takes num_before below and num_after above an anchor that matches', () => {
    expect(range(50, 2, 2)).toEqual({ ids: [30, 40, 50, 60, 70], foundAnchor: true, foundOldest: false, foundNewest: false });
  });

  it('reports found_anchor false for an anchor between matching ids', () => {
    expect(range(55, 2, 2)).toEqual({ ids: [40, 50, 60, 70], foundAnchor: false, foundOldest: false, foundNewest: false });
  });

  it('reports found_oldest and found_newest only when fewer than asked were left', () => {
    expect(range(30, 2, 7)).toMatchObject({ ids: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100], foundOldest: false, foundNewest: false });
    expect(range(30, 3, 8)).toMatchObject({ foundOldest: true, foundNewest: true });
  });

  it('with `oldest` (0) starts at the first id and has found_oldest but never found_anchor', () => {
    expect(range(0, 5, 3)).toEqual({ ids: [10, 20, 30], foundAnchor: false, foundOldest: true, foundNewest: false });
    expect(range(0, 0, 20)).toEqual({ ids: IDS, foundAnchor: false, foundOldest: true, foundNewest: true });
    expect(range(0, 5, 0)).toEqual({ ids: [], foundAnchor: false, foundOldest: true, foundNewest: false });
  });

  it('with `newest` takes the last num_before, ignores num_after and has found_newest but never found_anchor', () => {
    expect(range(LARGER_THAN_MAX_MESSAGE_ID, 3, 10)).toEqual({ ids: [80, 90, 100], foundAnchor: false, foundOldest: false, foundNewest: true });
    expect(range(LARGER_THAN_MAX_MESSAGE_ID, 20, 0)).toEqual({ ids: IDS, foundAnchor: false, foundOldest: true, foundNewest: true });
    expect(range(LARGER_THAN_MAX_MESSAGE_ID, 0, 5)).toEqual({ ids: [], foundAnchor: false, foundOldest: false, foundNewest: true });
  });

  it('treats an anchor beyond the last id like any other: found_newest needs num_after', () => {
    expect(range(500, 2, 0)).toEqual({ ids: [90, 100], foundAnchor: false, foundOldest: false, foundNewest: false });
    expect(range(500, 2, 1)).toEqual({ ids: [90, 100], foundAnchor: false, foundOldest: false, foundNewest: true });
  });

  it('leaves the anchor out at an end when include_anchor is false', () => {
    expect(range(50, 2, 0, false)).toEqual({ ids: [30, 40], foundAnchor: false, foundOldest: false, foundNewest: false });
    expect(range(50, 0, 2, false)).toEqual({ ids: [60, 70], foundAnchor: false, foundOldest: false, foundNewest: false });
  });

  it('returns the anchor alone with no window, whatever include_anchor says', () => {
    expect(range(50, 0, 0)).toEqual({ ids: [50], foundAnchor: true, foundOldest: false, foundNewest: false });
    expect(range(50, 0, 0, false)).toEqual({ ids: [50], foundAnchor: true, foundOldest: false, foundNewest: false });
    expect(range(55, 0, 0)).toEqual({ ids: [], foundAnchor: false, foundOldest: false, foundNewest: false });
  });

  it('asks the reader for the real server limits: one extra row where the anchor may sit', () => {
    const both = readerOf(IDS);
    readRange({ anchor: 50, numBefore: 2, numAfter: 3, includeAnchor: true }, both.reader);
    expect(both.calls).toEqual(['down(49,2)', 'up(50,4)']);
    const before = readerOf(IDS);
    readRange({ anchor: 50, numBefore: 2, numAfter: 0, includeAnchor: true }, before.reader);
    expect(before.calls).toEqual(['down(50,3)']);
    const newest = readerOf(IDS);
    readRange({ anchor: LARGER_THAN_MAX_MESSAGE_ID, numBefore: 2, numAfter: 3, includeAnchor: true }, newest.reader);
    expect(newest.calls).toEqual(['down(Infinity,2)']);
  });
});

describe('parseAnchor (reference server-messages-channels §3.3)', () => {
  it('reads the named anchors', () => {
    expect(parseAnchor('oldest', false)).toEqual({ ok: true, value: 0 });
    expect(parseAnchor('newest', false)).toEqual({ ok: true, value: LARGER_THAN_MAX_MESSAGE_ID });
    expect(parseAnchor('first_unread', false)).toEqual({ ok: true, value: 'first_unread' });
  });

  it('reads integers as Python does, clamping negatives to 0 and huge ones to newest', () => {
    expect(parseAnchor('42', false)).toEqual({ ok: true, value: 42 });
    expect(parseAnchor(' +4_2 ', false)).toEqual({ ok: true, value: 42 });
    expect(parseAnchor('-7', false)).toEqual({ ok: true, value: 0 });
    expect(parseAnchor('123456789012345678901234567890', false)).toEqual({ ok: true, value: LARGER_THAN_MAX_MESSAGE_ID });
    expect(parseAnchor('9999999999999999', false)).toEqual({ ok: true, value: 9_999_999_999_999_998 });
  });

  it('uses first_unread for the legacy flag, whatever the anchor', () => {
    expect(parseAnchor(undefined, true)).toEqual({ ok: true, value: 'first_unread' });
    expect(parseAnchor('12', true)).toEqual({ ok: true, value: 'first_unread' });
  });

  it('refuses a missing or unreadable anchor', () => {
    expect(parseAnchor(undefined, false)).toMatchObject({ ok: false, error: { msg: "Missing 'anchor' argument." } });
    expect(parseAnchor('date', false)).toMatchObject({ ok: false, error: { msg: 'Invalid anchor' } });
    expect(parseAnchor('1.5', false)).toMatchObject({ ok: false, error: { msg: 'Invalid anchor' } });
    expect(parseAnchor('', false)).toMatchObject({ ok: false, error: { msg: 'Invalid anchor' } });
  });
});
