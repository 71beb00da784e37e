import { z } from 'zod';
import { archiveChannel } from '../../actions/channels.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessChannelForAdministration } from '../../rules/channel-administration.js';

/**
 * DELETE /streams/{stream_id}: archives a channel. Its name stays taken,
 * its subscriptions stay; it stops being a default channel and the
 * organization's announcement and moderation settings naming it are unset.
 */
export const archiveStream = defineEndpoint({
  operation: 'archive-stream',
  method: 'DELETE',
  path: '/streams/{stream_id}',
  pathParams: { stream_id: 'int' },
  auth: 'basic',
  allowBots: true,
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const access = accessChannelForAdministration(state, actor, path.stream_id, now);
    if (!access.ok) return fail(access.error);
    const channel = access.value;
    if (channel.isArchived) return fail(Errors.channelAlreadyArchived());
    return succeed(commit(state, now, (tx) => archiveChannel(tx, channel)));
  },
});
