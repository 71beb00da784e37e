/** DELETE /users/me/subscriptions: removing subscriptions. */
import { defineChecks, type CheckContext } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectUnchanged } from '../../expect.js';
import { makeChannel, subscribe, subscribedNames, unsubscribe } from './support.js';

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
  expectError(await unsubscribe(ctx, member, [made.name], { principals: [otherMember.userId] }), 400, 'BAD_REQUEST', 'Insufficient permission', 'unsubscribe.others-permission');
  expectUnchanged(before, await subscribedNames(ctx, otherMember, [made.name]), 'the other member’s subscription', 'unsubscribe.others-permission');
  expectSuccess(await unsubscribe(ctx, administrator, [made.name], { principals: [otherMember.userId] }), 'unsubscribe.others-permission');
  expectEqual(await subscribedNames(ctx, otherMember, [made.name]), [], 'unsubscribed by an administrator', 'unsubscribe.others-permission');
}

export const UNSUBSCRIBE_CHECKS = defineChecks([
  { id: 'unsubscribe.effect', title: 'When a member unsubscribes from a channel they are in and one they are not, then {removed, not_removed} name them and both are gone', clauses: ['unsubscribe.effect'], level: 'compat', endpoint: ENDPOINT, run: effect },
  { id: 'unsubscribe.unknown-channel', title: 'When one name is unknown, then the call fails as a whole with "Channel(s) (…) do not exist"', clauses: ['unsubscribe.unknown-channel'], level: 'compat', endpoint: ENDPOINT, run: unknownChannel },
  { id: 'unsubscribe.others-permission', title: 'When a member unsubscribes someone else, then "Insufficient permission"; an administrator may', clauses: ['unsubscribe.others-permission'], level: 'compat', endpoint: ENDPOINT, run: othersPermission },
]);
