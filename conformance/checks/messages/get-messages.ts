/** GET /messages: anchors, the found_* flags, include_anchor, the 5000 cap, message_ids and the parameter errors. */

import { type CheckContext, defineChecks } from '../../check.js';
import { type Body, expectEqual, expectError } from '../../expect.js';
import { channelOperator } from '../../feature-level.js';
import { channelWith, fetchMessages, idsOf, LIST, MISSING_MESSAGE_ID, messagesChannel, sendToChannel, type Term, wire } from './support.js';

type Window = {
  readonly anchor: string | number;
  readonly num_before: number;
  readonly num_after: number;
  readonly include_anchor?: boolean;
};

/**
 * Five messages by the member in one topic of a channel the other member is
 * also in (the other member has read none), and `gap`: the id of a message
 * sent elsewhere between the third and the fourth. The topic keeps out the
 * notices a server may post when the channel is created.
 */
async function fiveMessages(ctx: CheckContext): Promise<{ ids: number[]; gap: number; narrow: Term[] }> {
  const { member, otherMember } = ctx.cast;
  const channel = await channelWith(ctx, member, 'window', [member, otherMember]);
  const ids: number[] = [];
  let gap = 0;
  for (let index = 1; index <= 5; index += 1) {
    ids.push(await sendToChannel(ctx, member, channel.id, 'window', `message ${index}`));
    if (index === 3) gap = await sendToChannel(ctx, member, (await messagesChannel(ctx)).id, ctx.unique('gap'), 'between the third and the fourth');
  }
  const narrow = [
    { operator: channelOperator(ctx.featureLevel), operand: channel.id },
    { operator: 'topic', operand: 'window' },
  ];
  return { ids, gap, narrow };
}

function found(body: Body): [unknown, unknown, unknown] {
  return [body['found_anchor'], body['found_oldest'], body['found_newest']];
}

async function anchors(ctx: CheckContext): Promise<void> {
  const { otherMember } = ctx.cast;
  const { ids, gap, narrow } = await fiveMessages(ctx);
  const [m1, m2, m3, m4, m5] = ids as [number, number, number, number, number];
  const cases: [Window, number[], [boolean, boolean, boolean]][] = [
    [{ anchor: m3, num_before: 1, num_after: 1 }, [m2, m3, m4], [true, false, false]],
    [{ anchor: m3, num_before: 5, num_after: 5 }, [m1, m2, m3, m4, m5], [true, true, true]],
    [{ anchor: m3, num_before: 2, num_after: 2 }, [m1, m2, m3, m4, m5], [true, false, false]],
    [{ anchor: m3, num_before: 10, num_after: 0 }, [m1, m2, m3], [true, true, false]],
    [{ anchor: m3, num_before: 0, num_after: 0 }, [m3], [true, false, false]],
    [{ anchor: 'oldest', num_before: 0, num_after: 2 }, [m1, m2], [false, true, false]],
    [{ anchor: 'oldest', num_before: 3, num_after: 10 }, [m1, m2, m3, m4, m5], [false, true, true]],
    [{ anchor: -7, num_before: 0, num_after: 2 }, [m1, m2], [false, true, false]],
    [{ anchor: 'newest', num_before: 2, num_after: 0 }, [m4, m5], [false, false, true]],
    [{ anchor: 'newest', num_before: 6, num_after: 3 }, [m1, m2, m3, m4, m5], [false, true, true]],
    [{ anchor: 'first_unread', num_before: 0, num_after: 1 }, [m1, m2], [true, false, false]],
  ];
  for (const [window, expected, flags] of cases) {
    const body = await fetchMessages(ctx, otherMember, window, narrow, 'messages.list.anchors');
    const what = `GET /messages with ${JSON.stringify(window)} over ${JSON.stringify(ids)}`;
    expectEqual(idsOf(body), expected, `${what}: the ids`, 'messages.list.anchors');
    expectEqual(found(body), flags, `${what}: [found_anchor, found_oldest, found_newest]`, 'messages.list.found');
  }
  const between = await fetchMessages(ctx, otherMember, { anchor: gap, num_before: 1, num_after: 1 }, narrow);
  expectEqual([idsOf(between), ...found(between)], [[m3, m4], false, false, false], 'the window around an id outside the narrow', 'messages.list.found');
  const numeric = await fetchMessages(ctx, otherMember, { anchor: m3, num_before: 0, num_after: 0 }, narrow);
  expectEqual(numeric['anchor'], m3, 'the anchor echoed', 'messages.list.anchors');
  const firstUnread = await fetchMessages(ctx, otherMember, { anchor: 'first_unread', num_before: 0, num_after: 0 }, narrow);
  expectEqual(firstUnread['anchor'], m1, 'the anchor first_unread resolved to', 'messages.list.anchors');
}

async function includeAnchor(ctx: CheckContext): Promise<void> {
  const { otherMember } = ctx.cast;
  const { ids, narrow } = await fiveMessages(ctx);
  const [m1, m2, m3, m4, m5] = ids as [number, number, number, number, number];
  const before = await fetchMessages(ctx, otherMember, { anchor: m3, num_before: 2, num_after: 0, include_anchor: false }, narrow);
  expectEqual([idsOf(before), ...found(before)], [[m1, m2], false, false, false], 'the two before m3, without it', 'messages.list.include-anchor');
  const after = await fetchMessages(ctx, otherMember, { anchor: m3, num_before: 0, num_after: 5, include_anchor: false }, narrow);
  expectEqual([idsOf(after), ...found(after)], [[m4, m5], false, false, true], 'those after m3, without it', 'messages.list.include-anchor');
  expectError(
    await ctx.call(otherMember, 'GET', '/messages', wire({ anchor: m3, num_before: 1, num_after: 1, include_anchor: false, narrow })),
    400,
    'BAD_REQUEST',
    'The anchor can only be excluded at an end of the range',
    'messages.list.include-anchor',
  );
}

async function parameterErrors(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const get = (params: Readonly<Record<string, unknown>>) => ctx.call(member, 'GET', '/messages', wire(params));
  expectError(await get({ num_before: 1, num_after: 0 }), 400, 'BAD_REQUEST', "Missing 'anchor' argument.", 'messages.list.anchor-required');
  for (const anchor of ['yesterday', '12abc', '']) {
    expectError(await get({ anchor, num_before: 1, num_after: 0 }), 400, 'BAD_REQUEST', 'Invalid anchor', 'messages.list.anchor-invalid');
  }
  const tooMany = 'Too many messages requested (maximum 5000).';
  expectError(await get({ anchor: 'newest', num_before: 4999, num_after: 2 }), 400, 'BAD_REQUEST', tooMany, 'messages.list.limit');
  expectError(await get({ anchor: 'oldest', num_before: 0, num_after: 5001 }), 400, 'BAD_REQUEST', tooMany, 'messages.list.limit');
  await fetchMessages(ctx, member, { anchor: 'newest', num_before: 5000, num_after: 0 }, undefined, 'messages.list.limit');
  await fetchMessages(ctx, member, { anchor: 'oldest', num_before: 2500, num_after: 2500 }, undefined, 'messages.list.limit');
}

async function messageIds(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const { ids } = await fiveMessages(ctx);
  const [m1, , m3, , m5] = ids as [number, number, number, number, number];
  const hidden = await channelWith(ctx, member, 'hidden-ids', [member], { invite_only: true });
  const secret = await sendToChannel(ctx, member, hidden.id, 'secret', 'only for the member');
  const body = await fetchMessages(ctx, otherMember, { message_ids: [m5, m1, MISSING_MESSAGE_ID, secret, m3] }, undefined, 'messages.list.message-ids');
  expectEqual(idsOf(body), [m1, m3, m5], 'the readable listed messages, oldest first', 'messages.list.message-ids');
  expectError(
    await ctx.call(otherMember, 'GET', '/messages', wire({ message_ids: [m1], anchor: 'newest' })),
    400,
    'BAD_REQUEST',
    /^Unsupported parameter combination: /,
    'messages.list.message-ids',
  );
}

export const GET_MESSAGES_CHECKS = defineChecks([
  {
    id: 'messages.list.anchors',
    title:
      'Given five messages, when they are fetched around ids, oldest, newest, a negative anchor and first_unread, then the ids and found_* are as the real server gives',
    clauses: ['messages.list.anchors', 'messages.list.found'],
    level: 'compat',
    endpoint: LIST,
    run: anchors,
  },
  {
    id: 'messages.list.include-anchor',
    title: 'Given five messages, include_anchor=false leaves the anchor out at either end, and is refused with messages on both sides',
    clauses: ['messages.list.include-anchor', 'messages.list.found'],
    level: 'compat',
    endpoint: LIST,
    run: includeAnchor,
  },
  {
    id: 'messages.list.parameter-errors',
    title: 'A missing or malformed anchor is refused, and so is asking for more than 5000 messages; exactly 5000 is allowed',
    clauses: ['messages.list.anchor-required', 'messages.list.anchor-invalid', 'messages.list.limit'],
    level: 'compat',
    endpoint: LIST,
    run: parameterErrors,
  },
  {
    id: 'messages.list.message-ids',
    title: 'Given message_ids with readable, missing and private ids, then exactly the readable ones come back; with an anchor it is refused',
    clauses: ['messages.list.message-ids'],
    level: 'compat',
    endpoint: LIST,
    run: messageIds,
  },
]);
