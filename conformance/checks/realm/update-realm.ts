/** PATCH /realm: who may change settings, values, {new, old} group settings and channel settings, each read back through register. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectUnchanged } from '../../expect.js';
import { sendsKeyAt } from '../../feature-level.js';
import { systemGroupIds } from '../groups/support.js';
import { realmGroupSettingAt, realmSetting, restoring, timeLimitParam } from './support.js';

const ENDPOINT = 'PATCH /realm';

async function administrators(ctx: CheckContext): Promise<void> {
  const before = await realmSetting(ctx, 'message_content_edit_limit_seconds');
  for (const actor of [ctx.cast.moderator, ctx.cast.member, ctx.cast.guest]) {
    expectError(
      await ctx.call(actor, 'PATCH', '/realm', { message_content_edit_limit_seconds: '1234' }),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization administrator',
      'realm.update.administrators',
    );
  }
  expectUnchanged(
    before,
    await realmSetting(ctx, 'message_content_edit_limit_seconds'),
    'realm_message_content_edit_limit_seconds',
    'realm.update.administrators',
  );
}

async function owners(ctx: CheckContext): Promise<void> {
  const before = await realmSetting(ctx, 'message_retention_days');
  expectError(
    await ctx.call(ctx.cast.administrator, 'PATCH', '/realm', { message_retention_days: '30' }),
    400,
    'UNAUTHORIZED_PRINCIPAL',
    'Must be an organization owner',
    'realm.update.owners',
  );
  expectError(
    await ctx.call(ctx.cast.administrator, 'PATCH', '/realm', { waiting_period_threshold: '5' }),
    400,
    'UNAUTHORIZED_PRINCIPAL',
    'Must be an organization owner',
    'realm.update.owners',
  );
  expectUnchanged(before, await realmSetting(ctx, 'message_retention_days'), 'realm_message_retention_days', 'realm.update.owners');
}

async function readBack(ctx: CheckContext): Promise<void> {
  const original = await realmSetting(ctx, 'message_content_edit_limit_seconds');
  const wanted = original === 4321 ? 4322 : 4321;
  await restoring(ctx, { message_content_edit_limit_seconds: timeLimitParam(original) }, async () => {
    expectSuccess(await ctx.call(ctx.cast.administrator, 'PATCH', '/realm', { message_content_edit_limit_seconds: String(wanted) }), 'realm.update.read-back');
    expectEqual(
      await realmSetting(ctx, 'message_content_edit_limit_seconds'),
      wanted,
      'realm_message_content_edit_limit_seconds after the change',
      'realm.update.read-back',
    );
    expectSuccess(
      await ctx.call(ctx.cast.administrator, 'PATCH', '/realm', { message_content_edit_limit_seconds: JSON.stringify('unlimited') }),
      'realm.update.bad-value',
    );
    expectEqual(await realmSetting(ctx, 'message_content_edit_limit_seconds'), null, 'no limit after "unlimited"', 'realm.update.bad-value');
  });
  expectEqual(await realmSetting(ctx, 'message_content_edit_limit_seconds'), original, 'the limit restored', 'realm.update.read-back');
}

async function badValues(ctx: CheckContext): Promise<void> {
  const before = await realmSetting(ctx, 'move_messages_within_stream_limit_seconds');
  for (const value of ['0', '-5', JSON.stringify('forever')]) {
    expectError(
      await ctx.call(ctx.cast.owner, 'PATCH', '/realm', { move_messages_within_stream_limit_seconds: value }),
      400,
      'REQUEST_VARIABLE_INVALID',
      undefined,
      'realm.update.bad-value',
    );
  }
  expectUnchanged(
    before,
    await realmSetting(ctx, 'move_messages_within_stream_limit_seconds'),
    'realm_move_messages_within_stream_limit_seconds',
    'realm.update.bad-value',
  );
}

/** can_delete_any_message_group, the oldest realm group setting realmGroupSettingAt names. */
const OLDEST_GROUP_SETTING_SINCE = 281;

/**
 * A channel setting the level has: zulip_update_announcements_stream_id (242), or before it
 * notifications_stream_id (new_stream_announcements_stream_id from 241).
 */
function channelSettingAt(level: number): string {
  if (sendsKeyAt(level, 'register-queue', 'realm_zulip_update_announcements_stream_id')) return 'zulip_update_announcements_stream_id';
  return 'notifications_stream_id';
}

async function groupSettingChange(ctx: CheckContext): Promise<void> {
  const ids = await systemGroupIds(ctx);
  const setting = realmGroupSettingAt(ctx.featureLevel) ?? 'can_delete_any_message_group';
  const original = await realmSetting(ctx, setting);
  const target = original === ids['role:moderators'] ? ids['role:administrators'] : ids['role:moderators'];
  const stale = original === ids['role:nobody'] ? ids['role:members'] : ids['role:nobody'];
  await restoring(ctx, { [setting]: JSON.stringify({ new: original }) }, async () => {
    expectError(
      await ctx.call(ctx.cast.administrator, 'PATCH', '/realm', { [setting]: JSON.stringify({ new: target, old: stale }) }),
      400,
      'EXPECTATION_MISMATCH',
      undefined,
      'realm.update.group-setting-change',
    );
    expectUnchanged(original, await realmSetting(ctx, setting), `realm_${setting}`, 'realm.update.group-setting-change');
    expectSuccess(
      await ctx.call(ctx.cast.administrator, 'PATCH', '/realm', { [setting]: JSON.stringify({ new: target, old: original }) }),
      'realm.update.group-setting-change',
    );
    expectEqual(await realmSetting(ctx, setting), target, `realm_${setting} after {new, old}`, 'realm.update.group-setting-change');
  });
  expectEqual(await realmSetting(ctx, setting), original, 'the group setting restored', 'realm.update.group-setting-change');
}

async function channelSettings(ctx: CheckContext): Promise<void> {
  const setting = channelSettingAt(ctx.featureLevel);
  const original = await realmSetting(ctx, setting);
  expectError(
    await ctx.call(ctx.cast.owner, 'PATCH', '/realm', { [setting]: '999999999' }),
    400,
    'BAD_REQUEST',
    'Invalid channel ID',
    'realm.update.channel-settings',
  );
  expectUnchanged(original, await realmSetting(ctx, setting), `realm_${setting}`, 'realm.update.channel-settings');
  if (original === -1) return;
  await restoring(ctx, { [setting]: String(original) }, async () => {
    expectSuccess(await ctx.call(ctx.cast.owner, 'PATCH', '/realm', { [setting]: '-1' }), 'realm.update.channel-settings');
    expectEqual(await realmSetting(ctx, setting), -1, 'the setting unset by -1', 'realm.update.channel-settings');
  });
}

export const UPDATE_REALM_CHECKS = defineChecks([
  {
    id: 'realm.update.administrators',
    title: 'Given a moderator, member or guest, when changing a setting, then it is refused and nothing changes',
    clauses: ['realm.update.administrators'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: administrators,
  },
  {
    id: 'realm.update.owners',
    title: 'Given an administrator, when changing retention or the waiting period, then it needs an owner and nothing changes',
    clauses: ['realm.update.owners'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: owners,
  },
  {
    id: 'realm.update.read-back',
    title: 'Given an administrator, when changing the edit time limit, then register reports the new value (and "unlimited" removes it)',
    clauses: ['realm.update.read-back', 'realm.update.bad-value'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: readBack,
  },
  {
    id: 'realm.update.bad-value',
    title: 'Given a zero, negative or unknown time limit, when changing it, then REQUEST_VARIABLE_INVALID and nothing changes',
    clauses: ['realm.update.bad-value'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: badValues,
  },
  {
    id: 'realm.update.group-setting',
    title: 'Given {new, old} with a stale old, then EXPECTATION_MISMATCH; with the current old, then the value changes',
    clauses: ['realm.update.group-setting-change'],
    level: 'compat',
    since: OLDEST_GROUP_SETTING_SINCE,
    endpoint: ENDPOINT,
    run: groupSettingChange,
  },
  {
    id: 'realm.update.channel-setting',
    title: 'Given an unknown channel id, then "Invalid channel ID"; given -1, then the setting is unset',
    clauses: ['realm.update.channel-settings'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: channelSettings,
  },
]);
