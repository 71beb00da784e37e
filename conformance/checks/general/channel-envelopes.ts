/** The envelopes and ignored_parameters_unsupported on the channel, subscription and group endpoints. */
import { type CheckContext, defineChecks } from '../../check.js';
import { type Body, expectClientError, expectEqual, expectSuccess, expectTrue } from '../../expect.js';
import { existingNames, subscribe, subscribedNames } from '../channels/support.js';
import { createGroup, membership, wireParams } from '../groups/support.js';

const UNSUPPORTED = 'chatref_unsupported';

function listsUnsupported(body: Body, where: string): void {
  const ignored = body['ignored_parameters_unsupported'];
  expectTrue(
    Array.isArray(ignored) && ignored.includes(UNSUPPORTED),
    `${where} to list ${UNSUPPORTED} in ignored_parameters_unsupported, got ${JSON.stringify(ignored)}`,
    'general.ignored-parameters',
  );
}

async function successEnvelopes(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  expectSuccess(await ctx.call(member, 'GET', '/streams'), 'general.envelope.success');
  const name = ctx.unique('envelope');
  expectSuccess(await subscribe(ctx, member, [name]), 'general.envelope.success');
  const group = await createGroup(ctx);
  expectSuccess(await ctx.call(member, 'POST', `/user_groups/${group}/members`, wireParams({ add: [otherMember.userId] })), 'general.envelope.success');
  expectEqual((await membership(ctx, group)).members, [otherMember.userId], 'the group members read back');
}

async function errorEnvelopes(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const name = ctx.unique('envelope-bad');
  expectClientError(await subscribe(ctx, member, [name], { principals: [2_000_000_000] }), 'general.envelope.error');
  expectClientError(await ctx.call(member, 'GET', '/streams', { include_public: 'maybe' }), 'general.envelope.error');
  expectClientError(await ctx.call(member, 'POST', '/user_groups/2000000000/members', wireParams({ add: [member.userId] })), 'general.envelope.error');
  expectEqual(await existingNames(ctx, [name]), [], 'no channel created by the failed subscribe');
}

async function ignoredParameters(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  listsUnsupported(expectSuccess(await ctx.call(member, 'GET', '/streams', { [UNSUPPORTED]: 'x' })), 'GET /streams');
  const name = ctx.unique('ignored');
  listsUnsupported(expectSuccess(await subscribe(ctx, member, [name], { [UNSUPPORTED]: 'x' })), 'POST /users/me/subscriptions');
  expectEqual(await subscribedNames(ctx, member, [name]), [name], 'the subscription made despite the unsupported parameter', 'general.ignored-parameters');
  const group = await createGroup(ctx);
  listsUnsupported(
    expectSuccess(await ctx.call(member, 'POST', `/user_groups/${group}/members`, { ...wireParams({ add: [otherMember.userId] }), [UNSUPPORTED]: 'x' })),
    'POST /user_groups/{user_group_id}/members',
  );
  expectEqual((await membership(ctx, group)).members, [otherMember.userId], 'the member added despite the unsupported parameter', 'general.ignored-parameters');
}

export const CHANNEL_ENVELOPE_CHECKS = defineChecks([
  {
    id: 'general.envelope.success.channels-and-groups',
    title: 'Given a listing, a subscription and a group change, when they succeed, then each answer has result "success" and msg ""',
    clauses: ['general.envelope.success'],
    level: 'spec',
    endpoint: 'POST /users/me/subscriptions',
    run: successEnvelopes,
  },
  {
    id: 'general.envelope.error.channels-and-groups',
    title: 'Given an unknown principal, a bad listing flag and an unknown group, when the requests fail, then each answer is an error envelope',
    clauses: ['general.envelope.error'],
    level: 'spec',
    endpoint: 'POST /users/me/subscriptions',
    run: errorEnvelopes,
  },
  {
    id: 'general.ignored-parameters.channels-and-groups',
    title:
      'Given an unsupported parameter on the listing, subscribe and group-members endpoints, when they succeed, then it is listed as ignored and the rest applies',
    clauses: ['general.ignored-parameters'],
    level: 'spec',
    endpoint: 'GET /streams',
    run: ignoredParameters,
  },
]);
