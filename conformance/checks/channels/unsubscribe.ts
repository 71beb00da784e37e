/** DELETE /users/me/subscriptions: removing subscriptions. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectClientError, expectEqual, expectError, expectSuccess, expectUnchanged } from '../../expect.js';
import { makeChannel, subscribe, subscribedNames, systemGroupIds, unsubscribe } from './support.js';

const ENDPOINT = 'DELETE /users/me/subscriptions';

async function effect(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const left = await makeChannel(ctx, member, 'leave');
  const never = await makeChannel(ctx, otherMember, 'never');
  const body = expectSuccess(await unsubscribe(ctx, member, [left.name, never.name]), 'unsubscribe.effect');
  expectEqual([body['removed'], body['not_removed']], [[left.name], [never.name]], 'removed and not_removed', 'unsubscribe.effect');
  expectEqual(await subscribedNames(ctx, member, [left.name, never.name]), [], 'the member subscribed to neither', 'unsubscribe.effect');
}

async function unknownChannel(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const kept = await makeChannel(ctx, member, 'kept');
  const unknown = ctx.unique('nowhere');
  expectError(await unsubscribe(ctx, member, [kept.name, unknown]), 400, 'BAD_REQUEST', `Channel(s) (${unknown}) do not exist`, 'unsubscribe.unknown-channel');
  expectEqual(await subscribedNames(ctx, member, [kept.name]), [kept.name], 'still subscribed to the known channel', 'unsubscribe.unknown-channel');
}

async function othersPermission(ctx: CheckContext): Promise<void> {
  const { administrator, member, otherMember } = ctx.cast;
  const made = await makeChannel(ctx, administrator, 'crowd');
  expectSuccess(await subscribe(ctx, administrator, [made.name], { principals: [member.userId, otherMember.userId] }));
  const before = await subscribedNames(ctx, otherMember, [made.name]);
  expectError(
    await unsubscribe(ctx, member, [made.name], { principals: [otherMember.userId] }),
    400,
    'BAD_REQUEST',
    'Insufficient permission',
    'unsubscribe.others-permission',
  );
  expectUnchanged(before, await subscribedNames(ctx, otherMember, [made.name]), 'the other member’s subscription', 'unsubscribe.others-permission');
  expectSuccess(await unsubscribe(ctx, administrator, [made.name], { principals: [otherMember.userId] }), 'unsubscribe.others-permission');
  expectEqual(await subscribedNames(ctx, otherMember, [made.name]), [], 'unsubscribed by an administrator', 'unsubscribe.others-permission');
}

async function removeSubscribersGroup(ctx: CheckContext): Promise<void> {
  const ids = await systemGroupIds(ctx);
  const { owner, member, otherMember, moderator } = ctx.cast;
  const made = await makeChannel(ctx, owner, 'removers', {
    can_remove_subscribers_group: { direct_members: [member.userId], direct_subgroups: [] },
    can_administer_channel_group: ids['role:nobody'],
  });
  expectSuccess(await subscribe(ctx, owner, [made.name], { principals: [member.userId, otherMember.userId, moderator.userId] }));
  expectClientError(await unsubscribe(ctx, moderator, [made.name], { principals: [otherMember.userId] }), 'unsubscribe.remove-subscribers-group');
  expectEqual(
    await subscribedNames(ctx, otherMember, [made.name]),
    [made.name],
    'still subscribed after the refused call',
    'unsubscribe.remove-subscribers-group',
  );
  expectSuccess(await unsubscribe(ctx, member, [made.name], { principals: [otherMember.userId] }), 'unsubscribe.remove-subscribers-group');
  expectEqual(
    await subscribedNames(ctx, otherMember, [made.name]),
    [],
    'unsubscribed by a member of can_remove_subscribers_group',
    'unsubscribe.remove-subscribers-group',
  );
}

/** Nobody is in either group, so only the administrator's role can allow it; the channels are not the administrator's. */
async function administrators(ctx: CheckContext): Promise<void> {
  const ids = await systemGroupIds(ctx);
  const { administrator, member, otherMember } = ctx.cast;
  const locked = { can_remove_subscribers_group: ids['role:nobody'], can_administer_channel_group: ids['role:nobody'] };
  const open = await makeChannel(ctx, otherMember, 'locked-open', locked);
  const closed = await makeChannel(ctx, otherMember, 'locked-closed', { invite_only: true, ...locked });
  expectSuccess(await subscribe(ctx, otherMember, [open.name, closed.name], { principals: [member.userId] }));
  expectClientError(await unsubscribe(ctx, otherMember, [open.name], { principals: [member.userId] }), 'unsubscribe.administrators');
  expectEqual(
    (await subscribedNames(ctx, member, [open.name, closed.name])).sort(),
    [open.name, closed.name].sort(),
    'the member still subscribed after the creator was refused',
    'unsubscribe.administrators',
  );
  expectSuccess(await unsubscribe(ctx, administrator, [open.name, closed.name], { principals: [member.userId] }), 'unsubscribe.administrators');
  expectEqual(
    await subscribedNames(ctx, member, [open.name, closed.name]),
    [],
    'the member unsubscribed from both by an administrator',
    'unsubscribe.administrators',
  );
}

export const UNSUBSCRIBE_CHECKS = defineChecks([
  {
    id: 'unsubscribe.remove-subscribers-group',
    title:
      'Given a channel whose can_remove_subscribers_group holds a member, when that member unsubscribes another, then it works; a moderator outside the group is refused',
    clauses: ['unsubscribe.remove-subscribers-group'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: removeSubscribersGroup,
  },
  {
    id: 'unsubscribe.administrators',
    title:
      'Given a public and a private channel with nobody in the remove or administer groups, when an administrator not subscribed unsubscribes a member, then it works; the creator is refused',
    clauses: ['unsubscribe.administrators'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: administrators,
  },
  {
    id: 'unsubscribe.effect',
    title: 'When a member unsubscribes from a channel they are in and one they are not, then {removed, not_removed} name them and both are gone',
    clauses: ['unsubscribe.effect'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: effect,
  },
  {
    id: 'unsubscribe.unknown-channel',
    title: 'When one name is unknown, then the call fails as a whole with "Channel(s) (…) do not exist"',
    clauses: ['unsubscribe.unknown-channel'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: unknownChannel,
  },
  {
    id: 'unsubscribe.others-permission',
    title: 'When a member unsubscribes someone else, then "Insufficient permission"; an administrator may',
    clauses: ['unsubscribe.others-permission'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: othersPermission,
  },
]);
