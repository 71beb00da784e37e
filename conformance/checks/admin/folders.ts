/** Channel folders: creating, changing, archiving and ordering them, and their events. Every folder made is archived afterwards. */
import { type CheckContext, defineChecks } from '../../check.js';
import { exactEvent, expectEvents, match } from '../../events/expect-events.js';
import { settle, withQueues } from '../../events/queue.js';
import { expectEqual, expectError, expectSuccess } from '../../expect.js';
import { integer, listFolders, withChannels, withFolders } from './support.js';

async function createFolder(ctx: CheckContext, name: string, description = ''): Promise<number> {
  return integer(
    expectSuccess(await ctx.call(ctx.cast.administrator, 'POST', '/channel_folders/create', { name, description }), 'admin.folders.create'),
    'channel_folder_id',
    'admin.folders.create',
  );
}

async function lifecycle(ctx: CheckContext): Promise<void> {
  const { administrator, member } = ctx.cast;
  await withFolders(ctx, async (made) => {
    const name = ctx.unique('folder').slice(-60);
    const id = made(await createFolder(ctx, name, 'For **teams**'));
    const listed = (await listFolders(ctx, member, false, 'admin.folders.create')).find((folder) => folder['id'] === id);
    expectEqual(
      listed === undefined
        ? undefined
        : { name: listed['name'], description: listed['description'], rendered: listed['rendered_description'], archived: listed['is_archived'] },
      { name, description: 'For **teams**', rendered: '<p>For <strong>teams</strong></p>', archived: false },
      `folder ${id} as listed`,
      'admin.folders.create',
    );
    expectError(
      await ctx.call(member, 'POST', '/channel_folders/create', { name: ctx.unique('nope').slice(-60), description: '' }),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization administrator',
      'admin.folders.admin-only',
    );
    expectError(
      await ctx.call(member, 'PATCH', `/channel_folders/${id}`, { description: 'x' }),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization administrator',
      'admin.folders.admin-only',
    );
    const renamed = ctx.unique('renamed').slice(-60);
    expectSuccess(await ctx.call(administrator, 'PATCH', `/channel_folders/${id}`, { name: renamed, description: 'New' }), 'admin.folders.update');
    const changed = (await listFolders(ctx, member, false)).find((folder) => folder['id'] === id);
    expectEqual([changed?.['name'], changed?.['description']], [renamed, 'New'], `folder ${id} after the change`, 'admin.folders.update');
    expectSuccess(await ctx.call(administrator, 'PATCH', `/channel_folders/${id}`, { is_archived: 'true' }), 'admin.folders.update');
    expectEqual(
      (await listFolders(ctx, member, false)).some((folder) => folder['id'] === id),
      false,
      `archived folder ${id} among the active ones`,
      'admin.folders.archived',
    );
    const archived = (await listFolders(ctx, member, true)).find((folder) => folder['id'] === id);
    expectEqual(archived?.['is_archived'], true, `folder ${id} with include_archived`, 'admin.folders.archived');
  });
}

async function names(ctx: CheckContext): Promise<void> {
  const { administrator } = ctx.cast;
  await withFolders(ctx, async (made) => {
    const name = ctx.unique('named').slice(-60);
    made(await createFolder(ctx, name));
    const before = await listFolders(ctx, administrator, true);
    expectError(
      await ctx.call(administrator, 'POST', '/channel_folders/create', { name: name.toUpperCase(), description: '' }),
      400,
      'BAD_REQUEST',
      'Channel folder name already in use',
      'admin.folders.name',
    );
    expectError(
      await ctx.call(administrator, 'POST', '/channel_folders/create', { name: '   ', description: '' }),
      400,
      'BAD_REQUEST',
      "Channel folder name can't be empty.",
      'admin.folders.name',
    );
    expectEqual((await listFolders(ctx, administrator, true)).length, before.length, 'the number of folders after refused creations', 'admin.folders.name');
  });
}

async function inUse(ctx: CheckContext): Promise<void> {
  const { administrator } = ctx.cast;
  await withFolders(ctx, async (made) => {
    const id = made(await createFolder(ctx, ctx.unique('busy').slice(-60)));
    await withChannels(ctx, async (channel) => {
      const params = { name: ctx.unique('infolder').slice(-60), subscribers: '[]', folder_id: String(id) };
      const channelId = channel(integer(expectSuccess(await ctx.call(administrator, 'POST', '/channels/create', params)), 'id'));
      expectError(
        await ctx.call(administrator, 'PATCH', `/channel_folders/${id}`, { is_archived: 'true' }),
        400,
        'BAD_REQUEST',
        'You need to remove all the channels from this folder to archive it.',
        'admin.folders.in-use',
      );
      expectSuccess(await ctx.call(administrator, 'PATCH', `/streams/${channelId}`, { folder_id: 'null' }), 'admin.folders.in-use');
    });
  });
}

async function order(ctx: CheckContext): Promise<void> {
  const { administrator } = ctx.cast;
  await withFolders(ctx, async (made) => {
    made(await createFolder(ctx, ctx.unique('first').slice(-60)));
    made(await createFolder(ctx, ctx.unique('second').slice(-60)));
    const ids = (await listFolders(ctx, administrator, true)).map((folder) => folder['id'] as number);
    expectError(
      await ctx.call(administrator, 'PATCH', '/channel_folders', { order: JSON.stringify(ids.slice(1)) }),
      400,
      'BAD_REQUEST',
      'Invalid order mapping.',
      'admin.folders.order',
    );
    const reversed = [...ids].reverse();
    expectSuccess(await ctx.call(administrator, 'PATCH', '/channel_folders', { order: JSON.stringify(reversed) }), 'admin.folders.order');
    const after = await listFolders(ctx, administrator, true);
    expectEqual(
      after.map((folder) => folder['id']),
      reversed,
      'folders after reordering',
      'admin.folders.order',
    );
    expectSuccess(await ctx.call(administrator, 'PATCH', '/channel_folders', { order: JSON.stringify(ids) }));
  });
}

async function events(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  await withFolders(ctx, async (made) => {
    await withQueues(ctx, { member: [member, { eventTypes: ['channel_folder'] }] }, async (queues) => {
      const name = ctx.unique('heard').slice(-60);
      const id = made(await createFolder(ctx, name, 'plain'));
      expectSuccess(await ctx.call(ctx.cast.administrator, 'PATCH', `/channel_folders/${id}`, { description: 'changed' }));
      await settle(ctx, [queues.member]);
      const folder = {
        id,
        name,
        description: 'plain',
        rendered_description: '<p>plain</p>',
        order: match.integer(),
        date_created: match.integer(),
        creator_id: ctx.cast.administrator.userId,
        is_archived: false,
      };
      await expectEvents(queues.member, [exactEvent({ type: 'channel_folder', op: 'add', channel_folder: folder })], {
        what: 'creating a folder',
        clause: 'events.folders',
      });
      await expectEvents(
        queues.member,
        [exactEvent({ type: 'channel_folder', op: 'update', channel_folder_id: id, data: { description: 'changed', rendered_description: '<p>changed</p>' } })],
        {
          what: 'describing a folder',
          clause: 'events.folders',
        },
      );
    });
  });
}

export const FOLDER_CHECKS = defineChecks([
  {
    id: 'admin.folders.lifecycle',
    title:
      'Given an administrator, when they create, change and archive a folder, then members list it as it is and no longer once archived; members may not change folders',
    clauses: ['admin.folders.create', 'admin.folders.admin-only', 'admin.folders.update', 'admin.folders.archived'],
    level: 'compat',
    endpoint: 'POST /channel_folders/create',
    run: lifecycle,
  },
  {
    id: 'admin.folders.name',
    title: 'Given a folder, when another is created under its name in other case or under a blank name, then both are refused and no folder is added',
    clauses: ['admin.folders.name'],
    level: 'compat',
    endpoint: 'POST /channel_folders/create',
    run: names,
  },
  {
    id: 'admin.folders.in-use',
    title: 'Given a folder holding a channel, when it is archived, then the real refusal; once the channel leaves the folder it can be',
    clauses: ['admin.folders.in-use'],
    level: 'compat',
    endpoint: 'PATCH /channel_folders/{channel_folder_id}',
    run: inUse,
  },
  {
    id: 'admin.folders.order',
    title: 'Given folders, when an order misses one, then "Invalid order mapping."; when it names all, then they are listed in that order',
    clauses: ['admin.folders.order'],
    level: 'compat',
    endpoint: 'PATCH /channel_folders',
    run: order,
  },
  {
    id: 'events.folders',
    title: 'Given a member’s queue, when an administrator creates and describes a folder, then the member gets channel_folder add and update',
    clauses: ['events.folders'],
    level: 'compat',
    endpoint: 'POST /channel_folders/create',
    run: events,
  },
]);
