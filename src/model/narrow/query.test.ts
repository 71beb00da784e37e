import { describe, expect, it } from 'vitest';
import { FLAG_BITS, flagNames } from '../rules/message-flags.js';
import type { State } from '../state.js';
import type { Anchor } from './anchor.js';
import { parseNarrow } from './parse.js';
import { fetchMessagesByIds, fetchNarrowedMessages, firstUnreadMessageId, type QueryProbe } from './query.js';
import { LARGER_THAN_MAX_MESSAGE_ID } from './range.js';
import { resolveNarrow } from './resolve.js';
import { baseState, C, type MessageSpec, NOW, U, userOf, withMessages, withMutedChannel } from './test-support.js';
import { cleanNarrowForFetch } from './with.js';

const { read, starred, mentioned, has_alert_word: alerted } = FLAG_BITS;

const SPECS: MessageSpec[] = [
  /* 0 */ { sender: U.iago, channel: C.denmark, topic: 'Castle', content: 'the ghost appears' },
  /* 1 */ { sender: U.iago, channel: C.denmark, topic: 'castle', content: 'before you joined', rows: [U.iago] },
  /* 2 */ { sender: U.iago, channel: C.scotland, topic: 'secret', content: 'not for you', rows: [U.iago] },
  /* 3 */ { sender: U.iago, channel: C.scotland, topic: 'secret', content: 'for you', flags: { [U.hamlet]: read } },
  /* 4 */ { sender: U.hamlet, to: [U.iago], content: 'a word in private' },
  /* 5 */ { sender: U.iago, to: [U.hamlet, U.cordelia], content: 'the three of us' },
  /* 6 */ { sender: U.cordelia, channel: C.verona, topic: 'fair', content: 'fair Verona' },
  /* 7 */ { sender: U.iago, channel: C.general, topic: '✔ done', content: 'see https://example.org', hasLink: true, flags: { [U.hamlet]: starred } },
  /* 8 */ { sender: U.iago, channel: C.general, topic: 'plans', content: '@**King Hamlet** plans', flags: { [U.hamlet]: mentioned | alerted } },
  /* 9 */ { sender: U.hamlet, to: [], content: 'note to self', reactedBy: [U.hamlet] },
  /* 10 */ { sender: U.iago, channel: C.general, topic: 'plans', content: 'more plans', flags: { [U.hamlet]: read } },
];

const built = withMessages(baseState(), SPECS);
const REALM = built.state;
const M = built.ids;

function narrowFor(state: State, userId: number, raw: unknown) {
  const parsed = parseNarrow(raw);
  if (!parsed.ok) throw new Error(parsed.error.msg);
  const user = userOf(state, userId);
  const cleaned = cleanNarrowForFetch(state, user, parsed.value, NOW);
  if (!cleaned.ok) throw new Error(cleaned.error.msg);
  const narrow = resolveNarrow(state, user, cleaned.value, NOW);
  if (!narrow.ok) throw new Error(narrow.error.msg);
  return narrow.value;
}

interface Options {
  readonly state?: State;
  readonly anchor?: Anchor;
  readonly before?: number;
  readonly after?: number;
  readonly includeAnchor?: boolean;
  readonly probe?: QueryProbe;
}

function fetch(userId: number, raw: unknown, options: Options = {}) {
  const state = options.state ?? REALM;
  const narrow = narrowFor(state, userId, raw);
  const request = {
    anchor: options.anchor ?? LARGER_THAN_MAX_MESSAGE_ID,
    numBefore: options.before ?? 100,
    numAfter: options.after ?? 0,
    includeAnchor: options.includeAnchor ?? true,
  };
  return fetchNarrowedMessages(state, userOf(state, userId), narrow, request, NOW, options.probe);
}

function idsOf(userId: number, raw: unknown, options: Options = {}): number[] {
  return fetch(userId, raw, options).messages.map(({ message }) => message.id);
}

/** Message ids by their index in SPECS. */
function m(...indexes: number[]): number[] {
  return indexes.map((index) => M[index]!);
}

describe('which messages a narrow returns (access rule)', () => {
  it('gives the combined feed from the user’s own rows only', () => {
    expect(idsOf(U.hamlet, [])).toEqual(m(0, 3, 4, 5, 7, 8, 9, 10));
  });

  it('adds public history, read and historical, when the narrow names a channel whose history the user may read', () => {
    const result = fetch(U.hamlet, [['stream', 'Denmark']]);
    expect(result.messages.map(({ message }) => message.id)).toEqual(m(0, 1));
    expect(flagNames(result.messages[1]!.flags)).toEqual(['read', 'historical']);
    expect(idsOf(U.hamlet, [['streams', 'public']])).toEqual(m(0, 1, 6, 7, 8, 10));
  });

  it('shows a subscriber of a channel with protected history only their own rows', () => {
    expect(idsOf(U.hamlet, [['stream', 'Scotland']])).toEqual(m(3));
    expect(idsOf(U.iago, [['stream', 'Scotland']])).toEqual(m(2, 3));
    expect(idsOf(U.cordelia, [['stream', 'Scotland']])).toEqual([]);
  });

  it('gives guests the history of their channels only', () => {
    expect(idsOf(U.polonius, [['stream', 'Denmark']])).toEqual(m(0, 1));
    expect(idsOf(U.polonius, [['stream', 'general']])).toEqual([]);
    expect(idsOf(U.polonius, [['streams', 'public']])).toEqual(m(0));
  });

  it('reads no history outside a channel narrow, nor with an is term', () => {
    expect(idsOf(U.cordelia, [['sender', 'iago@chatref.test']])).toEqual(m(5, 7, 8, 10));
    expect(idsOf(U.desdemona, [['stream', 'Denmark']])).toEqual(m(0, 1));
    expect(
      idsOf(U.desdemona, [
        ['stream', 'Denmark'],
        ['is', 'unread'],
      ]),
    ).toEqual([]);
    expect(idsOf(U.desdemona, [['stream', 'Denmark'], { operator: 'is', operand: 'resolved', negated: true }])).toEqual(m(0, 1));
  });
});

describe('operators (reference server-messages-channels §6.2)', () => {
  it('channel and topic, the topic case-insensitively and "general chat" as the empty topic', () => {
    expect(
      idsOf(U.hamlet, [
        ['stream', 'denmark'],
        ['topic', 'CASTLE'],
      ]),
    ).toEqual(m(0, 1));
    expect(idsOf(U.hamlet, [['topic', 'castle']])).toEqual(m(0));
    const { state, ids } = withMessages(REALM, [{ sender: U.iago, channel: C.general, topic: '' }]);
    expect(
      idsOf(
        U.hamlet,
        [
          ['stream', 'general'],
          ['topic', 'general chat'],
        ],
        { state },
      ),
    ).toEqual(ids);
  });

  it('sender, by address or id', () => {
    expect(idsOf(U.hamlet, [['sender', 'hamlet@chatref.test']])).toEqual(m(4, 9));
    expect(idsOf(U.hamlet, [{ operator: 'sender', operand: U.hamlet, negated: true }])).toEqual(m(0, 3, 5, 7, 8, 10));
  });

  it('dm, dm-including and group-pm-with', () => {
    expect(idsOf(U.hamlet, [{ operator: 'dm', operand: [U.iago] }])).toEqual(m(4));
    expect(idsOf(U.iago, [{ operator: 'dm', operand: [U.hamlet] }])).toEqual(m(4));
    expect(idsOf(U.hamlet, [['dm', 'iago@chatref.test,user5@chatref.test']])).toEqual(m(5));
    expect(idsOf(U.hamlet, [{ operator: 'dm', operand: [U.hamlet] }])).toEqual(m(9));
    expect(idsOf(U.hamlet, [{ operator: 'dm', operand: [] }])).toEqual([]);
    expect(idsOf(U.hamlet, [{ operator: 'dm', operand: [], negated: true }])).toEqual(m(0, 3, 4, 5, 7, 8, 9, 10));
    expect(idsOf(U.hamlet, [{ operator: 'dm-including', operand: U.iago }])).toEqual(m(4, 5));
    expect(idsOf(U.hamlet, [{ operator: 'dm-including', operand: U.hamlet }])).toEqual(m(4, 5, 9));
    expect(idsOf(U.hamlet, [{ operator: 'group-pm-with', operand: U.iago }])).toEqual(m(5));
    expect(idsOf(U.hamlet, [['is', 'dm']])).toEqual(m(4, 5, 9));
    expect(idsOf(U.hamlet, [{ operator: 'is', operand: 'private', negated: true }])).toEqual(m(0, 3, 7, 8, 10));
  });

  it('is: starred, unread, mentioned, alerted, resolved, followed', () => {
    expect(idsOf(U.hamlet, [['is', 'starred']])).toEqual(m(7));
    expect(idsOf(U.hamlet, [['is', 'unread']])).toEqual(m(0, 5, 7, 8));
    expect(idsOf(U.hamlet, [{ operator: 'is', operand: 'unread', negated: true }])).toEqual(m(3, 4, 9, 10));
    expect(idsOf(U.hamlet, [['is', 'mentioned']])).toEqual(m(8));
    expect(idsOf(U.hamlet, [['is', 'alerted']])).toEqual(m(8));
    expect(idsOf(U.hamlet, [['is', 'resolved']])).toEqual(m(7));
    expect(idsOf(U.hamlet, [['is', 'followed']])).toEqual([]);
    expect(idsOf(U.hamlet, [{ operator: 'is', operand: 'followed', negated: true }])).toEqual(m(0, 3, 4, 5, 7, 8, 9, 10));
  });

  it('in:home and is:muted follow the channels the user muted', () => {
    const muted = withMutedChannel(REALM, U.hamlet, C.general);
    expect(idsOf(U.hamlet, [['in', 'home']], { state: muted })).toEqual(m(0, 3, 4, 5, 9));
    expect(idsOf(U.hamlet, [['is', 'muted']], { state: muted })).toEqual(m(7, 8, 10));
    expect(idsOf(U.hamlet, [{ operator: 'in', operand: 'home', negated: true }], { state: muted })).toEqual(m(7, 8, 10));
    expect(idsOf(U.hamlet, [['in', 'home']])).toEqual(m(0, 3, 4, 5, 7, 8, 9, 10));
    expect(idsOf(U.hamlet, [['is', 'muted']])).toEqual([]);
    expect(idsOf(U.hamlet, [{ operator: 'in', operand: 'all', negated: true }], { state: muted })).toEqual(m(0, 3, 4, 5, 7, 8, 9, 10));
  });

  it('has: link, reaction, image, attachment', () => {
    expect(idsOf(U.hamlet, [['has', 'link']])).toEqual(m(7));
    expect(idsOf(U.hamlet, [['has', 'reaction']])).toEqual(m(9));
    expect(idsOf(U.hamlet, [['has', 'image']])).toEqual([]);
    expect(idsOf(U.hamlet, [{ operator: 'has', operand: 'attachment', negated: true }])).toEqual(m(0, 3, 4, 5, 7, 8, 9, 10));
  });

  it('id picks one message, near filters nothing', () => {
    expect(idsOf(U.hamlet, [{ operator: 'id', operand: M[3]! }])).toEqual(m(3));
    expect(idsOf(U.hamlet, [['id', String(M[2])]])).toEqual([]);
    expect(idsOf(U.hamlet, [{ operator: 'id', operand: M[3]!, negated: true }, ['stream', 'Scotland']])).toEqual([]);
    expect(
      idsOf(U.hamlet, [
        ['near', String(M[3])],
        ['is', 'dm'],
      ]),
    ).toEqual(m(4, 5, 9));
  });

  it('search, words and phrases, negation ignored', () => {
    expect(idsOf(U.hamlet, [['search', 'THE']])).toEqual(m(0, 5));
    expect(
      idsOf(U.hamlet, [
        ['search', 'the'],
        ['search', 'ghost'],
      ]),
    ).toEqual(m(0));
    expect(idsOf(U.hamlet, [{ operator: 'search', operand: 'ghost', negated: true }])).toEqual(m(0));
    expect(idsOf(U.hamlet, [['search', '"three of"']])).toEqual(m(5));
    expect(idsOf(U.hamlet, [['search', 'plans']])).toEqual(m(8, 10));
  });

  it('with: the conversation of the message, whatever it is called now', () => {
    expect(idsOf(U.hamlet, [{ operator: 'with', operand: M[1]! }])).toEqual(m(0, 1));
    expect(idsOf(U.hamlet, [{ operator: 'with', operand: M[4]! }])).toEqual(m(4));
    expect(idsOf(U.iago, [{ operator: 'with', operand: M[4]! }])).toEqual(m(4));
  });
});

describe('anchors and found_* flags', () => {
  const all = m(0, 3, 4, 5, 7, 8, 9, 10);

  it('newest takes the last messages and has found_newest, never found_anchor', () => {
    expect(fetch(U.hamlet, [], { before: 3, after: 5 })).toMatchObject({
      anchor: LARGER_THAN_MAX_MESSAGE_ID,
      foundAnchor: false,
      foundOldest: false,
      foundNewest: true,
    });
    expect(idsOf(U.hamlet, [], { before: 3 })).toEqual(all.slice(-3));
    expect(fetch(U.hamlet, [], { before: 8 })).toMatchObject({ foundOldest: false, foundNewest: true });
    expect(fetch(U.hamlet, [], { before: 9 })).toMatchObject({ foundOldest: true, foundNewest: true });
  });

  it('oldest takes the first messages and has found_oldest, never found_anchor', () => {
    const result = fetch(U.hamlet, [], { anchor: 0, before: 4, after: 2 });
    expect(result).toMatchObject({ anchor: 0, foundAnchor: false, foundOldest: true, foundNewest: false });
    expect(result.messages.map(({ message }) => message.id)).toEqual(all.slice(0, 2));
  });

  it('an id anchor: found_anchor only when that message is in the narrow', () => {
    expect(fetch(U.hamlet, [], { anchor: M[5]!, before: 1, after: 1 })).toMatchObject({ anchor: M[5], foundAnchor: true });
    expect(idsOf(U.hamlet, [], { anchor: M[5]!, before: 1, after: 1 })).toEqual(m(4, 5, 7));
    expect(fetch(U.hamlet, [], { anchor: M[6]!, before: 1, after: 1 })).toMatchObject({ foundAnchor: false });
    expect(idsOf(U.hamlet, [], { anchor: M[6]!, before: 1, after: 1 })).toEqual(m(5, 7));
    expect(idsOf(U.hamlet, [], { anchor: M[5]!, before: 2, after: 0, includeAnchor: false })).toEqual(m(3, 4));
    expect(idsOf(U.hamlet, [], { anchor: M[5]!, before: 0, after: 2, includeAnchor: false })).toEqual(m(7, 8));
  });

  it('an anchor past the newest message behaves like any id', () => {
    expect(fetch(U.hamlet, [], { anchor: 1_000_000, before: 2, after: 2 })).toMatchObject({
      anchor: 1_000_000,
      foundAnchor: false,
      foundOldest: false,
      foundNewest: true,
    });
    expect(idsOf(U.hamlet, [], { anchor: 1_000_000, before: 2, after: 2 })).toEqual(all.slice(-2));
  });

  it('first_unread anchors at the first unread message of the narrow', () => {
    const result = fetch(U.hamlet, [], { anchor: 'first_unread', before: 1, after: 1 });
    expect(result).toMatchObject({ anchor: M[0], foundAnchor: true, foundOldest: true, foundNewest: false });
    expect(fetch(U.hamlet, [['stream', 'general']], { anchor: 'first_unread', before: 0, after: 0 })).toMatchObject({ anchor: M[7] });
  });

  it('first_unread without an unread message behaves as newest', () => {
    const result = fetch(
      U.hamlet,
      [
        ['is', 'dm'],
        ['sender', 'hamlet@chatref.test'],
      ],
      { anchor: 'first_unread', before: 5, after: 5 },
    );
    expect(result).toMatchObject({ anchor: LARGER_THAN_MAX_MESSAGE_ID, foundAnchor: false, foundNewest: true, foundOldest: true });
    expect(result.messages.map(({ message }) => message.id)).toEqual(m(4, 9));
  });

  it('first_unread skips muted channels unless the narrow names a channel or is about direct messages', () => {
    const muted = withMutedChannel(REALM, U.hamlet, C.denmark);
    const user = userOf(muted, U.hamlet);
    expect(firstUnreadMessageId(muted, user, narrowFor(muted, U.hamlet, []), NOW)).toBe(M[5]);
    expect(firstUnreadMessageId(muted, user, narrowFor(muted, U.hamlet, [['stream', 'Denmark']]), NOW)).toBe(M[0]);
    expect(firstUnreadMessageId(muted, user, narrowFor(muted, U.hamlet, [{ operator: 'stream', operand: 'general', negated: true }]), NOW)).toBe(M[0]);
    expect(firstUnreadMessageId(muted, user, narrowFor(muted, U.hamlet, [['is', 'dm']]), NOW)).toBe(M[5]);
  });

  it('message_ids: the listed messages the narrow returns, ascending', () => {
    const user = userOf(REALM, U.hamlet);
    const ids = fetchMessagesByIds(REALM, user, narrowFor(REALM, U.hamlet, []), [M[8]!, M[1]!, M[0]!, M[8]!, 999_999], NOW);
    expect(ids.map(({ message }) => message.id)).toEqual(m(0, 8));
    const history = fetchMessagesByIds(REALM, user, narrowFor(REALM, U.hamlet, [['stream', 'Denmark']]), [M[1]!, M[2]!], NOW);
    expect(history.map(({ message }) => message.id)).toEqual(m(1));
  });
});

describe('cost: a narrow reads only the index it needs', () => {
  const specs: MessageSpec[] = [];
  for (let index = 0; index < 3000; index++) {
    specs.push({
      sender: U.iago,
      channel: index % 3 === 0 ? C.denmark : C.general,
      topic: `topic ${index % 30}`,
      flags: index % 500 === 0 ? { [U.hamlet]: starred } : {},
    });
  }
  const big = withMessages(baseState(), specs);

  it('a topic narrow walks the topic’s own ids from the anchor', () => {
    const probe: QueryProbe = { visited: 0 };
    const result = fetch(
      U.hamlet,
      [
        ['stream', 'Denmark'],
        ['topic', 'topic 3'],
      ],
      { state: big.state, before: 5, probe },
    );
    expect(result.messages).toHaveLength(5);
    expect(probe).toEqual({ visited: 5, source: 'topic' });
  });

  it('a window in the middle reads one row more than it returns on the side of the anchor', () => {
    const probe: QueryProbe = { visited: 0 };
    const middle = big.ids[1500]!;
    const result = fetch(U.hamlet, [['stream', 'general']], { state: big.state, anchor: middle, before: 10, after: 10, probe });
    expect(result.messages).toHaveLength(20);
    expect(probe.source).toBe('channel');
    expect(probe.visited).toBe(21);
  });

  it('the combined feed walks the user’s rows, a flag narrow the flag’s ids', () => {
    const feed: QueryProbe = { visited: 0 };
    fetch(U.hamlet, [], { state: big.state, before: 50, probe: feed });
    expect(feed).toEqual({ visited: 50, source: 'rows' });
    const starredProbe: QueryProbe = { visited: 0 };
    expect(fetch(U.hamlet, [['is', 'starred']], { state: big.state, probe: starredProbe }).messages).toHaveLength(6);
    expect(starredProbe).toEqual({ visited: 6, source: 'starred' });
  });

  it('channels:public walks the realm’s messages from the anchor and stops', () => {
    const probe: QueryProbe = { visited: 0 };
    expect(fetch(U.hamlet, [['streams', 'public']], { state: big.state, before: 7, probe }).messages).toHaveLength(7);
    expect(probe).toEqual({ visited: 7, source: 'messages' });
  });

  it('a protected channel walks the smaller of the channel and the user’s rows', () => {
    const { state } = withMessages(big.state, [{ sender: U.iago, channel: C.scotland, topic: 'secret' }]);
    const probe: QueryProbe = { visited: 0 };
    expect(fetch(U.hamlet, [['stream', 'Scotland']], { state, probe }).messages).toHaveLength(1);
    expect(probe).toEqual({ visited: 1, source: 'channel' });
  });

  it('first_unread walks the unread ids', () => {
    const probe: QueryProbe = { visited: 0 };
    const user = userOf(big.state, U.hamlet);
    expect(firstUnreadMessageId(big.state, user, narrowFor(big.state, U.hamlet, []), NOW, probe)).toBe(big.ids[0]);
    expect(probe.visited).toBe(1);
  });
});
