import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail, succeed } from '../../outcome.js';
import { presentChannel } from '../../present/channel.js';
import { accessChannelById } from '../../rules/channels.js';
import { canFetchArchivedChannels } from '../../rules/feature-levels.js';

/** GET /streams/{stream_id}: one channel the user may know of (below FL 480 archived ones look missing, as on the real server). */
export const getStreamById = defineEndpoint({
  operation: 'get-stream-by-id',
  method: 'GET',
  path: '/streams/{stream_id}',
  pathParams: { stream_id: 'int' },
  auth: 'basic',
  allowBots: true,
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const channel = accessChannelById(state, actor, path.stream_id, now, { activeOnly: !canFetchArchivedChannels(state) });
    if (!channel.ok) return fail(channel.error);
    return succeed(state, { stream: presentChannel(state, channel.value) });
  },
});
