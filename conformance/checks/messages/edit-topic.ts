/**
 * PATCH /messages/{message_id} with topic: which messages a rename moves
 * (change_one, change_later, change_all, topics compared without case), how
 * the new topic is read (trimmed, cut, the empty topic and topics policies),
 * who may rename (the organization's and the channel's groups) and the time
 * limits for users below moderator, partial change_all moves included.
 */
import { type CheckContext, defineChecks, requireClock } from '../../check.js';
import { type Body, expectClientError, expectEqual, expectError, expectSuccess, expectUnchanged } from '../../expect.js';
import { systemGroupIds } from '../groups/support.js';
import { realmState } from '../realm/support.js';
import { updateChannel } from '../streams/support.js';
import {
  ageTo,
  EDIT,
  edit,
  editsChannel,
  GRACE_SECONDS,
  hasChannelSetting,
  NO_EDIT_PERMISSION,
  ownerChannel,
  placeOf,
  SHORT_LIMIT,
  sendMany,
  topicIds,
  usersGroup,
  withRealmSettings,
} from './edit-support.js';
import { channelWith, sendToChannel } from './support.js';

const TOPIC_TIME_LIMIT = "The time limit for editing this message's topic has passed.";

async function propagateModes(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await editsChannel(ctx);
  const modes: readonly [string | undefined, string, (ids: number[]) => number[]][] = [
    [undefined, 'messages.move.change-one', (ids) => [ids[1]!]],
    ['change_one', 'messages.move.change-one', (ids) => [ids[1]!]],
    ['change_later', 'messages.move.change-later', (ids) => ids.slice(1)],
    ['change_all', 'messages.move.change-all', (ids) => ids],
  ];
  for (const [mode, clause, moved] of modes) {
    const topic = ctx.unique(mode ?? 'default-mode');
    const ids = [...(await sendMany(ctx, member, channel.id, topic, 2)), ...(await sendMany(ctx, otherMember, channel.id, topic, 2))];
    const target = `${topic} moved`;
    const params = mode === undefined ? { topic: target } : { topic: target, propagate_mode: mode };
    expectSuccess(await edit(ctx, member, ids[1]!, params), clause);
    const expected = moved(ids);
    const what = `propagate_mode ${mode ?? '(default)'} on the second of four messages`;
    expectEqual(await topicIds(ctx, otherMember, channel.id, target), expected, `${what}: the new topic`, clause);
    expectEqual(
      await topicIds(ctx, otherMember, channel.id, topic),
      ids.filter((id) => !expected.includes(id)),
      `${what}: the old topic`,
      clause,
    );
  }
}

async function caseInsensitive(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await editsChannel(ctx);
  const topic = ctx.unique('Mixed-Case');
  const ids = [
    await sendToChannel(ctx, member, channel.id, topic, 'as written'),
    await sendToChannel(ctx, member, channel.id, topic.toUpperCase(), 'in capitals'),
    await sendToChannel(ctx, member, channel.id, topic.toLowerCase(), 'in small letters'),
  ];
  const target = `${topic} moved`;
  expectSuccess(await edit(ctx, member, ids[1]!, { topic: target, propagate_mode: 'change_all' }), 'messages.move.case-insensitive');
  expectEqual(await topicIds(ctx, member, channel.id, target), ids, 'the topic’s messages in any case, moved by change_all', 'messages.move.case-insensitive');
}

/** Channels' topics_policy appeared here (the check sets it on every channel it makes). */
const TOPICS_POLICY_LEVEL = 392;
/** The topics_policy value empty_topic_only appeared here. */
const EMPTY_TOPIC_ONLY_LEVEL = 404;

async function topicRules(ctx: CheckContext): Promise<void> {
  const { member, owner } = ctx.cast;
  const state = await realmState(ctx);
  const displayName = String(state['realm_empty_topic_display_name']);
  const maxLength = state['max_topic_length'] as number;
  const open = await ownerChannel(ctx, 'edit-topics', [member], { topics_policy: 'allow_empty_topic' });
  const id = await sendToChannel(ctx, member, open.id, ctx.unique('rules'), 'renamed in many ways');

  expectSuccess(await edit(ctx, member, id, { topic: '  padded topic  ' }), 'messages.edit.topic-normalised');
  expectEqual((await placeOf(ctx, member, id)).subject, 'padded topic', 'the topic after a rename with surrounding spaces', 'messages.edit.topic-normalised');
  const long = `${'long topic '.repeat(8)}end`;
  expectSuccess(await edit(ctx, member, id, { topic: long }), 'messages.edit.topic-max-length');
  const stored = String((await placeOf(ctx, member, id)).subject);
  expectEqual(
    stored.length <= maxLength,
    true,
    `a topic of at most max_topic_length (${maxLength}), got ${JSON.stringify(stored)}`,
    'messages.edit.topic-max-length',
  );
  expectEqual(stored, `${long.slice(0, 57)}...`, 'a topic over 60 characters, cut', 'messages.edit.topic-normalised');
  expectSuccess(await edit(ctx, member, id, { topic: displayName }), 'messages.edit.topic-display-name');
  expectEqual((await placeOf(ctx, member, id)).subject, '', `the topic after a rename to "${displayName}"`, 'messages.edit.topic-display-name');
  expectSuccess(await edit(ctx, member, id, { topic: 'named again' }));
  expectSuccess(await edit(ctx, member, id, { topic: '' }), 'messages.edit.topic-empty-valid');
  expectEqual((await placeOf(ctx, member, id)).subject, '', 'the topic after a rename to ""', 'messages.edit.topic-empty-valid');

  const strict = await ownerChannel(ctx, 'edit-named-only', [member], { topics_policy: 'disable_empty_topic' });
  const named = await sendToChannel(ctx, member, strict.id, 'named', 'topics are required here');
  for (const empty of ['', displayName, '(no topic)']) {
    const refused = await edit(ctx, member, named, { topic: empty });
    expectClientError(refused, 'messages.edit.topic-required');
    expectError(refused, 400, 'BAD_REQUEST', `Sending messages to the ${displayName} is not allowed in this channel.`, 'messages.move.topics-policy');
    expectEqual(
      (await placeOf(ctx, member, named)).subject,
      'named',
      `the topic after a refused rename to ${JSON.stringify(empty)}`,
      'messages.edit.topic-required',
    );
  }

  // The topics_policy value empty_topic_only appeared at feature level 404.
  if (ctx.featureLevel < EMPTY_TOPIC_ONLY_LEVEL) return;
  const emptyOnly = await ownerChannel(ctx, 'edit-empty-only', [member]);
  const unnamed = await sendToChannel(ctx, member, emptyOnly.id, '', 'in the empty topic');
  // Up to feature level 433 a new channel always got a channel-events message in a named topic, which empty_topic_only refuses.
  const found = expectSuccess(
    await ctx.call(owner, 'GET', '/messages', {
      anchor: 'newest',
      num_before: '20',
      num_after: '0',
      narrow: JSON.stringify([{ operator: 'channel', operand: emptyOnly.id }]),
    }),
  );
  for (const message of found['messages'] as Body[]) {
    if (message['id'] !== unnamed) expectSuccess(await ctx.call(owner, 'DELETE', `/messages/${String(message['id'])}`));
  }
  expectSuccess(await updateChannel(ctx, owner, emptyOnly.id, { topics_policy: 'empty_topic_only' }));
  expectError(
    await edit(ctx, member, unnamed, { topic: 'a name' }),
    400,
    'BAD_REQUEST',
    `Only the ${displayName} topic is allowed in this channel.`,
    'messages.move.topics-policy',
  );
  expectEqual((await placeOf(ctx, member, unnamed)).subject, '', 'the topic after a refused rename under empty_topic_only', 'messages.move.topics-policy');
}

async function topicsGroup(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator, administrator } = ctx.cast;
  const groups = await systemGroupIds(ctx);
  const channel = await editsChannel(ctx);
  await withRealmSettings(ctx, { can_move_messages_between_topics_group: groups['role:moderators'] }, async () => {
    const topic = ctx.unique('guarded');
    const id = await sendToChannel(ctx, member, channel.id, topic, 'only moderators may rename this');
    const before = await placeOf(ctx, member, id);
    const refused = await edit(ctx, member, id, { topic: `${topic} by a member` });
    expectError(refused, 400, 'BAD_REQUEST', undefined, 'messages.edit.no-permission');
    expectError(refused, 400, 'BAD_REQUEST', NO_EDIT_PERMISSION, 'messages.move.topic-permission');
    expectUnchanged(before, await placeOf(ctx, member, id), 'the message', 'messages.move.topics-group');
    expectSuccess(await edit(ctx, moderator, id, { topic: `${topic} by a moderator` }), 'messages.move.topics-group');
    expectEqual((await placeOf(ctx, member, id)).subject, `${topic} by a moderator`, 'the topic a moderator set', 'messages.move.topics-group');
  });
  await withRealmSettings(ctx, { can_move_messages_between_topics_group: groups['role:nobody'] }, async () => {
    const topic = ctx.unique('nobody');
    const id = await sendToChannel(ctx, member, channel.id, topic, 'nobody may rename this but administrators');
    expectError(await edit(ctx, moderator, id, { topic: `${topic} by a moderator` }), 400, 'BAD_REQUEST', NO_EDIT_PERMISSION, 'messages.move.topics-group');
    // Channel administrators and can_move_messages_within_channel_group came with the channel move settings (feature level 396);
    // before, the organization's setting alone decided, for administrators too.
    if (!hasChannelSetting(ctx, 'can_move_messages_within_channel_group')) return;
    expectSuccess(await edit(ctx, administrator, id, { topic: `${topic} by an administrator` }), 'messages.move.topic-permission');

    const own = await channelWith(ctx, member, 'edit-own-channel', [member, otherMember]);
    const there = await sendToChannel(ctx, otherMember, own.id, topic, 'in the member’s own channel');
    expectSuccess(await edit(ctx, member, there, { topic: `${topic} by its administrator` }), 'messages.move.topic-permission');

    const delegated = await ownerChannel(ctx, 'edit-delegated', [member, otherMember]);
    expectSuccess(await updateChannel(ctx, ctx.cast.owner, delegated.id, { can_move_messages_within_channel_group: { new: usersGroup(otherMember) } }));
    const inside = await sendToChannel(ctx, member, delegated.id, topic, 'the channel lets the other member rename');
    expectError(await edit(ctx, member, inside, { topic: `${topic} by the member` }), 400, 'BAD_REQUEST', NO_EDIT_PERMISSION, 'messages.move.topic-permission');
    expectSuccess(await edit(ctx, otherMember, inside, { topic: `${topic} by the group` }), 'messages.move.topic-permission');
  });
}

async function topicTimeLimit(ctx: CheckContext): Promise<void> {
  const clock = requireClock(ctx);
  const { member, moderator } = ctx.cast;
  const channel = await editsChannel(ctx);
  await withRealmSettings(ctx, { move_messages_within_stream_limit_seconds: SHORT_LIMIT }, async () => {
    const topic = ctx.unique('late-rename');
    const id = await sendToChannel(ctx, member, channel.id, topic, 'renamed while it may be');
    await ageTo(ctx, clock, member, id, SHORT_LIMIT + GRACE_SECONDS - 1);
    expectSuccess(await edit(ctx, member, id, { topic: `${topic} in time` }), 'messages.move.topic-time-limit');
    await ageTo(ctx, clock, member, id, SHORT_LIMIT + GRACE_SECONDS + 1);
    const before = await placeOf(ctx, member, id);
    const refused = await edit(ctx, member, id, { topic: `${topic} too late` });
    expectClientError(refused, 'messages.move.topic-time-limit');
    expectError(refused, 400, 'BAD_REQUEST', TOPIC_TIME_LIMIT, 'messages.move.time-limit-messages');
    expectUnchanged(before, await placeOf(ctx, member, id), 'the message', 'messages.move.topic-time-limit');
    expectSuccess(await edit(ctx, moderator, id, { topic: `${topic} by a moderator` }), 'messages.move.time-limit-code');
  });
}

async function changeAllTimeLimit(ctx: CheckContext): Promise<void> {
  const clock = requireClock(ctx);
  const { member, otherMember, moderator } = ctx.cast;
  const channel = await editsChannel(ctx);
  await withRealmSettings(ctx, { move_messages_within_stream_limit_seconds: SHORT_LIMIT }, async () => {
    const topic = ctx.unique('partly-old');
    const old = await sendToChannel(ctx, otherMember, channel.id, topic, 'sent long ago');
    await ageTo(ctx, clock, member, old, SHORT_LIMIT + GRACE_SECONDS + 30);
    const recent = [await sendToChannel(ctx, member, channel.id, topic, 'recent one'), await sendToChannel(ctx, otherMember, channel.id, topic, 'recent two')];
    const target = `${topic} moved`;
    const refused = await edit(ctx, member, recent[1]!, { topic: target, propagate_mode: 'change_all' });
    const body = expectError(refused, 400, 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', undefined, 'messages.move.time-limit-code');
    expectError(
      refused,
      400,
      'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      'You only have permission to move the 2/3 most recent messages in this topic.',
      'messages.move.time-limit-exceeded-message',
    );
    expectEqual(
      [body['first_message_id_allowed_to_move'], body['total_messages_allowed_to_move'], body['total_messages_in_topic']],
      [recent[0], 2, 3],
      '[first_message_id_allowed_to_move, total_messages_allowed_to_move, total_messages_in_topic]',
      'messages.move.time-limit-fields',
    );
    expectEqual(await topicIds(ctx, member, channel.id, topic), [old, ...recent], 'the topic after the refused move', 'messages.move.time-limit-code');

    expectSuccess(
      await edit(ctx, member, body['first_message_id_allowed_to_move'], { topic: target, propagate_mode: 'change_later' }),
      'messages.move.time-limit-retry',
    );
    expectEqual(await topicIds(ctx, member, channel.id, target), recent, 'the new topic after the retry with change_later', 'messages.move.time-limit-retry');
    expectEqual(await topicIds(ctx, member, channel.id, topic), [old], 'the old topic after the retry with change_later', 'messages.move.time-limit-retry');

    expectSuccess(await edit(ctx, moderator, old, { topic: target, propagate_mode: 'change_all' }), 'messages.move.time-limit-code');
    expectEqual(
      await topicIds(ctx, member, channel.id, target),
      [old, ...recent],
      'the topic after a moderator moved the old message',
      'messages.move.time-limit-code',
    );
  });
}

/** A private channel with protected history: the member joins after its first message. */
async function protectedChannel(ctx: CheckContext, label: string) {
  const { owner, member } = ctx.cast;
  const channel = await channelWith(ctx, owner, label, [owner], { invite_only: true, history_public_to_subscribers: false });
  const topic = 'protected';
  const unseen = await sendToChannel(ctx, owner, channel.id, topic, 'before the member joined');
  expectSuccess(
    await ctx.call(owner, 'POST', '/users/me/subscriptions', {
      subscriptions: JSON.stringify([{ name: channel.name }]),
      principals: JSON.stringify([member.userId]),
    }),
  );
  return { channel, topic, unseen };
}

async function protectedHistory(ctx: CheckContext): Promise<void> {
  const { owner, member } = ctx.cast;
  const { channel, topic, unseen } = await protectedChannel(ctx, 'edit-protected');
  const seen = [await sendToChannel(ctx, member, channel.id, topic, 'after joining'), await sendToChannel(ctx, owner, channel.id, topic, 'also after')];
  const elsewhere = await ownerChannel(ctx, 'edit-protected-target', [member]);
  expectSuccess(await edit(ctx, member, seen[1]!, { stream_id: elsewhere.id, propagate_mode: 'change_all' }), 'messages.move.protected-history');
  expectEqual(await topicIds(ctx, member, elsewhere.id, topic), seen, 'the messages the member could read, moved', 'messages.move.protected-history');
  expectEqual(await topicIds(ctx, owner, channel.id, topic), [unseen], 'the message the member could not read, left behind', 'messages.move.protected-history');
}

async function protectedHistoryLimit(ctx: CheckContext): Promise<void> {
  const clock = requireClock(ctx);
  const { owner, member } = ctx.cast;
  await withRealmSettings(ctx, { move_messages_within_stream_limit_seconds: SHORT_LIMIT }, async () => {
    const { channel, topic, unseen } = await protectedChannel(ctx, 'edit-protected-limit');
    const old = await sendToChannel(ctx, owner, channel.id, topic, 'read by the member, but old');
    await ageTo(ctx, clock, owner, unseen, SHORT_LIMIT + GRACE_SECONDS + 30);
    const recent = await sendToChannel(ctx, member, channel.id, topic, 'recent');
    const body = expectError(
      await edit(ctx, member, recent, { topic: `${topic} moved`, propagate_mode: 'change_all' }),
      400,
      'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      undefined,
      'messages.move.time-limit-code',
    );
    expectEqual(
      [body['first_message_id_allowed_to_move'], body['total_messages_allowed_to_move'], body['total_messages_in_topic']],
      [recent, 1, 2],
      'the counts, covering only the two messages the member can read',
      'messages.move.protected-history',
    );
    expectEqual(await topicIds(ctx, owner, channel.id, topic), [unseen, old, recent], 'the topic after the refused move', 'messages.move.protected-history');
  });
}

export const EDIT_TOPIC_CHECKS = defineChecks([
  {
    id: 'messages.move.propagate-modes',
    title:
      'Given topics of four messages, when a member renames the second with no mode, change_one, change_later and change_all, then exactly it, it and the later ones, or all move',
    clauses: ['messages.move.change-one', 'messages.move.change-later', 'messages.move.change-all'],
    level: 'spec',
    endpoint: EDIT,
    run: propagateModes,
  },
  {
    id: 'messages.move.case-insensitive',
    title: 'Given a topic written in three cases, when change_all renames it, then every message moves',
    clauses: ['messages.move.case-insensitive'],
    level: 'compat',
    endpoint: EDIT,
    run: caseInsensitive,
  },
  {
    id: 'messages.move.topic-rules',
    title:
      'When a topic is renamed, it is trimmed and cut to max_topic_length; the display name and "" give the empty topic where allowed, and are refused where topics are required',
    clauses: [
      'messages.edit.topic-max-length',
      'messages.edit.topic-display-name',
      'messages.edit.topic-required',
      'messages.edit.topic-empty-valid',
      'messages.edit.topic-normalised',
      'messages.move.topics-policy',
    ],
    level: 'spec',
    endpoint: EDIT,
    since: TOPICS_POLICY_LEVEL,
    run: topicRules,
  },
  {
    id: 'messages.move.topics-group',
    title:
      'Given can_move_messages_between_topics_group moderators, a member’s rename is BAD_REQUEST and a moderator’s works; with nobody, administrators, channel administrators and the channel’s group still may',
    clauses: ['messages.move.topics-group', 'messages.edit.no-permission', 'messages.move.topic-permission'],
    level: 'spec',
    endpoint: EDIT,
    run: topicsGroup,
  },
  {
    id: 'messages.move.topic-time-limit',
    title: 'Given a 60 s topic limit, a member renames 79 s after sending, is refused at 81 s, and a moderator still may',
    clauses: ['messages.move.topic-time-limit', 'messages.move.time-limit-messages', 'messages.move.time-limit-code'],
    level: 'spec',
    endpoint: EDIT,
    run: topicTimeLimit,
  },
  {
    id: 'messages.move.time-limit-exceeded',
    title:
      'Given a topic with one message past the limit and two recent, a member’s change_all is MOVE_MESSAGES_TIME_LIMIT_EXCEEDED (2/3, first allowed id); change_later from that id works; a moderator moves the rest',
    clauses: [
      'messages.move.time-limit-code',
      'messages.move.time-limit-fields',
      'messages.move.time-limit-retry',
      'messages.move.time-limit-exceeded-message',
    ],
    level: 'spec',
    endpoint: EDIT,
    run: changeAllTimeLimit,
  },
  {
    id: 'messages.move.protected-history',
    title:
      'Given a private channel with protected history, when a member moves a topic to another channel with change_all, then only the messages they can read move',
    clauses: ['messages.move.protected-history'],
    level: 'spec',
    endpoint: EDIT,
    run: protectedHistory,
  },
  {
    id: 'messages.move.protected-history-limit',
    title:
      'Given a protected-history topic with an old message the member cannot read, one old they can and one recent, then change_all’s error counts only the two they can read',
    clauses: ['messages.move.protected-history', 'messages.move.time-limit-code', 'messages.move.time-limit-fields'],
    level: 'spec',
    endpoint: EDIT,
    run: protectedHistoryLimit,
  },
]);
