import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail, succeed } from '../../outcome.js';
import { accessChannelById } from '../../rules/channels.js';
import { getRow, rows } from '../../tables/table.js';

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
    const channel = accessChannelById(state, actor, path['stream_id'] as number, now, { activeOnly: true });
    if (!channel.ok) return fail(channel.error);
    const subscriberIds = getRow(state.subscriberIdsByChannel, channel.value.id);
    const subscribers = subscriberIds === undefined ? [] : [...rows(subscriberIds)].filter((id) => getRow(state.users, id)?.isActive === true);
    return succeed(state, { subscribers: subscribers.sort((a, b) => a - b) });
  },
});
