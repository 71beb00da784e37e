import { z } from 'zod';
import { type ChannelFolderChange, updateChannelFolder } from '../../actions/channel-folders.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { maxChars, wire } from '../../params/wire.js';
import { accessChannelFolderById, checkChannelFolderName, isChannelFolderInUse } from '../../rules/channel-folders.js';
import { MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, MAX_CHANNEL_FOLDER_NAME_LENGTH } from '../register/limits.js';

/**
 * PATCH /channel_folders/{channel_folder_id}: an administrator renames,
 * describes, archives or unarchives a folder. Values equal to the current
 * ones are skipped without a check; a folder holding channels cannot be archived.
 */
export const updateChannelFolderEndpoint = defineEndpoint({
  operation: 'update-channel-folder',
  method: 'PATCH',
  path: '/channel_folders/{channel_folder_id}',
  pathParams: { channel_folder_id: 'int' },
  auth: 'basic',
  allowBots: true,
  requiresAdministrator: true,
  params: z.object({
    name: maxChars(MAX_CHANNEL_FOLDER_NAME_LENGTH).optional(),
    description: maxChars(MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH).optional(),
    is_archived: wire.bool().optional(),
  }),
  reduce(state, { path, params, now }) {
    const access = accessChannelFolderById(state, path.channel_folder_id);
    if (!access.ok) return fail(access.error);
    const folder = access.value;
    const change: { -readonly [K in keyof ChannelFolderChange]: ChannelFolderChange[K] } = {};
    if (params.name !== undefined && params.name !== folder.name) {
      const name = checkChannelFolderName(state, params.name);
      if (!name.ok) return fail(name.error);
      change.name = name.value;
    }
    if (params.description !== undefined && params.description !== folder.description) change.description = params.description;
    if (params.is_archived !== undefined && params.is_archived !== folder.isArchived) {
      if (params.is_archived && isChannelFolderInUse(state, folder.id)) return fail(Errors.channelFolderInUse());
      change.isArchived = params.is_archived;
    }
    if (Object.keys(change).length === 0) return succeed(state);
    return succeed(commit(state, now, (tx) => updateChannelFolder(tx, folder, change)));
  },
});
