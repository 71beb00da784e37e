/**
 * POST /users/me/subscriptions: the name and description limits count
 * characters (code points), not UTF-8 bytes, so non-ASCII text gets the
 * whole allowance.
 */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess } from '../../expect.js';
import { channelNamed, existingNames, subscribe } from './support.js';

const ENDPOINT = 'POST /users/me/subscriptions';

/** `base` padded to exactly `length` code points with a two-byte letter. */
function padTo(base: string, length: number): string {
  return base + 'é'.repeat(length - [...base].length);
}

async function nameInCharacters(ctx: CheckContext): Promise<void> {
  const longest = padTo(ctx.unique('ü'), 60);
  expectSuccess(await subscribe(ctx, ctx.cast.member, [longest]), 'subscribe.name-limit');
  expectEqual((await channelNamed(ctx, longest))?.['name'], longest, 'the 60-character non-ASCII name, whole', 'subscribe.name-limit');
  const tooLong = padTo(ctx.unique('ü'), 61);
  expectError(await subscribe(ctx, ctx.cast.member, [tooLong]), 400, 'BAD_REQUEST', 'Channel name too long (limit: 60 characters).', 'subscribe.name-limit');
  expectEqual(await existingNames(ctx, [tooLong]), [], 'no channel with a 61-character name', 'subscribe.name-limit');
}

async function descriptionInCharacters(ctx: CheckContext): Promise<void> {
  const name = ctx.unique('desc-chars');
  const text = 'é'.repeat(1024);
  expectSuccess(
    await ctx.call(ctx.cast.member, 'POST', '/users/me/subscriptions', { subscriptions: JSON.stringify([{ name, description: text }]) }),
    'subscribe.description',
  );
  expectEqual((await channelNamed(ctx, name))?.['description'], text, 'a 1024-character non-ASCII description, whole', 'subscribe.description');
}

export const SUBSCRIBE_LENGTH_CHECKS = defineChecks([
  {
    id: 'subscribe.name-limit.characters',
    title: 'When a name has 60 two-byte characters, then it is accepted whole; 61 are refused',
    clauses: ['subscribe.name-limit'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: nameInCharacters,
  },
  {
    id: 'subscribe.description.characters',
    title: 'When a new channel’s description has 1024 two-byte characters, then it is kept whole',
    clauses: ['subscribe.description'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: descriptionInCharacters,
  },
]);
