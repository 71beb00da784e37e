import { produce } from 'immer';
import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail, succeed } from '../../outcome.js';
import { accessChannelForAdministration } from '../../rules/channel-administration.js';
import { putChannelMutably } from '../../tables/channels.js';

/**
 * DELETE /streams/{stream_id}: archives a channel. Its name stays taken,
 * its subscriptions stay, and it stops being a default channel.
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
    const access = accessChannelForAdministration(state, actor, path['stream_id'] as number, now);
    if (!access.ok) return fail(access.error);
    const channel = access.value;
    if (channel.isArchived) return fail(Errors.badRequest('Channel is already deactivated'));
    return succeed(
      produce(state, (draft) => {
        putChannelMutably(draft, { ...channel, isArchived: true });
        if (state.defaultChannelIds.includes(channel.id)) draft.defaultChannelIds = state.defaultChannelIds.filter((id) => id !== channel.id);
      }),
    );
  },
});
