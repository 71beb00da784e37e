import { z } from 'zod';
import { addReaction } from '../../actions/reactions.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessReactableMessage, checkNewReaction, reactionNeedsHistoricalRow } from '../../rules/reactions.js';

/** POST /messages/{message_id}/reactions (reference server-messages-channels §7.1–7.3). */
export const addReactionEndpoint = defineEndpoint({
  operation: 'add-reaction',
  method: 'POST',
  path: '/messages/{message_id}/reactions',
  pathParams: { message_id: 'int' },
  auth: 'basic',
  params: z.object({
    emoji_name: z.string(),
    emoji_code: z.string().optional(),
    reaction_type: z.string().optional(),
  }),
  reduce(state, { actor, path, params, now }) {
    const access = accessReactableMessage(state, actor, path.message_id, now);
    if (!access.ok) return fail(access.error);
    const message = access.value;
    const emoji = checkNewReaction(state, actor, message, params.emoji_name, params.emoji_code, params.reaction_type);
    if (!emoji.ok) return fail(emoji.error);
    const needsRow = reactionNeedsHistoricalRow(state, actor, message);
    return succeed(commit(state, now, (tx) => addReaction(tx, actor, message, emoji.value, needsRow)));
  },
});
