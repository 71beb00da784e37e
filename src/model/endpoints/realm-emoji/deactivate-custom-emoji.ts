import { z } from 'zod';
import { deactivateRealmEmoji } from '../../actions/realm-emoji.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { missingCustomEmojiStatus } from '../../rules/feature-levels.js';
import { canRemoveCustomEmoji, selectActiveRealmEmoji } from '../../rules/realm-emoji.js';

/**
 * DELETE /realm/emoji/{emoji_name} (the real server's delete_emoji):
 * deactivates the active emoji of that name, as it is sent (no stripping).
 * Any user may call it; only administrators and the emoji's author succeed.
 */
export const deactivateCustomEmoji = defineEndpoint({
  operation: 'deactivate-custom-emoji',
  method: 'DELETE',
  path: '/realm/emoji/{emoji_name}',
  pathParams: { emoji_name: 'path' },
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const emoji = selectActiveRealmEmoji(state, path.emoji_name);
    if (emoji === undefined) return fail({ ...Errors.customEmojiNotFound(path.emoji_name), status: missingCustomEmojiStatus(state) });
    if (!canRemoveCustomEmoji(actor, emoji)) return fail(Errors.customEmojiRemovalDenied());
    return succeed(commit(state, now, (tx) => deactivateRealmEmoji(tx, emoji)));
  },
});
