/**
 * Adding and removing a reaction, with the `reaction` event told to whoever
 * hears of actions on the message (reference server-events §5.1).
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import type { Emoji } from '../rules/emoji.js';
import { reactionEventsCarryUser } from '../rules/feature-levels.js';
import { selectMessageActionAudienceIds } from '../rules/message-deletion.js';
import { HISTORICAL_READ } from '../rules/message-flags.js';
import { apiEmail } from '../rules/users.js';
import type { Message, Reaction, State, User } from '../state.js';
import { putUserMessageMutably, replaceMessageMutably } from '../tables/messages.js';

function notifyReaction(tx: Tx, op: 'add' | 'remove', user: User, message: Message, reaction: Reaction): void {
  const current = tx.draft as unknown as State;
  const event = {
    type: 'reaction',
    op,
    user_id: user.id,
    // The deprecated duplicate of user_id, which servers below FL 484 sent.
    ...(reactionEventsCarryUser(current) ? { user: { user_id: user.id, email: apiEmail(current, user), full_name: user.fullName } } : {}),
    message_id: message.id,
    emoji_name: reaction.emojiName,
    emoji_code: reaction.emojiCode,
    reaction_type: reaction.reactionType,
  };
  tx.emit(event, Audiences.users(selectMessageActionAudienceIds(current, message)));
}

/**
 * Adds the user's reaction. A user without a row for the message (read from
 * public history) gets one first, read and historical, and so hears of it too.
 */
export function addReaction(tx: Tx, user: User, message: Message, emoji: Emoji, needsRow: boolean): void {
  if (needsRow) putUserMessageMutably(tx.draft, user.id, message, HISTORICAL_READ);
  const reaction: Reaction = { emojiName: emoji.name, emojiCode: emoji.code, reactionType: emoji.type, userId: user.id };
  replaceMessageMutably(tx.draft, { ...message, reactions: [...message.reactions, reaction] });
  notifyReaction(tx, 'add', user, message, reaction);
}

export function removeReaction(tx: Tx, user: User, message: Message, reaction: Reaction): void {
  replaceMessageMutably(tx.draft, { ...message, reactions: message.reactions.filter((entry) => entry !== reaction) });
  notifyReaction(tx, 'remove', user, message, reaction);
}
