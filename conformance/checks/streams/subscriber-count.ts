/** GET /streams and GET /streams/{id}/members: the subscriber count and list follow unsubscribing and deactivation. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectSuccess } from '../../expect.js';
import { channelFieldAt, createChannel, readChannel, wire } from './support.js';

const ENDPOINT = 'GET /streams';

async function follows(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const leaving = await ctx.newUser();
  const made = await createChannel(ctx, member, 'count', { principals: [member.userId, otherMember.userId, leaving.userId] });
  // subscriber_count appeared at 394; before, only the subscriber list is checked.
  const counted = channelFieldAt(ctx.featureLevel, 'subscriber_count');
  const count = async () => (await readChannel(ctx, made.id))['subscriber_count'];
  if (counted) expectEqual(await count(), 3, 'subscriber_count of a channel made with three subscribers', 'streams.channel.extra-fields');
  expectSuccess(await ctx.call(otherMember, 'DELETE', '/users/me/subscriptions', wire({ subscriptions: [made.name] })));
  if (counted) expectEqual(await count(), 2, 'subscriber_count after one unsubscribed', 'streams.channel.extra-fields');
  expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${leaving.userId}`));
  if (counted) expectEqual(await count(), 1, 'subscriber_count after a subscriber was deactivated (active users only)', 'streams.channel.extra-fields');
  const members = expectSuccess(await ctx.call(member, 'GET', `/streams/${made.id}/members`))['subscribers'];
  expectEqual(members, [member.userId], 'GET /streams/{id}/members without the one who left and the deactivated one', 'streams.members.list');
}

export const SUBSCRIBER_COUNT_CHECKS = defineChecks([
  {
    id: 'streams.list.subscriber-count',
    title:
      'Given a channel with three subscribers, when one leaves and one is deactivated, then subscriber_count reads 3, 2, then 1 and only the active subscriber is listed',
    clauses: ['streams.channel.extra-fields', 'streams.members.list'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: follows,
  },
]);
