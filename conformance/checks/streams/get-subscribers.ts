/** GET /streams/{stream_id}/members: who is subscribed. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectSuccess } from '../../expect.js';
import { createChannel, errorShape, MISSING_CHANNEL_ID, wire } from './support.js';

const ENDPOINT = 'GET /streams/{stream_id}/members';

async function list(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const made = await createChannel(ctx, member, 'members', { principals: [member.userId, otherMember.userId] });
  const body = expectSuccess(await ctx.call(otherMember, 'GET', `/streams/${made.id}/members`));
  expectEqual(
    [...(body['subscribers'] as number[])].sort((a, b) => a - b),
    [member.userId, otherMember.userId].sort((a, b) => a - b),
    'the two subscribers',
    'streams.members.list',
  );
}

async function noLeak(ctx: CheckContext): Promise<void> {
  const hidden = await createChannel(ctx, ctx.cast.otherMember, 'members-hidden', { invite_only: true });
  const seen = await ctx.call(ctx.cast.member, 'GET', `/streams/${hidden.id}/members`, wire({}));
  const missing = await ctx.call(ctx.cast.member, 'GET', `/streams/${MISSING_CHANNEL_ID}/members`);
  expectEqual(errorShape(seen), errorShape(missing), 'the same answer for an invisible and a missing channel', 'streams.members.no-leak');
  expectEqual(seen.status, 400, 'a 400 answer', 'streams.members.no-leak');
}

export const GET_SUBSCRIBERS_CHECKS = defineChecks([
  {
    id: 'streams.members.list',
    title: 'Given a channel with two subscribers, when a subscriber asks for its members, then both ids come back',
    clauses: ['streams.members.list'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: list,
  },
  {
    id: 'streams.members.no-leak',
    title: 'Given a private channel of someone else, when a member asks for its members, then the answer equals the one for a missing id',
    clauses: ['streams.members.no-leak'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: noLeak,
  },
]);
