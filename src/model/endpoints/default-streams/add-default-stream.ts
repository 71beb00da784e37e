import { z } from 'zod';
import { addDefaultChannel } from '../../actions/default-channels.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { accessChannelToMakeDefault } from '../../rules/default-channels.js';

/** POST /default_streams: an administrator makes a public channel one that new users join. */
export const addDefaultStream = defineEndpoint({
  operation: 'add-default-stream',
  method: 'POST',
  path: '/default_streams',
  auth: 'basic',
  allowBots: true,
  requiresAdministrator: true,
  params: z.object({ stream_id: wire.int() }),
  reduce(state, { actor, params, now }) {
    const channel = accessChannelToMakeDefault(state, actor, params.stream_id, now);
    if (!channel.ok) return fail(channel.error);
    if (state.defaultChannelIds.includes(channel.value.id)) return succeed(state);
    return succeed(commit(state, now, (tx) => addDefaultChannel(tx, channel.value)));
  },
});
