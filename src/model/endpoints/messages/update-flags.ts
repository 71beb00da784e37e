import { z } from 'zod';
import { planFlagUpdate, updateMessageFlags } from '../../actions/message-flags.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { checkFlagChange } from '../../rules/message-flags.js';

/**
 * POST /messages/flags (reference server-messages-channels §5.2, §5.3): adds or
 * removes one of the user's own changeable flags on the listed messages. The
 * answer echoes the ids asked, whatever changed, and always lists the
 * channels a mark-unread skipped.
 */
export const updateMessageFlagsEndpoint = defineEndpoint({
  operation: 'update-message-flags',
  method: 'POST',
  path: '/messages/flags',
  auth: 'basic',
  params: z.object({
    flag: z.string(),
    messages: wire.intArray(),
    op: z.string(),
  }),
  reduce(state, { actor, params, now }) {
    const change = checkFlagChange(params.flag, params.op);
    if (!change.ok) return fail(change.error);
    const update = planFlagUpdate(state, actor, change.value, params.messages, now);
    if (!update.ok) return fail(update.error);
    return succeed(
      commit(state, now, (tx) => updateMessageFlags(tx, actor, update.value)),
      { messages: params.messages, ignored_because_not_subscribed_channels: update.value.ignoredChannelIds },
    );
  },
});
