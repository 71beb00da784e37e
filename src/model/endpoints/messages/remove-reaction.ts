import { z } from 'zod';
import { removeReaction } from '../../actions/reactions.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessReactableMessage, checkReactionToRemove } from '../../rules/reactions.js';

/** DELETE /messages/{message_id}/reactions (reference server-messages-channels §7.4): the caller's own reaction only. */
export const removeReactionEndpoint = defineEndpoint({
  operation: 'remove-reaction',
  method: 'DELETE',
  path: '/messages/{message_id}/reactions',
  pathParams: { message_id: 'int' },
  auth: 'basic',
  params: z.object({
    emoji_name: z.string().optional(),
    emoji_code: z.string().optional(),
    reaction_type: z.string().default('unicode_emoji'),
  }),
  reduce(state, { actor, path, params, now }) {
    const access = accessReactableMessage(state, actor, path.message_id, now);
    if (!access.ok) return fail(access.error);
    const message = access.value;
    const reaction = checkReactionToRemove(state, actor, message, params.emoji_name, params.emoji_code, params.reaction_type);
    if (!reaction.ok) return fail(reaction.error);
    return succeed(commit(state, now, (tx) => removeReaction(tx, actor, message, reaction.value)));
  },
});
