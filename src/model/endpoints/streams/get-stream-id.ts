import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail, succeed } from '../../outcome.js';
import { canAccessChannelContent, selectChannelByName } from '../../rules/channels.js';

/**
 * GET /get_stream_id: a channel's id by name. Like the real server this
 * needs content access to an active channel; everything else reads as an
 * unknown name.
 */
export const getStreamId = defineEndpoint({
  operation: 'get-stream-id',
  method: 'GET',
  path: '/get_stream_id',
  auth: 'basic',
  allowBots: true,
  params: z.object({ stream: z.string() }),
  reduce(state, { actor, params, now }) {
    const channel = selectChannelByName(state, params.stream.trim());
    if (channel === undefined || channel.isArchived || !canAccessChannelContent(state, actor, channel, now)) {
      return fail(Errors.invalidChannelName(params.stream));
    }
    return succeed(state, { stream_id: channel.id });
  },
});
