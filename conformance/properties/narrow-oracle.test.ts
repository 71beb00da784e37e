/** The naive oracle the narrow properties trust, on hand-worked cases of the real server's window rules. */
import { describe, expect, it } from 'vitest';
import { type KnownMessage, NEWEST_ANCHOR, naiveNarrow, sliceWindow, type WindowRequest } from './narrow-oracle.js';

const IDS = [10, 20, 30, 40, 50];
const NONE = new Set<number>();

function window(request: Partial<WindowRequest> & Pick<WindowRequest, 'anchor'>, unread: ReadonlySet<number> = NONE) {
  return sliceWindow(IDS, { numBefore: 0, numAfter: 0, includeAnchor: true, ...request }, unread);
}

describe('sliceWindow', () => {
  it('takes the anchor and its neighbours, and reaches an end only when fewer than asked remain', () => {
    expect(window({ anchor: 30, numBefore: 1, numAfter: 1 })).toEqual({
      ids: [20, 30, 40],
      anchor: 30,
      foundAnchor: true,
      foundOldest: false,
      foundNewest: false,
    });
    expect(window({ anchor: 30, numBefore: 2, numAfter: 2 })).toMatchObject({ ids: IDS, foundOldest: false, foundNewest: false });
    expect(window({ anchor: 30, numBefore: 3, numAfter: 0 })).toMatchObject({ ids: [10, 20, 30], foundOldest: true, foundNewest: false });
  });

  it('resolves oldest, newest, negative anchors and first_unread as the server does', () => {
    expect(window({ anchor: 'oldest', numBefore: 4, numAfter: 2 })).toEqual({
      ids: [10, 20],
      anchor: 0,
      foundAnchor: false,
      foundOldest: true,
      foundNewest: false,
    });
    expect(window({ anchor: -4, numAfter: 9 })).toMatchObject({ ids: IDS, anchor: 0, foundNewest: true });
    expect(window({ anchor: 'newest', numBefore: 2, numAfter: 3 })).toEqual({
      ids: [40, 50],
      anchor: NEWEST_ANCHOR,
      foundAnchor: false,
      foundOldest: false,
      foundNewest: true,
    });
    expect(window({ anchor: 'first_unread', numAfter: 1 }, new Set([20, 40]))).toMatchObject({ ids: [20, 30], anchor: 20, foundAnchor: true });
    expect(window({ anchor: 'first_unread', numBefore: 1 })).toMatchObject({ ids: [50], anchor: NEWEST_ANCHOR, foundNewest: true });
  });

  it('leaves the anchor out only when asked, and never finds an id outside the list', () => {
    expect(window({ anchor: 30, numBefore: 2, includeAnchor: false })).toMatchObject({ ids: [10, 20], foundAnchor: false, foundOldest: false });
    expect(window({ anchor: 35, numBefore: 1, numAfter: 1 })).toMatchObject({ ids: [30, 40], foundAnchor: false });
  });
});

describe('naiveNarrow', () => {
  const message = (id: number, fields: Record<string, unknown>, words: string[] = []): KnownMessage => ({
    message: { id, flags: [], ...fields },
    words,
    hasLink: false,
  });
  const messages = [
    message(1, { type: 'stream', stream_id: 7, subject: 'North' }, ['apple']),
    message(2, { type: 'private', display_recipient: [{ id: 1 }, { id: 2 }], sender_id: 2, flags: ['read'] }, ['apple', 'banana']),
    message(3, { type: 'stream', stream_id: 8, subject: 'south', sender_id: 1 }),
  ];
  const directory = { readerId: 1, channelIdByName: new Map([['seven', 7]]), userIdByEmail: new Map([['two@x', 2]]) };

  it('applies every term, negated ones inverted, and never filters on near', () => {
    expect(naiveNarrow(messages, [{ operator: 'channel', operand: 'Seven' }], directory)).toEqual([1]);
    expect(naiveNarrow(messages, [{ operator: 'topic', operand: 'north', negated: true }], directory)).toEqual([2, 3]);
    expect(naiveNarrow(messages, [{ operator: 'dm', operand: [2] }], directory)).toEqual([2]);
    expect(naiveNarrow(messages, [{ operator: 'search', operand: 'APPLE banana' }], directory)).toEqual([2]);
    expect(naiveNarrow(messages, [{ operator: 'is', operand: 'unread' }], directory)).toEqual([1, 3]);
    expect(naiveNarrow(messages, [{ operator: 'near', operand: '2', negated: true }], directory)).toEqual([1, 2, 3]);
  });
});
