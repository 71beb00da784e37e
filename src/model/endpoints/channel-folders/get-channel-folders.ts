import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { presentChannelFolder } from '../../present/channel-folders.js';
import { selectChannelFolders } from '../../rules/channel-folders.js';

/** GET /channel_folders: the organization's folders by order, to every user (archived ones on request). */
export const getChannelFolders = defineEndpoint({
  operation: 'get-channel-folders',
  method: 'GET',
  path: '/channel_folders',
  auth: 'basic',
  allowBots: true,
  params: z.object({ include_archived: wire.bool().default(false) }),
  reduce(state, { params }) {
    return succeed(state, { channel_folders: selectChannelFolders(state, params.include_archived).map(presentChannelFolder) });
  },
});
