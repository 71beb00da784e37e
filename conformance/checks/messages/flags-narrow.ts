/** POST /messages/flags/narrow: a window of a narrow marked at once, the counts it answers, and the unsubscribed-channel skip. */

import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectSuccess } from '../../expect.js';
import { channelOperator } from '../../feature-level.js';
import { flagsOfEach, UPDATE_FLAGS_NARROW, updateFlagsForNarrow } from './flags-support.js';
import { channelWith, sendToChannel } from './support.js';

const WINDOW_FIELDS = ['processed_count', 'updated_count', 'first_processed_id', 'last_processed_id', 'found_oldest', 'found_newest'];

function pick(body: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, body[key]]));
}

async function window(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await channelWith(ctx, member, 'flags-narrow', [member, otherMember]);
  const ids: number[] = [];
  for (const line of ['one', 'two', 'three', 'four']) ids.push(await sendToChannel(ctx, otherMember, channel.id, 'window', line));
  await sendToChannel(ctx, otherMember, channel.id, 'elsewhere', 'another topic');
  const narrow = [
    { operator: channelOperator(ctx.featureLevel), operand: channel.id },
    { operator: 'topic', operand: 'window' },
  ];
  const first = expectSuccess(
    await updateFlagsForNarrow(ctx, member, { anchor: 'oldest', num_before: 0, num_after: 2, narrow, op: 'add', flag: 'read' }),
    'messages.flags-narrow.window',
  );
  expectEqual(
    pick(first, WINDOW_FIELDS),
    { processed_count: 2, updated_count: 2, first_processed_id: ids[0], last_processed_id: ids[1], found_oldest: true, found_newest: false },
    'the answer for the oldest two',
    'messages.flags-narrow.window',
  );
  expectEqual(await flagsOfEach(ctx, member, ids), [['read'], ['read'], [], []], 'the flags after marking the oldest two read', 'messages.flags-narrow.window');
  const rest = expectSuccess(
    await updateFlagsForNarrow(ctx, member, { anchor: String(ids[0]), include_anchor: true, num_before: 0, num_after: 10, narrow, op: 'add', flag: 'read' }),
    'messages.flags-narrow.window',
  );
  expectEqual(
    pick(rest, WINDOW_FIELDS),
    { processed_count: 4, updated_count: 2, first_processed_id: ids[0], last_processed_id: ids[3], found_oldest: false, found_newest: true },
    'the answer for the window from the first on (two of four already read)',
    'messages.flags-narrow.window',
  );
  expectEqual(
    await flagsOfEach(ctx, member, ids),
    [['read'], ['read'], ['read'], ['read']],
    'the flags after marking the rest',
    'messages.flags-narrow.window',
  );
  // The sender sent through the API, so the messages stay unread for them: the update was the member's alone.
  expectEqual(await flagsOfEach(ctx, otherMember, ids), [[], [], [], []], 'the sender’s own flags', 'messages.flags-narrow.window');
}

async function ignored(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await channelWith(ctx, otherMember, 'flags-narrow-skip', [otherMember]);
  const id = await sendToChannel(ctx, otherMember, channel.id, 'not joined', 'the member never joined');
  const narrow = [{ operator: channelOperator(ctx.featureLevel), operand: channel.id }];
  const body = expectSuccess(
    await updateFlagsForNarrow(ctx, member, { anchor: 'newest', num_before: 5, num_after: 0, narrow, op: 'remove', flag: 'read' }),
    'messages.flags-narrow.ignored',
  );
  expectEqual(
    pick(body, ['updated_count', 'ignored_because_not_subscribed_channels']),
    { updated_count: 0, ignored_because_not_subscribed_channels: [channel.id] },
    'the answer to marking a channel the member never joined unread',
    'messages.flags-narrow.ignored',
  );
  expectEqual(await flagsOfEach(ctx, member, [id]), [['historical', 'read']], 'the message’s flags for the member', 'messages.flags-narrow.ignored');
}

export const FLAG_NARROW_CHECKS = defineChecks([
  {
    id: 'messages.flags-narrow.window',
    title:
      'Given four unread messages in a topic, when a member marks the oldest two and then the rest by narrow, then each answer counts the window and what changed',
    clauses: ['messages.flags-narrow.window'],
    level: 'compat',
    endpoint: UPDATE_FLAGS_NARROW,
    run: window,
  },
  {
    id: 'messages.flags-narrow.ignored',
    title: 'Given a public channel a member never joined, when they mark it unread by narrow, then nothing changes and the channel is named',
    clauses: ['messages.flags-narrow.ignored'],
    level: 'compat',
    endpoint: UPDATE_FLAGS_NARROW,
    run: ignored,
  },
]);
