import { z } from 'zod';
import { removeDefaultChannel } from '../../actions/default-channels.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { accessChannelToUndefault } from '../../rules/default-channels.js';

/** DELETE /default_streams: an administrator stops a channel being a default one. */
export const removeDefaultStream = defineEndpoint({
  operation: 'remove-default-stream',
  method: 'DELETE',
  path: '/default_streams',
  auth: 'basic',
  allowBots: true,
  requiresAdministrator: true,
  params: z.object({ stream_id: wire.int() }),
  reduce(state, { actor, params, now }) {
    const channel = accessChannelToUndefault(state, actor, params.stream_id, now);
    if (!channel.ok) return fail(channel.error);
    return succeed(commit(state, now, (tx) => removeDefaultChannel(tx, channel.value)));
  },
});
