/** POST /channels/create and the channel e-mail address. Every channel a check creates is archived afterwards. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { integer, withChannels, withFolders } from './support.js';

const CREATE = 'POST /channels/create';

async function createWithSubscribers(ctx: CheckContext): Promise<void> {
  const { member, otherMember, administrator } = ctx.cast;
  await withFolders(ctx, async (folder) => {
    const folderId = folder(
      integer(
        expectSuccess(await ctx.call(administrator, 'POST', '/channel_folders/create', { name: ctx.unique('cfolder').slice(-60), description: '' })),
        'channel_folder_id',
      ),
    );
    await withChannels(ctx, async (made) => {
      const name = ctx.unique('created').slice(-60);
      const body = expectSuccess(
        await ctx.call(member, 'POST', '/channels/create', {
          name,
          subscribers: JSON.stringify([member.userId, otherMember.userId]),
          folder_id: String(folderId),
        }),
        'admin.create.response',
      );
      const id = made(integer(body, 'id', 'admin.create.response'));
      const stream = expectSuccess(await ctx.call(member, 'GET', `/streams/${id}`), 'admin.create.response')['stream'] as Record<string, unknown>;
      expectEqual({ name: stream['name'], creator_id: stream['creator_id'] }, { name, creator_id: member.userId }, `channel ${id}`, 'admin.create.response');
      expectEqual(stream['folder_id'], folderId, `folder_id of channel ${id}`, 'admin.create.folder');
      const status = expectSuccess(await ctx.call(otherMember, 'GET', `/users/${otherMember.userId}/subscriptions/${id}`), 'admin.create.subscribers');
      expectEqual(status['is_subscribed'], true, 'the other member subscribed to the new channel', 'admin.create.subscribers');
      expectError(
        await ctx.call(member, 'POST', '/channels/create', { name: ctx.unique('nofolder').slice(-60), subscribers: '[]', folder_id: '999999999' }),
        400,
        'BAD_REQUEST',
        'Invalid channel folder ID',
        'admin.create.folder',
      );
    });
  });
}

async function refusals(ctx: CheckContext): Promise<void> {
  const { member, guest } = ctx.cast;
  await withChannels(ctx, async (made) => {
    const name = ctx.unique('taken').slice(-60);
    made(integer(expectSuccess(await ctx.call(member, 'POST', '/channels/create', { name, subscribers: '[]' })), 'id'));
    const taken = expectError(
      await ctx.call(member, 'POST', '/channels/create', { name: name.toUpperCase(), subscribers: '[]' }),
      409,
      'CHANNEL_ALREADY_EXISTS',
      undefined,
      'admin.create.taken',
    );
    expectTrue(typeof taken['msg'] === 'string', 'a message naming the channel', 'admin.create.taken');
    const fresh = ctx.unique('guest').slice(-60);
    expectError(
      await ctx.call(guest, 'POST', '/channels/create', { name: fresh, subscribers: '[]' }),
      400,
      'BAD_REQUEST',
      'Not allowed for guest users',
      'admin.create.guest',
    );
    expectError(await ctx.call(member, 'GET', '/get_stream_id', { stream: fresh }), 400, 'BAD_REQUEST', undefined, 'admin.create.guest');
  });
}

async function emailAddress(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  await withChannels(ctx, async (made) => {
    const params = { name: ctx.unique('mail').slice(-60), subscribers: JSON.stringify([member.userId]), invite_only: 'true' };
    const id = made(integer(expectSuccess(await ctx.call(member, 'POST', '/channels/create', params)), 'id'));
    const email = expectSuccess(await ctx.call(member, 'GET', `/streams/${id}/email_address`), 'admin.email-address')['email'];
    expectTrue(typeof email === 'string' && email.includes('@'), `an e-mail address, got ${JSON.stringify(email)}`, 'admin.email-address');
    expectError(await ctx.call(otherMember, 'GET', `/streams/${id}/email_address`), 400, 'BAD_REQUEST', 'Invalid channel ID', 'admin.email-address');
  });
}

export const CREATE_CHANNEL_CHECKS = defineChecks([
  {
    id: 'admin.create.subscribers',
    title:
      'Given a folder, when a member creates a channel in it for themselves and another member, then it exists with its creator, folder and both subscribers',
    clauses: ['admin.create.response', 'admin.create.subscribers', 'admin.create.folder'],
    level: 'compat',
    endpoint: CREATE,
    run: createWithSubscribers,
  },
  {
    id: 'admin.create.refusals',
    title:
      'Given a channel, when its name is used again in other case or a guest creates one, then 409 CHANNEL_ALREADY_EXISTS and "Not allowed for guest users", and nothing is created',
    clauses: ['admin.create.taken', 'admin.create.guest'],
    level: 'compat',
    endpoint: CREATE,
    run: refusals,
  },
  {
    id: 'admin.email-address',
    title:
      'Given a private channel, when a subscriber and an outsider ask for its e-mail address, then the subscriber gets one and the outsider "Invalid channel ID"',
    clauses: ['admin.email-address'],
    level: 'compat',
    endpoint: 'GET /streams/{stream_id}/email_address',
    run: emailAddress,
  },
]);
