import { z } from 'zod';
import { reorderChannelFolders } from '../../actions/channel-folders.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { checkChannelFolderOrder } from '../../rules/channel-folders.js';

/** PATCH /channel_folders: an administrator puts the folders in a new order (every folder, archived ones too). */
export const reorderChannelFoldersEndpoint = defineEndpoint({
  operation: 'patch-channel-folders',
  method: 'PATCH',
  path: '/channel_folders',
  auth: 'basic',
  allowBots: true,
  requiresAdministrator: true,
  params: z.object({ order: wire.intArray() }),
  reduce(state, { params, now }) {
    const positions = checkChannelFolderOrder(state, params.order);
    if (!positions.ok) return fail(positions.error);
    return succeed(commit(state, now, (tx) => reorderChannelFolders(tx, params.order, positions.value)));
  },
});
