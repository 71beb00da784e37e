/** GET /get_stream_id: a channel's id by name. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess } from '../../expect.js';
import { createChannel } from './support.js';

const ENDPOINT = 'GET /get_stream_id';

async function lookup(ctx: CheckContext): Promise<void> {
  const made = await createChannel(ctx, ctx.cast.member, 'lookup');
  const body = expectSuccess(await ctx.call(ctx.cast.otherMember, 'GET', '/get_stream_id', { stream: made.name.toUpperCase() }));
  expectEqual(body['stream_id'], made.id, 'the id found by the name in other case', 'streams.get-id.lookup');
}

async function noLeak(ctx: CheckContext): Promise<void> {
  const hidden = await createChannel(ctx, ctx.cast.otherMember, 'lookup-hidden', { invite_only: true });
  const unknown = ctx.unique('lookup-unknown');
  const seen = expectError(
    await ctx.call(ctx.cast.member, 'GET', '/get_stream_id', { stream: hidden.name }),
    400,
    'BAD_REQUEST',
    `Invalid channel name '${hidden.name}'`,
    'streams.get-id.no-leak',
  );
  const missing = expectError(
    await ctx.call(ctx.cast.member, 'GET', '/get_stream_id', { stream: unknown }),
    400,
    'BAD_REQUEST',
    `Invalid channel name '${unknown}'`,
    'streams.get-id.no-leak',
  );
  expectEqual(Object.keys(seen).sort(), Object.keys(missing).sort(), 'the same fields for an invisible and an unknown name', 'streams.get-id.no-leak');
}

export const GET_STREAM_ID_CHECKS = defineChecks([
  {
    id: 'streams.get-id.lookup',
    title: 'Given a channel, when another member looks its name up in other case, then its id comes back',
    clauses: ['streams.get-id.lookup'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: lookup,
  },
  {
    id: 'streams.get-id.no-leak',
    title: 'Given a private channel of someone else, when a member looks its name up, then the answer is the unknown-name error',
    clauses: ['streams.get-id.no-leak'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: noLeak,
  },
]);
