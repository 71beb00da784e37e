import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail, succeed } from '../../outcome.js';
import { selectSubscriberIds } from '../../present/subscription.js';
import { accessChannelById } from '../../rules/channels.js';
import { canFetchArchivedChannels } from '../../rules/feature-levels.js';

/** GET /streams/{stream_id}/members: the active subscribers of a channel the user may know of, by id. */
export const getSubscribers = defineEndpoint({
  operation: 'get-subscribers',
  method: 'GET',
  path: '/streams/{stream_id}/members',
  pathParams: { stream_id: 'int' },
  auth: 'basic',
  allowBots: true,
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const channel = accessChannelById(state, actor, path.stream_id, now, { activeOnly: !canFetchArchivedChannels(state) });
    if (!channel.ok) return fail(channel.error);
    return succeed(state, { subscribers: selectSubscriberIds(state, channel.value.id) });
  },
});
