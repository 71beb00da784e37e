/**
 * Emoji reactions (reference server-messages-channels §7): which message a
 * user may react to, what a new reaction resolves to, and which reaction a
 * removal names. A reaction is one user's (emoji_code, reaction_type) on a
 * message; the name only labels it.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Message, Reaction, State, User } from '../state.js';
import { checkEmoji, type Emoji, emojiForName } from './emoji.js';
import { accessEditableMessage } from './message-editing.js';
import { selectUserMessageFlags } from './messages.js';

/** The message by id, for a reaction: readable and outside archived channels, else `Invalid message(s)`. */
export function accessReactableMessage(state: State, user: User, messageId: number, now: number): Checked<Message> {
  const access = accessEditableMessage(state, user, messageId, now);
  return access.ok ? accept(access.value.message) : access;
}

/** The user's reaction with this emoji, if any. */
export function selectOwnReaction(message: Message, userId: number, code: string, type: string): Reaction | undefined {
  return message.reactions.find((reaction) => reaction.userId === userId && reaction.emojiCode === code && reaction.reactionType === type);
}

/** The earliest reaction with this emoji, by anyone. */
export function selectReactionWithEmoji(message: Message, code: string, type: string): Reaction | undefined {
  return message.reactions.find((reaction) => reaction.emojiCode === code && reaction.reactionType === type);
}

/** Whether reacting creates the user's row for the message first (a message read from public history). */
export function reactionNeedsHistoricalRow(state: State, user: User, message: Message): boolean {
  return selectUserMessageFlags(state, user.id, message.id) === undefined;
}

/**
 * The emoji a new reaction of `user` gets (the real server's
 * check_add_reaction): code and type missing are looked up by name; the same
 * emoji twice from one user is refused; an emoji someone already reacted with
 * is a vote and keeps that reaction's name, unchecked; anything else must
 * validate.
 */
export function checkNewReaction(state: State, user: User, message: Message, name: string, code?: string, type?: string): Checked<Emoji> {
  let emojiCode = code;
  let emojiType = type;
  if (emojiCode === undefined || emojiType === undefined) {
    const byName = emojiForName(state, name);
    if (!byName.ok) return byName;
    emojiCode ??= byName.value.code;
    emojiType ??= byName.value.type;
  }
  if (selectOwnReaction(message, user.id, emojiCode, emojiType) !== undefined) return reject(Errors.reactionAlreadyExists());
  const vote = selectReactionWithEmoji(message, emojiCode, emojiType);
  if (vote !== undefined) return accept({ name: vote.emojiName, code: vote.emojiCode, type: vote.reactionType });
  return checkEmoji(state, name, emojiCode, emojiType);
}

/**
 * The user's reaction a removal names: by emoji_code, else by the code the
 * name has now; reaction_type is given or `unicode_emoji`. Nothing is
 * re-validated, so a reaction whose emoji has since gone can still be removed.
 */
export function checkReactionToRemove(
  state: State,
  user: User,
  message: Message,
  name: string | undefined,
  code: string | undefined,
  type: string,
): Checked<Reaction> {
  let emojiCode = code;
  if (emojiCode === undefined) {
    if (name === undefined) return reject(Errors.emojiNameOrCodeRequired());
    const byName = emojiForName(state, name);
    if (!byName.ok) return byName;
    emojiCode = byName.value.code;
  }
  const reaction = selectOwnReaction(message, user.id, emojiCode, type);
  return reaction === undefined ? reject(Errors.reactionDoesNotExist()) : accept(reaction);
}
