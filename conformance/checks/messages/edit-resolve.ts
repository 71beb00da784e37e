/**
 * Resolving and unresolving topics through PATCH /messages/{message_id}: the
 * check-mark prefix, the notice Notification Bot posts instead of a "moved"
 * notice, can_resolve_topics_group (organization and channel), and the empty
 * topic, which cannot be resolved.
 */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectClientError, expectEqual, expectError, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';
import { paramSince } from '../../feature-level.js';
import { systemGroupIds } from '../groups/support.js';
import { updateChannel } from '../streams/support.js';
import {
  EDIT,
  edit,
  editsChannel,
  hasChannelSetting,
  NO_RESOLVE_PERMISSION,
  noticesIn,
  ownerChannel,
  placeOf,
  RESOLVED,
  sendMany,
  silentMention,
  topicIds,
  usersGroup,
  withRealmSettings,
} from './edit-support.js';
import { readMessage, sendToChannel } from './support.js';

/** Changelog 334: empty topic names (the topic shown as "general chat"); before, a topic could not be empty. */
const EMPTY_TOPIC_SINCE = 334;

async function resolveAndUnresolve(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await editsChannel(ctx);
  const topic = ctx.unique('question');
  const resolved = `${RESOLVED}${topic}`;
  const ids = await sendMany(ctx, otherMember, channel.id, topic, 2);
  expectSuccess(await edit(ctx, member, ids[1]!, { topic: resolved, propagate_mode: 'change_all' }), 'messages.resolve.prefix');
  expectEqual(await topicIds(ctx, otherMember, channel.id, resolved), ids, 'the messages of the resolved topic', 'messages.resolve.prefix');
  expectEqual(await topicIds(ctx, otherMember, channel.id, topic), [], 'the messages left under the old name', 'messages.resolve.prefix');
  const notices = await noticesIn(ctx, otherMember, channel.id, resolved);
  expectTrue(
    notices.every((notice) => !notice.includes('was moved here')),
    `no "moved here" notice after a resolve, got ${JSON.stringify(notices)}`,
    'messages.resolve.no-new-thread-notice',
  );
  expectEqual(
    notices,
    [`${silentMention(member)} has marked this topic as resolved.`],
    'Notification Bot’s notices in the resolved topic',
    'messages.resolve.notice',
  );
  for (const id of ids) {
    const message = await readMessage(ctx, otherMember, id);
    expectTrue(
      !('last_moved_timestamp' in message),
      `no last_moved_timestamp after a pure resolve, got ${JSON.stringify(message['last_moved_timestamp'])}`,
      'messages.move.last-moved-timestamp',
    );
  }

  // A message after the notice: unresolving then posts its own notice (no undo of the last one).
  await sendToChannel(ctx, otherMember, channel.id, resolved, 'one more thought');
  expectSuccess(await edit(ctx, member, ids[0]!, { topic, propagate_mode: 'change_all' }), 'messages.resolve.unresolve');
  expectEqual((await topicIds(ctx, otherMember, channel.id, topic)).slice(0, 2), ids, 'the messages of the unresolved topic', 'messages.resolve.unresolve');
  const after = await noticesIn(ctx, otherMember, channel.id, topic);
  expectEqual(
    after.filter((notice) => !notice.endsWith('has marked this topic as resolved.')),
    [`${silentMention(member)} has marked this topic as unresolved.`],
    'the new notices in the unresolved topic',
    'messages.resolve.notice',
  );
  expectTrue(
    after.every((notice) => !notice.includes('was moved here')),
    `no "moved here" notice after an unresolve, got ${JSON.stringify(after)}`,
    'messages.resolve.no-new-thread-notice',
  );
}

async function resolveGroup(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator, administrator } = ctx.cast;
  const groups = await systemGroupIds(ctx);
  const channel = await ownerChannel(ctx, 'edit-resolve', [member, otherMember, moderator, administrator]);
  await withRealmSettings(
    ctx,
    { can_resolve_topics_group: groups['role:moderators'], can_move_messages_between_topics_group: groups['role:everyone'] },
    async () => {
      const topic = ctx.unique('unresolvable');
      const id = await sendToChannel(ctx, member, channel.id, topic, 'only moderators may resolve this');
      const before = await placeOf(ctx, member, id);
      const refused = await edit(ctx, member, id, { topic: `${RESOLVED}${topic}`, propagate_mode: 'change_all' });
      expectError(refused, 400, 'BAD_REQUEST', undefined, 'messages.edit.no-permission');
      expectError(refused, 400, 'BAD_REQUEST', NO_RESOLVE_PERMISSION, 'messages.resolve.permission');
      expectUnchanged(before, await placeOf(ctx, member, id), 'the message', 'messages.resolve.group');
      // Renaming is another permission: the member may still do that.
      expectSuccess(await edit(ctx, member, id, { topic: `${topic} renamed`, propagate_mode: 'change_all' }), 'messages.resolve.group');
      expectSuccess(await edit(ctx, moderator, id, { topic: `${RESOLVED}${topic} renamed`, propagate_mode: 'change_all' }), 'messages.resolve.group');
      expectEqual((await placeOf(ctx, member, id)).subject, `${RESOLVED}${topic} renamed`, 'the topic a moderator resolved', 'messages.resolve.group');
    },
  );
  await withRealmSettings(ctx, { can_resolve_topics_group: groups['role:nobody'] }, async () => {
    const topic = ctx.unique('channel-resolves');
    const id = await sendToChannel(ctx, member, channel.id, topic, 'the channel’s group resolves this');
    expectError(
      await edit(ctx, administrator, id, { topic: `${RESOLVED}${topic}`, propagate_mode: 'change_all' }),
      400,
      'BAD_REQUEST',
      NO_RESOLVE_PERMISSION,
      'messages.resolve.group',
    );
    // The channel's can_resolve_topics_group is new at feature level 402.
    if (!hasChannelSetting(ctx, 'can_resolve_topics_group')) return;
    expectSuccess(await updateChannel(ctx, ctx.cast.owner, channel.id, { can_resolve_topics_group: { new: usersGroup(otherMember) } }));
    expectSuccess(await edit(ctx, otherMember, id, { topic: `${RESOLVED}${topic}`, propagate_mode: 'change_all' }), 'messages.resolve.group');
    expectEqual((await placeOf(ctx, member, id)).subject, `${RESOLVED}${topic}`, 'the topic the channel’s group resolved', 'messages.resolve.group');
  });
}

async function emptyTopic(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await ownerChannel(ctx, 'edit-resolve-empty', [member], { topics_policy: 'allow_empty_topic' });
  const id = await sendToChannel(ctx, member, channel.id, '', 'in the empty topic');
  for (const topic of [RESOLVED, RESOLVED.trim(), `${RESOLVED}general chat`]) {
    const refused = await edit(ctx, member, id, { topic, propagate_mode: 'change_all' });
    expectClientError(refused, 'messages.resolve.empty-topic');
    expectError(refused, 400, 'BAD_REQUEST', 'General chat cannot be marked as resolved', 'messages.resolve.general-chat');
    expectEqual(
      (await placeOf(ctx, member, id)).subject,
      '',
      `the empty topic after a refused rename to ${JSON.stringify(topic)}`,
      'messages.resolve.empty-topic',
    );
  }
}

export const EDIT_RESOLVE_CHECKS = defineChecks([
  {
    id: 'messages.resolve.prefix',
    title:
      'When a member renames a topic to "✔ " + its name with change_all, every message moves, Notification Bot says it was resolved (no "moved here"); unresolving moves them back with its own notice',
    clauses: [
      'messages.resolve.prefix',
      'messages.resolve.no-new-thread-notice',
      'messages.resolve.notice',
      'messages.resolve.unresolve',
      'messages.move.last-moved-timestamp',
    ],
    level: 'spec',
    endpoint: EDIT,
    run: resolveAndUnresolve,
  },
  {
    id: 'messages.resolve.group',
    title:
      'Given can_resolve_topics_group moderators, a member’s resolve is BAD_REQUEST though they may rename, a moderator’s works; with nobody an administrator is refused and the channel’s group may',
    clauses: ['messages.resolve.group', 'messages.edit.no-permission', 'messages.resolve.permission'],
    level: 'spec',
    endpoint: EDIT,
    // The organization's can_resolve_topics_group is new at feature level 367; before, resolving was renaming, with no permission of its own.
    since: paramSince('update-realm', 'can_resolve_topics_group'),
    run: resolveGroup,
  },
  {
    id: 'messages.resolve.empty-topic',
    title: 'When a message of the empty topic is renamed to "✔ ", "✔" or "✔ general chat", then it is refused and the topic stays empty',
    clauses: ['messages.resolve.empty-topic', 'messages.resolve.general-chat'],
    level: 'spec',
    endpoint: EDIT,
    // The empty topic ("general chat") is new at feature level 334.
    since: EMPTY_TOPIC_SINCE,
    run: emptyTopic,
  },
]);
