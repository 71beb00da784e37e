import { z } from 'zod';
import { addChannelFolder } from '../../actions/channel-folders.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { maxChars } from '../../params/wire.js';
import { checkChannelFolderName } from '../../rules/channel-folders.js';
import { MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, MAX_CHANNEL_FOLDER_NAME_LENGTH } from '../register/limits.js';

/** POST /channel_folders/create: an administrator adds a folder; it goes last in the order. */
export const createChannelFolder = defineEndpoint({
  operation: 'create-channel-folder',
  method: 'POST',
  path: '/channel_folders/create',
  auth: 'basic',
  allowBots: true,
  requiresAdministrator: true,
  params: z.object({
    name: maxChars(MAX_CHANNEL_FOLDER_NAME_LENGTH),
    description: maxChars(MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH),
  }),
  reduce(state, { actor, params, now }) {
    const name = checkChannelFolderName(state, params.name);
    if (!name.ok) return fail(name.error);
    let id = 0;
    const written = commit(state, now, (tx) => {
      id = addChannelFolder(tx, actor, name.value, params.description);
    });
    return succeed(written, { channel_folder_id: id });
  },
});
