/** PATCH /streams/{stream_id}: who may change a channel, and what each setting accepts. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectUnchanged } from '../../expect.js';
import { systemGroupIds } from '../groups/support.js';
import {
  CHANNEL_FIELD_SINCE,
  CHANNEL_GROUP_SETTING_VALUE_SINCE,
  channelFieldAt,
  createChannel,
  errorShape,
  MISSING_CHANNEL_ID,
  readChannel,
  updateChannel,
} from './support.js';

const ENDPOINT = 'PATCH /streams/{stream_id}';

/** Changelog 333: can_send_message_group (before, stream_post_policy was the parameter). */
const CAN_SEND_MESSAGE_GROUP_SINCE = CHANNEL_FIELD_SINCE['can_send_message_group'] ?? 0;
/** Changelog 325: can_administer_channel_group, the channel administrators; before, only organization administrators changed a channel. */
const CHANNEL_ADMINISTRATORS_SINCE = CHANNEL_FIELD_SINCE['can_administer_channel_group'] ?? 0;
/** Changelog 392: topics_policy of channels. */
const TOPICS_POLICY_SINCE = CHANNEL_FIELD_SINCE['topics_policy'] ?? 0;
/** Changelog 404: the topics_policy value empty_topic_only; before, an invalid value. */
const EMPTY_TOPIC_ONLY_SINCE = 404;

/**
 * A group setting of channels the level takes {new, old} updates of:
 * can_send_message_group from 333, before it can_remove_subscribers_group
 * (a group-setting value from 320).
 */
function groupSettingAt(level: number): 'can_send_message_group' | 'can_remove_subscribers_group' {
  return level >= CAN_SEND_MESSAGE_GROUP_SINCE ? 'can_send_message_group' : 'can_remove_subscribers_group';
}

async function administratorsEverywhere(ctx: CheckContext): Promise<void> {
  const groups = await systemGroupIds(ctx);
  const hidden = await createChannel(ctx, ctx.cast.otherMember, 'admin-any', { invite_only: true });
  const name = ctx.unique('admin-renamed');
  if (ctx.featureLevel < CAN_SEND_MESSAGE_GROUP_SINCE) {
    // Before 333 who may post was stream_post_policy (4: moderators and administrators).
    expectSuccess(await updateChannel(ctx, ctx.cast.administrator, hidden.id, { new_name: name, stream_post_policy: 4 }));
    const old = await readChannel(ctx, hidden.id);
    expectEqual(
      [old['name'], old['stream_post_policy']],
      [name, 4],
      'name and stream_post_policy set by an administrator not in the channel',
      'streams.admin.every-channel',
    );
    return;
  }
  expectSuccess(await updateChannel(ctx, ctx.cast.administrator, hidden.id, { new_name: name, can_send_message_group: { new: groups['role:moderators'] } }));
  const after = await readChannel(ctx, hidden.id);
  expectEqual(
    [after['name'], after['can_send_message_group']],
    [name, groups['role:moderators']],
    'name and can_send_message_group set by an administrator not in the channel',
    'streams.admin.every-channel',
  );
}

async function groupSettingsNeedAdministering(ctx: CheckContext): Promise<void> {
  const groups = await systemGroupIds(ctx);
  const made = await createChannel(ctx, ctx.cast.otherMember, 'administer');
  const before = await readChannel(ctx, made.id);
  const setting = groupSettingAt(ctx.featureLevel);
  expectError(
    await updateChannel(ctx, ctx.cast.member, made.id, { [setting]: { new: groups['role:moderators'] } }),
    400,
    'CANNOT_ADMINISTER_CHANNEL',
    undefined,
    'streams.group-settings.administer',
  );
  expectUnchanged(before, await readChannel(ctx, made.id), 'the channel', 'streams.update.cannot-administer');
  // The creator is in can_administer_channel_group of a new channel.
  expectSuccess(await updateChannel(ctx, ctx.cast.otherMember, made.id, { [setting]: { new: groups['role:moderators'] } }));
  expectEqual(
    (await readChannel(ctx, made.id))[setting],
    groups['role:moderators'],
    `${setting} set by the channel administrator`,
    'streams.group-settings.administer',
  );
}

async function metadataNeeded(ctx: CheckContext): Promise<void> {
  const groups = await systemGroupIds(ctx);
  const hidden = await createChannel(ctx, ctx.cast.otherMember, 'no-metadata', { invite_only: true });
  const before = await readChannel(ctx, hidden.id);
  const change = { can_send_message_group: { new: groups['role:moderators'] } };
  const seen = await updateChannel(ctx, ctx.cast.member, hidden.id, change);
  expectError(seen, 400, 'BAD_REQUEST', 'Invalid channel ID', 'streams.group-settings.metadata');
  expectEqual(
    errorShape(seen),
    errorShape(await updateChannel(ctx, ctx.cast.member, MISSING_CHANNEL_ID, change)),
    'the same answer as for a missing channel',
    'streams.update.no-leak',
  );
  expectUnchanged(before, await readChannel(ctx, hidden.id), 'the channel', 'streams.group-settings.metadata');
}

async function contentAccessForAddingSubscribers(ctx: CheckContext): Promise<void> {
  const groups = await systemGroupIds(ctx);
  const hidden = await createChannel(ctx, ctx.cast.otherMember, 'content-access', { invite_only: true });
  const before = await readChannel(ctx, hidden.id);
  const change = { can_add_subscribers_group: { new: groups['role:moderators'] } };
  expectError(
    await updateChannel(ctx, ctx.cast.administrator, hidden.id, change),
    400,
    'BAD_REQUEST',
    'Channel content access is required.',
    'streams.group-settings.content-access',
  );
  expectUnchanged(before, await readChannel(ctx, hidden.id), 'the channel', 'streams.group-settings.content-access');
  expectSuccess(await updateChannel(ctx, ctx.cast.otherMember, hidden.id, change));
  expectEqual(
    (await readChannel(ctx, hidden.id))['can_add_subscribers_group'],
    groups['role:moderators'],
    'can_add_subscribers_group set by a subscribed administrator of the channel',
    'streams.group-settings.content-access',
  );
}

async function expectation(ctx: CheckContext): Promise<void> {
  const groups = await systemGroupIds(ctx);
  const made = await createChannel(ctx, ctx.cast.member, 'expectation');
  const before = await readChannel(ctx, made.id);
  const setting = groupSettingAt(ctx.featureLevel);
  // A wrong old value: moderators, unless that is the setting's value (then everyone).
  const wrong = before[setting] === groups['role:moderators'] ? groups['role:everyone'] : groups['role:moderators'];
  expectError(
    await updateChannel(ctx, ctx.cast.member, made.id, { [setting]: { new: groups['role:members'], old: wrong } }),
    400,
    'EXPECTATION_MISMATCH',
    undefined,
    'streams.update.expectation',
  );
  expectUnchanged(before, await readChannel(ctx, made.id), 'the channel', 'streams.update.expectation');
  expectSuccess(await updateChannel(ctx, ctx.cast.member, made.id, { [setting]: { new: groups['role:members'], old: before[setting] } }));
  expectEqual((await readChannel(ctx, made.id))[setting], groups['role:members'], 'the change with the right old value', 'streams.update.expectation');
}

async function renameAndDescribe(ctx: CheckContext): Promise<void> {
  const made = await createChannel(ctx, ctx.cast.member, 'rename');
  const taken = await createChannel(ctx, ctx.cast.member, 'taken');
  const name = ctx.unique('renamed');
  expectSuccess(await updateChannel(ctx, ctx.cast.member, made.id, { new_name: name, description: 'Now *described*' }));
  const after = await readChannel(ctx, made.id);
  expectEqual([after['name'], after['description']], [name, 'Now *described*'], 'name and description', 'streams.update.rename');
  const before = after;
  expectError(
    await updateChannel(ctx, ctx.cast.member, made.id, { new_name: taken.name.toUpperCase() }),
    409,
    'CHANNEL_ALREADY_EXISTS',
    undefined,
    'streams.update.rename',
  );
  expectUnchanged(before, await readChannel(ctx, made.id), 'the channel', 'streams.update.rename');
}

async function privacyCombinations(ctx: CheckContext): Promise<void> {
  const made = await createChannel(ctx, ctx.cast.administrator, 'privacy');
  const before = await readChannel(ctx, made.id);
  expectError(
    await updateChannel(ctx, ctx.cast.administrator, made.id, { history_public_to_subscribers: false }),
    400,
    'BAD_REQUEST',
    'Invalid parameters',
    'streams.update.privacy-combinations',
  );
  expectError(
    await updateChannel(ctx, ctx.cast.administrator, made.id, { is_private: true, is_web_public: true }),
    400,
    'BAD_REQUEST',
    'Invalid parameters',
    'streams.update.privacy-combinations',
  );
  expectUnchanged(before, await readChannel(ctx, made.id), 'the channel', 'streams.update.privacy-combinations');
  const hidden = await createChannel(ctx, ctx.cast.otherMember, 'privacy-hidden', { invite_only: true });
  const hiddenBefore = await readChannel(ctx, hidden.id);
  expectError(
    await updateChannel(ctx, ctx.cast.administrator, hidden.id, { is_private: false }),
    400,
    'BAD_REQUEST',
    'Channel content access is required.',
    'streams.update.content-access-privacy',
  );
  expectUnchanged(hiddenBefore, await readChannel(ctx, hidden.id), 'the private channel', 'streams.update.content-access-privacy');
}

async function retention(ctx: CheckContext): Promise<void> {
  const made = await createChannel(ctx, ctx.cast.owner, 'retention');
  const before = await readChannel(ctx, made.id);
  expectError(
    await updateChannel(ctx, ctx.cast.administrator, made.id, { message_retention_days: 30 }),
    400,
    'UNAUTHORIZED_PRINCIPAL',
    'Must be an organization owner',
    'streams.update.retention-owner',
  );
  expectUnchanged(before, await readChannel(ctx, made.id), 'the channel', 'streams.update.retention-owner');
  const steps: [unknown, number | null][] = [
    [30, 30],
    ['unlimited', -1],
    ['realm_default', null],
  ];
  for (const [value, stored] of steps) {
    expectSuccess(await updateChannel(ctx, ctx.cast.owner, made.id, { message_retention_days: JSON.stringify(value) }));
    expectEqual(
      (await readChannel(ctx, made.id))['message_retention_days'],
      stored,
      `message_retention_days after setting ${JSON.stringify(value)}`,
      'streams.channel.retention',
    );
  }
}

async function topicsPolicy(ctx: CheckContext): Promise<void> {
  const made = await createChannel(ctx, ctx.cast.administrator, 'topics-policy');
  for (const policy of ['allow_empty_topic', 'disable_empty_topic', 'inherit']) {
    expectSuccess(await updateChannel(ctx, ctx.cast.administrator, made.id, { topics_policy: policy }));
    expectEqual((await readChannel(ctx, made.id))['topics_policy'], policy, `topics_policy after setting ${policy}`, 'streams.channel.topics-policy');
  }
  const before = await readChannel(ctx, made.id);
  expectError(
    await updateChannel(ctx, ctx.cast.administrator, made.id, { topics_policy: 'sometimes' }),
    400,
    'BAD_REQUEST',
    undefined,
    'streams.channel.topics-policy',
  );
  expectUnchanged(before, await readChannel(ctx, made.id), 'the channel', 'streams.channel.topics-policy');
}

/**
 * A new channel either has no history (then empty_topic_only may be set)
 * or starts with the server's notice in a named topic (then it may not).
 */
async function emptyTopicOnly(ctx: CheckContext): Promise<void> {
  const made = await createChannel(ctx, ctx.cast.administrator, 'empty-topic-only');
  const before = await readChannel(ctx, made.id);
  const response = await updateChannel(ctx, ctx.cast.administrator, made.id, { topics_policy: 'empty_topic_only' });
  if (before['first_message_id'] === null && ctx.featureLevel >= EMPTY_TOPIC_ONLY_SINCE) {
    expectSuccess(response);
    expectEqual(
      (await readChannel(ctx, made.id))['topics_policy'],
      'empty_topic_only',
      'topics_policy of a channel without messages',
      'streams.channel.empty-topic-only',
    );
    return;
  }
  expectError(response, 400, 'BAD_REQUEST', undefined, 'streams.channel.empty-topic-only');
  expectUnchanged(before, await readChannel(ctx, made.id), 'the channel', 'streams.channel.empty-topic-only');
}

/** The real server asks content access only for can_add_subscribers_group and can_subscribe_group. */
async function deleteMoveSettingsWithoutContentAccess(ctx: CheckContext): Promise<void> {
  const groups = await systemGroupIds(ctx);
  const hidden = await createChannel(ctx, ctx.cast.otherMember, 'delete-move', { invite_only: true });
  // The settings the level has: can_move_messages_out_of_channel_group from 396, the delete ones from 407.
  const changes = (
    [
      ['can_delete_any_message_group', groups['role:moderators']],
      ['can_delete_own_message_group', groups['role:members']],
      ['can_move_messages_out_of_channel_group', groups['role:moderators']],
    ] as const
  ).filter(([setting]) => channelFieldAt(ctx.featureLevel, setting));
  expectSuccess(
    await updateChannel(ctx, ctx.cast.administrator, hidden.id, Object.fromEntries(changes.map(([setting, group]) => [setting, { new: group }]))),
    'streams.update.delete-move-settings',
  );
  const after = await readChannel(ctx, hidden.id);
  expectEqual(
    changes.map(([setting]) => after[setting]),
    changes.map(([, group]) => group),
    'the delete and move settings changed by an administrator without content access',
    'streams.update.delete-move-settings',
  );
}

export const UPDATE_STREAM_CHECKS = defineChecks([
  {
    id: 'streams.update.delete-move-settings',
    title: 'Given a private channel an administrator is not in, when they change the delete and move settings, then the changes apply',
    clauses: ['streams.update.delete-move-settings'],
    level: 'compat',
    endpoint: ENDPOINT,
    // The first of these settings appeared at 396.
    since: CHANNEL_FIELD_SINCE['can_move_messages_out_of_channel_group'],
    run: deleteMoveSettingsWithoutContentAccess,
  },
  {
    id: 'streams.update.administrator',
    title: 'Given a private channel an administrator is not in, when the administrator renames it and changes a group setting, then both change',
    clauses: ['streams.admin.every-channel'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: administratorsEverywhere,
  },
  {
    id: 'streams.update.administer-group-settings',
    title: 'Given a public channel of another member, when a member changes a group setting, then CANNOT_ADMINISTER_CHANNEL; the creator may',
    clauses: ['streams.group-settings.administer', 'streams.update.cannot-administer'],
    level: 'spec',
    endpoint: ENDPOINT,
    // Channel administrators (and CANNOT_ADMINISTER_CHANNEL for the others) appeared at 325.
    since: CHANNEL_ADMINISTRATORS_SINCE,
    run: groupSettingsNeedAdministering,
  },
  {
    id: 'streams.update.metadata',
    title: 'Given a private channel of another member, when a member changes a group setting, then the answer is the missing-channel one and nothing changes',
    clauses: ['streams.group-settings.metadata', 'streams.update.no-leak'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: metadataNeeded,
  },
  {
    id: 'streams.update.add-subscribers-content-access',
    title:
      'Given a private channel an administrator is not in, when they change can_add_subscribers_group, then content access is required; a subscribed channel administrator may',
    clauses: ['streams.group-settings.content-access'],
    level: 'spec',
    endpoint: ENDPOINT,
    // can_add_subscribers_group appeared at 342.
    since: CHANNEL_FIELD_SINCE['can_add_subscribers_group'],
    run: contentAccessForAddingSubscribers,
  },
  {
    id: 'streams.update.expectation',
    title: 'When a group setting is changed with a wrong old value, then EXPECTATION_MISMATCH and nothing changes; with the right one it changes',
    clauses: ['streams.update.expectation'],
    level: 'compat',
    endpoint: ENDPOINT,
    // Before 320 no channel setting took {new, old}.
    since: CHANNEL_GROUP_SETTING_VALUE_SINCE,
    run: expectation,
  },
  {
    id: 'streams.update.rename',
    title: 'When the creator renames and describes a channel, then both change; a name taken in other case is refused with 409',
    clauses: ['streams.update.rename'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: renameAndDescribe,
  },
  {
    id: 'streams.update.privacy',
    title:
      'When a public channel is given protected history or made private and web-public, or an administrator without content access makes a channel public, then it is refused',
    clauses: ['streams.update.privacy-combinations', 'streams.update.content-access-privacy'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: privacyCombinations,
  },
  {
    id: 'streams.update.retention',
    title: 'When the owner sets retention to days, unlimited and realm_default, then it reads back as the number, -1 and null; an administrator may not',
    clauses: ['streams.channel.retention', 'streams.update.retention-owner'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: retention,
  },
  {
    id: 'streams.update.topics-policy',
    title: 'When an administrator sets each topics policy, then it reads back; an unknown one is refused',
    clauses: ['streams.channel.topics-policy'],
    level: 'spec',
    endpoint: ENDPOINT,
    // topics_policy appeared at 392.
    since: TOPICS_POLICY_SINCE,
    run: topicsPolicy,
  },
  {
    id: 'streams.update.empty-topic-only',
    title: 'Given a new channel, when empty_topic_only is set, then it is accepted without history and refused when the history has a named topic',
    clauses: ['streams.channel.empty-topic-only'],
    level: 'spec',
    endpoint: ENDPOINT,
    // topics_policy appeared at 392; empty_topic_only is refused until 404.
    since: TOPICS_POLICY_SINCE,
    run: emptyTopicOnly,
  },
]);
