import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { accessChannelContentById } from '../../rules/channel-content.js';
import { canFetchArchivedChannels } from '../../rules/feature-levels.js';
import { selectTopicHistory } from '../../rules/topic-history.js';

/**
 * GET /users/me/{stream_id}/topics: the channel's topics the caller may see,
 * each with its newest message id, newest first. A channel the caller cannot
 * read (or, below FL 480, an archived one) is "Invalid channel ID", as a missing one.
 */
export const getStreamTopics = defineEndpoint({
  operation: 'get-stream-topics',
  method: 'GET',
  path: '/users/me/{stream_id}/topics',
  pathParams: { stream_id: 'int' },
  auth: 'basic',
  params: z.object({
    allow_empty_topic_name: wire.bool().default(false),
  }),
  reduce(state, { actor, path, params, now }) {
    const channel = accessChannelContentById(state, actor, path.stream_id, now, { allowArchived: canFetchArchivedChannels(state) });
    if (!channel.ok) return fail(channel.error);
    return succeed(state, { topics: selectTopicHistory(state, actor, channel.value, params.allow_empty_topic_name) });
  },
});
