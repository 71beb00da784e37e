/** GET /streams/{stream_id}: one channel, and nothing about an invisible one. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { createChannel, errorShape, MISSING_CHANNEL_ID } from './support.js';

const ENDPOINT = 'GET /streams/{stream_id}';

async function shape(ctx: CheckContext): Promise<void> {
  const made = await createChannel(ctx, ctx.cast.member, 'by-id');
  const body = expectSuccess(await ctx.call(ctx.cast.otherMember, 'GET', `/streams/${made.id}`));
  const stream = body['stream'];
  expectTrue(stream !== null && typeof stream === 'object', `a stream object, got ${JSON.stringify(body)}`, 'streams.get.shape');
  expectEqual([stream['stream_id'], stream['name'], stream['invite_only']], [made.id, made.name, false], 'stream_id, name, invite_only', 'streams.get.shape');
}

async function noLeak(ctx: CheckContext): Promise<void> {
  const hidden = await createChannel(ctx, ctx.cast.otherMember, 'by-id-hidden', { invite_only: true });
  const seen = await ctx.call(ctx.cast.member, 'GET', `/streams/${hidden.id}`);
  expectError(seen, 400, 'BAD_REQUEST', 'Invalid channel ID', 'streams.get.no-leak');
  const missing = await ctx.call(ctx.cast.member, 'GET', `/streams/${MISSING_CHANNEL_ID}`);
  expectEqual(errorShape(seen), errorShape(missing), 'the same answer for an invisible and a missing channel', 'streams.get.no-leak');
  const guestSeen = await ctx.call(ctx.cast.guest, 'GET', `/streams/${hidden.id}`);
  expectEqual(
    errorShape(guestSeen),
    errorShape(await ctx.call(ctx.cast.guest, 'GET', `/streams/${MISSING_CHANNEL_ID}`)),
    'the same answer for a guest',
    'streams.get.no-leak',
  );
  // An administrator may know every channel.
  expectSuccess(await ctx.call(ctx.cast.administrator, 'GET', `/streams/${hidden.id}`));
}

export const GET_STREAM_BY_ID_CHECKS = defineChecks([
  {
    id: 'streams.get.shape',
    title: 'Given a public channel, when another member gets it by id, then the answer is {stream} with its id and name',
    clauses: ['streams.get.shape'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: shape,
  },
  {
    id: 'streams.get.no-leak',
    title: 'Given a private channel of someone else, when a member or guest gets it by id, then the answer equals the one for a missing id',
    clauses: ['streams.get.no-leak'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: noLeak,
  },
]);
