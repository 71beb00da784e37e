/**
 * The indexed query against its definition: for random realms, narrows and
 * anchors, walking the chosen index gives what filtering every message of
 * the realm with the same predicate and access rule, then cutting the
 * sorted list at the anchor, gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLAG_BITS } from '../rules/message-flags.js';
import type { State, User } from '../state.js';
import { rows } from '../tables/table.js';
import { narrowAccessFlags, rowAccessFlags } from './access.js';
import type { Anchor } from './anchor.js';
import { parseNarrow } from './parse.js';
import { messageMatchesNarrow } from './predicate.js';
import { fetchMessagesByIds, fetchNarrowedMessages, firstUnreadMessageId } from './query.js';
import { LARGER_THAN_MAX_MESSAGE_ID } from './range.js';
import { resolveNarrow } from './resolve.js';
import type { ResolvedNarrow } from './terms.js';
import { baseState, C, type MessageSpec, NOW, U, userOf, withMessages, withMutedChannel, withoutSubscription, withSubscription } from './test-support.js';
import { cleanNarrowForFetch } from './with.js';

const USERS = Object.values(U);
const CHANNELS = Object.values(C);
const TOPICS = ['castle', 'Castle', 'walls', '✔ walls', '', 'ghost story'];
const WORDS = ['ghost', 'castle', 'night', 'watch', 'king', 'the'];
const FLAGS = [FLAG_BITS.read, FLAG_BITS.starred, FLAG_BITS.mentioned, FLAG_BITS.stream_wildcard_mentioned, FLAG_BITS.has_alert_word];

const flagBits = fc.subarray(FLAGS).map((bits) => bits.reduce((all, bit) => all | bit, 0));

const messageSpec: fc.Arbitrary<MessageSpec> = fc
  .record({
    sender: fc.constantFrom(...USERS),
    channel: fc.option(fc.constantFrom(...CHANNELS), { nil: undefined }),
    topic: fc.constantFrom(...TOPICS),
    to: fc.subarray(USERS, { maxLength: 3 }),
    words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }),
    hasLink: fc.boolean(),
    hasImage: fc.boolean(),
    hasAttachment: fc.boolean(),
    reacted: fc.boolean(),
    holders: fc.subarray(USERS),
    flags: fc.array(flagBits, { minLength: USERS.length, maxLength: USERS.length }),
  })
  .map(({ sender, channel, topic, to, words, hasLink, hasImage, hasAttachment, reacted, holders, flags }) => {
    const participants = [...new Set([sender, ...to])];
    // Direct messages reach every participant; channel messages whoever the generator picked.
    const rowHolders = channel === undefined ? participants : holders;
    return {
      sender,
      ...(channel === undefined ? { to } : { channel, topic }),
      content: words.join(' '),
      hasLink,
      hasImage,
      hasAttachment,
      reactedBy: reacted ? [sender] : [],
      rows: rowHolders,
      flags: Object.fromEntries(rowHolders.map((userId) => [userId, flags[USERS.indexOf(userId as (typeof USERS)[number])]!])),
    };
  });

/** A realm as data, so that a counterexample prints readably; built into a State inside the property. */
const realm = fc.record({
  messages: fc.array(messageSpec, { maxLength: 60 }),
  mutes: fc.array(fc.tuple(fc.constantFrom(...USERS), fc.constantFrom(...CHANNELS)), { maxLength: 3 }),
  joins: fc.array(fc.tuple(fc.constantFrom(...USERS), fc.constantFrom(...CHANNELS)), { maxLength: 3 }),
  leaves: fc.array(fc.tuple(fc.constantFrom(...USERS), fc.constantFrom(...CHANNELS)), { maxLength: 3 }),
});

type RealmData = typeof realm extends fc.Arbitrary<infer T> ? T : never;

function build({ messages, mutes, joins, leaves }: RealmData): State {
  let state = baseState();
  for (const [userId, channelId] of joins) state = withSubscription(state, userId, channelId);
  for (const [userId, channelId] of leaves) state = withoutSubscription(state, userId, channelId);
  for (const [userId, channelId] of mutes) state = withMutedChannel(state, userId, channelId);
  return withMessages(state, messages).state;
}

const first = baseState().counters.nextMessageId;

function termOf(operator: string, operand: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.record({ operator: fc.constant(operator), operand, negated: fc.boolean() });
}

const userOperand = fc.oneof(fc.constantFrom(...USERS), fc.constantFrom('iago@chatref.test', 'hamlet@chatref.test', 'user5@chatref.test', 999));
const messageOperand = fc.integer({ min: first - 1, max: first + 61 });

const term: fc.Arbitrary<unknown> = fc.oneof(
  termOf('channel', fc.oneof(fc.constantFrom(...CHANNELS), fc.constantFrom('Denmark', 'general', 'scotland', 'Verona', 'moderation'))),
  termOf('stream', fc.constantFrom('Denmark', 'Elsinore', 4)),
  termOf('channels', fc.constantFrom('public', 'web-public')),
  termOf('topic', fc.constantFrom(...TOPICS, 'general chat')),
  termOf('sender', userOperand),
  termOf('dm', fc.oneof(fc.subarray(USERS, { maxLength: 3 }), fc.constantFrom('iago@chatref.test', 'iago@chatref.test,hamlet@chatref.test'))),
  termOf('dm-including', userOperand),
  termOf('group-pm-with', userOperand),
  termOf('is', fc.constantFrom('dm', 'private', 'starred', 'unread', 'mentioned', 'alerted', 'resolved', 'followed', 'muted')),
  termOf('has', fc.constantFrom('link', 'image', 'attachment', 'reaction')),
  termOf('in', fc.constantFrom('home', 'all')),
  termOf('id', messageOperand),
  termOf('near', messageOperand.map(String)),
  termOf('search', fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom('"ghost castle"', 'night "the"', 'KING watch'))),
  termOf('with', messageOperand),
);

const anchor: fc.Arbitrary<Anchor> = fc.oneof(
  fc.constantFrom<Anchor>(0, LARGER_THAN_MAX_MESSAGE_ID, 'first_unread', 1_000_000),
  fc.integer({ min: first - 2, max: first + 62 }),
);

const request = fc.record({ anchor, numBefore: fc.nat(10), numAfter: fc.nat(10), includeAnchor: fc.boolean() }).map((value) =>
  // Excluding the anchor with both sides is refused before any query.
  value.numBefore > 0 && value.numAfter > 0 ? { ...value, includeAnchor: true } : value,
);

function prepare(state: State, user: User, raw: unknown): ResolvedNarrow | undefined {
  const parsed = parseNarrow(raw);
  if (!parsed.ok) throw new Error(parsed.error.msg);
  const cleaned = cleanNarrowForFetch(state, user, parsed.value, NOW);
  const narrow = cleaned.ok ? resolveNarrow(state, user, cleaned.value, NOW) : undefined;
  return narrow?.ok ? narrow.value : undefined;
}

/** Every message the narrow returns, by brute force: the same predicate and access rule on each message of the realm, ascending. */
function everyMatch(state: State, user: User, narrow: ResolvedNarrow): Array<{ id: number; flags: number }> {
  const matches: Array<{ id: number; flags: number }> = [];
  for (const message of rows(state.messages)) {
    const flags = narrowAccessFlags(state, user, narrow, message, NOW);
    if (flags !== undefined && messageMatchesNarrow(state, narrow, message, flags)) matches.push({ id: message.id, flags });
  }
  return matches;
}

function naiveFirstUnread(state: State, user: User, narrow: ResolvedNarrow): number | undefined {
  for (const message of rows(state.messages)) {
    const flags = rowAccessFlags(state, user, message, NOW);
    if (flags === undefined || (flags & FLAG_BITS.read) !== 0) continue;
    const muted = message.channelId !== null && narrow.mutedChannelIds.has(message.channelId);
    if (muted && !narrow.isDmNarrow && !narrow.namesChannel) continue;
    if (messageMatchesNarrow(state, narrow, message, flags)) return message.id;
  }
  return undefined;
}

/** The window by its definition (derived case by case from the real server's two queries and its post-processing). */
function naiveWindow(ids: readonly number[], anchorId: number, numBefore: number, numAfter: number, includeAnchor: boolean) {
  if (anchorId >= LARGER_THAN_MAX_MESSAGE_ID) {
    return { ids: numBefore > 0 ? ids.slice(-numBefore) : [], foundAnchor: false, foundOldest: numBefore > 0 && ids.length < numBefore, foundNewest: true };
  }
  if (anchorId === 0) {
    return { ids: numAfter > 0 ? ids.slice(0, numAfter) : [], foundAnchor: false, foundOldest: true, foundNewest: numAfter > 0 && ids.length < numAfter };
  }
  const before = ids.filter((id) => id < anchorId);
  const after = ids.filter((id) => id > anchorId);
  const withAnchor = ids.includes(anchorId) && (includeAnchor || (numBefore === 0 && numAfter === 0));
  return {
    ids: [...(numBefore > 0 ? before.slice(-numBefore) : []), ...(withAnchor ? [anchorId] : []), ...(numAfter > 0 ? after.slice(0, numAfter) : [])],
    foundAnchor: withAnchor,
    foundOldest: numBefore > 0 && before.length < numBefore,
    foundNewest: numAfter > 0 && after.length < numAfter,
  };
}

describe('narrowed fetch = brute-force filter (property)', () => {
  it('returns the same window, flags, anchor and found_* flags', () => {
    fc.assert(
      fc.property(realm, fc.constantFrom(...USERS), fc.array(term, { maxLength: 2 }), request, (data, userId, raw, req) => {
        const state = build(data);
        const user = userOf(state, userId);
        const narrow = prepare(state, user, raw);
        fc.pre(narrow !== undefined);
        const result = fetchNarrowedMessages(state, user, narrow!, req, NOW);

        const matches = everyMatch(state, user, narrow!);
        const anchorId = req.anchor === 'first_unread' ? (naiveFirstUnread(state, user, narrow!) ?? LARGER_THAN_MAX_MESSAGE_ID) : req.anchor;
        const expected = naiveWindow(
          matches.map(({ id }) => id),
          anchorId,
          req.numBefore,
          req.numAfter,
          req.includeAnchor,
        );
        const flagsById = new Map(matches.map(({ id, flags }) => [id, flags]));
        expect({
          anchor: result.anchor,
          ids: result.messages.map(({ message }) => message.id),
          flags: result.messages.map(({ flags }) => flags),
          foundAnchor: result.foundAnchor,
          foundOldest: result.foundOldest,
          foundNewest: result.foundNewest,
        }).toEqual({ anchor: anchorId, ...expected, flags: expected.ids.map((id) => flagsById.get(id)) });
      }),
      { numRuns: 400 },
    );
  });

  it('agrees on first_unread and on message_ids', () => {
    fc.assert(
      fc.property(realm, fc.constantFrom(...USERS), fc.array(term, { maxLength: 3 }), fc.array(messageOperand, { maxLength: 8 }), (data, userId, raw, ids) => {
        const state = build(data);
        const user = userOf(state, userId);
        const narrow = prepare(state, user, raw);
        fc.pre(narrow !== undefined);
        expect(firstUnreadMessageId(state, user, narrow!, NOW)).toBe(naiveFirstUnread(state, user, narrow!));
        const listed = new Set(ids);
        const expected = everyMatch(state, user, narrow!).filter(({ id }) => listed.has(id));
        expect(fetchMessagesByIds(state, user, narrow!, ids, NOW).map(({ message, flags }) => ({ id: message.id, flags }))).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
