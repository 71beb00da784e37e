import { describe, expect, it } from 'vitest';
import type { State } from '../state.js';
import { conversationKey } from '../tables/messages.js';
import { parseNarrow } from './parse.js';
import { resolveNarrow } from './resolve.js';
import type { ResolvedNarrow } from './terms.js';
import { baseState, C, NOW, U, userOf, withMessages, withMutedChannel } from './test-support.js';
import { cleanNarrowForFetch, renameEmptyTopicFallback } from './with.js';

function resolve(raw: unknown, userId: number = U.hamlet, state: State = baseState()) {
  const parsed = parseNarrow(raw);
  if (!parsed.ok) throw new Error(parsed.error.msg);
  return resolveNarrow(state, userOf(state, userId), parsed.value, NOW);
}

function resolved(raw: unknown, userId: number = U.hamlet, state: State = baseState()): ResolvedNarrow {
  const result = resolve(raw, userId, state);
  if (!result.ok) throw new Error(result.error.msg);
  return result.value;
}

function badNarrow(raw: unknown, userId: number = U.hamlet, state: State = baseState()) {
  const result = resolve(raw, userId, state);
  if (result.ok) throw new Error(`expected an error for ${JSON.stringify(raw)}`);
  return result.error;
}

function clean(raw: unknown, userId: number, state: State) {
  const parsed = parseNarrow(raw);
  if (!parsed.ok) throw new Error(parsed.error.msg);
  return cleanNarrowForFetch(state, userOf(state, userId), parsed.value, NOW);
}

describe('resolveNarrow (reference server-messages-channels §6.2)', () => {
  it('resolves channels by id or name, legacy operator names included', () => {
    expect(resolved([['stream', 'denmark']]).terms).toEqual([{ kind: 'channel', negated: false, channelId: C.denmark }]);
    expect(resolved([{ operator: 'channel', operand: C.scotland }]).terms).toEqual([{ kind: 'channel', negated: false, channelId: C.scotland }]);
    expect(resolved([{ operator: 'streams', operand: 'web-public' }]).terms).toEqual([{ kind: 'channels', negated: false, which: 'web-public' }]);
  });

  it('resolves users by id or address, system bots included', () => {
    const state = baseState();
    const bot = state.systemBots.notificationBot;
    expect(resolved([{ operator: 'sender', operand: 'iago@chatref.test' }]).terms).toEqual([{ kind: 'sender', negated: false, userId: U.iago }]);
    expect(resolved([{ operator: 'sender', operand: bot.id }]).terms).toEqual([{ kind: 'sender', negated: false, userId: bot.id }]);
    expect(resolved([{ operator: 'sender', operand: bot.deliveryEmail.toUpperCase() }]).terms).toEqual([{ kind: 'sender', negated: false, userId: bot.id }]);
    expect(resolved([{ operator: 'dm-including', operand: U.othello }]).terms).toEqual([{ kind: 'dm-including', negated: false, userId: U.othello }]);
    // Cordelia hides her address: her placeholder names her.
    expect(resolved([['group-pm-with', 'user5@chatref.test']]).terms).toEqual([{ kind: 'group-pm-with', negated: false, userId: U.cordelia }]);
  });

  it('resolves dm to the conversation with the user added, by ids or a list of addresses', () => {
    expect(resolved([{ operator: 'dm', operand: [U.iago] }]).terms).toEqual([
      { kind: 'dm', negated: false, conversation: conversationKey([U.hamlet, U.iago]) },
    ]);
    expect(resolved([['pm-with', 'iago@chatref.test,desdemona@chatref.test']]).terms).toEqual([
      { kind: 'dm', negated: false, conversation: conversationKey([U.desdemona, U.hamlet, U.iago]) },
    ]);
    expect(resolved([{ operator: 'dm', operand: [U.hamlet] }]).terms).toEqual([{ kind: 'dm', negated: false, conversation: String(U.hamlet) }]);
    expect(resolved([{ operator: 'dm', operand: [] }]).terms).toEqual([{ kind: 'dm', negated: false, conversation: null }]);
  });

  it('drops the terms that never filter', () => {
    expect(
      resolved([
        { operator: 'near', operand: '12' },
        { operator: 'in', operand: 'all', negated: true },
      ]).terms,
    ).toEqual([]);
  });

  it('reads is:private as is:dm and keeps the other is operands', () => {
    expect(resolved([['is', 'private']]).terms).toEqual([{ kind: 'is', negated: false, operand: 'dm' }]);
    for (const operand of ['starred', 'unread', 'mentioned', 'alerted', 'resolved', 'followed', 'muted']) {
      expect(resolved([['is', operand]]).terms).toEqual([{ kind: 'is', negated: false, operand }]);
    }
  });

  it('joins every search operand into one query and drops their negation', () => {
    const narrow = resolved([
      { operator: 'search', operand: 'Castle "the ghost"' },
      { operator: 'sender', operand: U.iago },
      { operator: 'search', operand: 'walls', negated: true },
    ]);
    expect(narrow.search).toEqual({ words: ['castle', 'the', 'ghost', 'walls'], phrases: ['the ghost'] });
    expect(narrow.terms).toEqual([{ kind: 'sender', negated: false, userId: U.iago }]);
  });

  it('names unknown operators and operands as the real server does', () => {
    expect(badNarrow([['colour', 'blue']])).toEqual({
      status: 400,
      code: 'BAD_NARROW',
      msg: 'Invalid narrow operator: unknown operator colour',
      data: { desc: 'unknown operator colour' },
    });
    expect(badNarrow([['is', 'important']]).msg).toBe("Invalid narrow operator: unknown 'is' operand important");
    expect(badNarrow([['has', 'poll']]).msg).toBe("Invalid narrow operator: unknown 'has' operand poll");
    expect(badNarrow([['in', 'away']]).msg).toBe("Invalid narrow operator: unknown 'in' operand away");
    expect(badNarrow([['streams', 'private']]).msg).toBe('Invalid narrow operator: unknown channels operand private');
    expect(badNarrow([['stream', 'Atlantis']]).msg).toBe('Invalid narrow operator: unknown channel Atlantis');
    expect(badNarrow([{ operator: 'channel', operand: 999 }]).msg).toBe('Invalid narrow operator: unknown channel 999');
    expect(badNarrow([{ operator: 'sender', operand: 999 }]).msg).toBe('Invalid narrow operator: unknown user 999');
    expect(badNarrow([['dm-including', 'nobody@chatref.test']]).msg).toBe('Invalid narrow operator: unknown user nobody@chatref.test');
    expect(badNarrow([{ operator: 'dm', operand: [5, 999] }]).msg).toBe('Invalid narrow operator: unknown user in [5, 999]');
    expect(badNarrow([['dm', 'iago@chatref.test,nobody']]).msg).toBe('Invalid narrow operator: unknown user in iago@chatref.test,nobody');
    expect(badNarrow([['id', '12a']]).msg).toBe('Invalid narrow operator: Invalid message ID');
    expect(badNarrow([{ operator: 'id', operand: -3 }]).msg).toBe('Invalid narrow operator: Invalid message ID');
    expect(badNarrow([{ operator: 'id', operand: 2_147_483_648 }]).msg).toBe('Invalid narrow operator: Invalid message ID');
    // Without the GET /messages rewrite, `with` is an unknown operator (matches_narrow).
    expect(badNarrow([{ operator: 'with', operand: 1 }]).msg).toBe('Invalid narrow operator: unknown operator with');
  });

  it('reports the first bad term, in order', () => {
    expect(
      badNarrow([
        ['is', 'important'],
        ['stream', 'Atlantis'],
      ]).msg,
    ).toBe("Invalid narrow operator: unknown 'is' operand important");
    expect(
      badNarrow([
        ['stream', 'Atlantis'],
        ['is', 'important'],
      ]).msg,
    ).toBe('Invalid narrow operator: unknown channel Atlantis');
  });

  it('refuses terms requiring both a channel message and a direct message, unless negated', () => {
    const both = 'Invalid narrow operator: No message can be both a channel message and direct message';
    expect(
      badNarrow([
        ['topic', 'castle'],
        ['is', 'dm'],
      ]).msg,
    ).toBe(both);
    expect(badNarrow([{ operator: 'dm', operand: [U.iago] }, ['streams', 'public']]).msg).toBe(both);
    expect(
      badNarrow([
        ['dm-including', 'iago@chatref.test'],
        ['stream', 'Denmark'],
      ]).msg,
    ).toBe(both);
    // The check comes before the channel lookup.
    expect(
      badNarrow([
        ['is', 'dm'],
        ['stream', 'Atlantis'],
      ]).msg,
    ).toBe(both);
    // A negated term takes no side: excluding direct messages from a conversation narrow is allowed (and finds nothing).
    expect(
      resolve([
        { operator: 'is', operand: 'dm', negated: true },
        { operator: 'dm', operand: [U.iago] },
      ]).ok,
    ).toBe(true);
    expect(resolve([{ operator: 'topic', operand: 'castle', negated: true }, ['is', 'dm']]).ok).toBe(true);
    expect(resolve([['stream', 'Denmark'], { operator: 'dm', operand: [U.iago], negated: true }]).ok).toBe(true);
  });

  it('reads public history only for a channel whose history the user may read, or all public channels, and never with an is term', () => {
    expect(resolved([['stream', 'Denmark']]).includeHistory).toBe(true);
    expect(resolved([['stream', 'Denmark']], U.polonius).includeHistory).toBe(true);
    expect(resolved([['stream', 'general']], U.polonius).includeHistory).toBe(false);
    expect(resolved([['stream', 'Scotland']], U.hamlet).includeHistory).toBe(false);
    expect(resolved([['stream', 'moderation']], U.iago).includeHistory).toBe(true);
    expect(resolved([['stream', 'moderation']], U.hamlet).includeHistory).toBe(false);
    expect(resolved([['streams', 'public']]).includeHistory).toBe(true);
    expect(resolved([['streams', 'public']], U.polonius).includeHistory).toBe(false);
    expect(resolved([{ operator: 'stream', operand: 'Denmark', negated: true }]).includeHistory).toBe(false);
    expect(
      resolved([
        ['stream', 'Denmark'],
        ['is', 'starred'],
      ]).includeHistory,
    ).toBe(false);
    expect(
      resolved([
        ['stream', 'Denmark'],
        ['is', 'resolved'],
      ]).includeHistory,
    ).toBe(true);
    expect(resolved([['sender', 'iago@chatref.test']]).includeHistory).toBe(false);
    expect(resolved([]).includeHistory).toBe(false);
  });

  it('keeps what first_unread needs: direct-message narrows, named channels, muted channels', () => {
    const muted = withMutedChannel(baseState(), U.hamlet, C.denmark);
    const narrow = resolved([{ operator: 'stream', operand: 'general', negated: true }], U.hamlet, muted);
    expect(narrow).toMatchObject({ isDmNarrow: false, namesChannel: true, mutedChannelIds: new Set([C.denmark]) });
    expect(resolved([['is', 'dm']])).toMatchObject({ isDmNarrow: true, namesChannel: false });
    expect(resolved([{ operator: 'is', operand: 'dm', negated: true }])).toMatchObject({ isDmNarrow: false });
  });
});

describe('cleanNarrowForFetch (GET /messages only)', () => {
  it('reads the first topic named "general chat" as the empty topic', () => {
    expect(
      renameEmptyTopicFallback([
        { operator: 'topic', operand: 'general chat', negated: false },
        { operator: 'topic', operand: 'general chat', negated: true },
      ]),
    ).toEqual([
      { operator: 'topic', operand: '', negated: false },
      { operator: 'topic', operand: 'general chat', negated: true },
    ]);
  });

  const { state, ids } = withMessages(baseState(), [
    { sender: U.iago, channel: C.denmark, topic: 'Castle' },
    { sender: U.iago, to: [U.hamlet] },
    { sender: U.iago, channel: C.scotland, topic: 'secret', rows: [U.iago] },
    { sender: U.iago, to: [U.hamlet, U.cordelia] },
  ]);
  const [channelMessage, directMessage, hiddenMessage, groupMessage] = ids as [number, number, number, number];

  it('rewrites `with` into the channel and topic of the message, replacing conversation terms', () => {
    const narrow = [
      { operator: 'with', operand: String(channelMessage) },
      { operator: 'stream', operand: 'general' },
      { operator: 'topic', operand: 'other' },
      { operator: 'is', operand: 'starred' },
    ];
    expect(clean(narrow, U.hamlet, state)).toEqual({
      ok: true,
      value: [
        { operator: 'channel', operand: C.denmark, negated: false },
        { operator: 'topic', operand: 'Castle', negated: false },
        { operator: 'is', operand: 'starred', negated: false },
      ],
    });
  });

  it('rewrites `with` into the direct-message conversation that holds the message', () => {
    expect(clean([{ operator: 'with', operand: directMessage }], U.hamlet, state)).toEqual({
      ok: true,
      value: [{ operator: 'dm', operand: [U.iago, U.hamlet].sort((a, b) => a - b), negated: false }],
    });
    expect(clean([{ operator: 'with', operand: groupMessage }], U.cordelia, state)).toMatchObject({
      ok: true,
      value: [{ operator: 'dm', operand: [U.iago, U.hamlet, U.cordelia].sort((a, b) => a - b) }],
    });
  });

  it('keeps the other terms for a message the user cannot read when they pick a conversation, else refuses', () => {
    const keep = [
      { operator: 'with', operand: hiddenMessage },
      { operator: 'stream', operand: 'Scotland' },
      { operator: 'topic', operand: 'secret' },
    ];
    expect(clean(keep, U.cordelia, state)).toEqual({
      ok: true,
      value: [
        { operator: 'stream', operand: 'Scotland', negated: false },
        { operator: 'topic', operand: 'secret', negated: false },
      ],
    });
    expect(clean([{ operator: 'with', operand: 999_999 }, ['dm', 'iago@chatref.test']], U.hamlet, state)).toMatchObject({ ok: true });
    expect(clean([{ operator: 'with', operand: hiddenMessage }, ['stream', 'Scotland']], U.cordelia, state)).toMatchObject({
      ok: false,
      error: { code: 'BAD_NARROW', msg: "Invalid narrow operator: Invalid 'with' operator" },
    });
    expect(clean([{ operator: 'with', operand: 'twelve' }], U.hamlet, state)).toMatchObject({
      ok: false,
      error: { code: 'BAD_NARROW', msg: "Invalid narrow operator: Invalid 'with' operator" },
    });
  });

  it('refuses two `with` terms', () => {
    expect(
      clean(
        [
          ['with', '1'],
          ['with', '2'],
        ],
        U.hamlet,
        state,
      ),
    ).toEqual({
      ok: false,
      error: {
        status: 400,
        code: 'BAD_NARROW',
        msg: "Invalid narrow operator combination: Duplicate 'with' operators.",
        data: { desc: "Duplicate 'with' operators." },
      },
    });
  });
});
