/**
 * Who may edit a message (reference server-messages-channels §4.2): the
 * message must be readable and outside archived channels; only its sender may
 * change its content, while the organization allows editing and within
 * message_content_edit_limit_seconds (for every role).
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Message, State, User } from '../state.js';
import { getRow } from '../tables/table.js';
import { accessMessage } from './messages.js';

/** The real server's grace on every edit and move time limit, for the round trip of a slow client. */
export const EDIT_LIMIT_GRACE_SECONDS = 20;

/** The message by id with the user's flags, for an edit: a message in an archived channel looks missing. */
export function accessEditableMessage(state: State, user: User, messageId: number, now: number): Checked<{ message: Message; flags: number }> {
  const access = accessMessage(state, user, messageId, now);
  if (!access.ok) return access;
  const { channelId } = access.value.message;
  if (channelId !== null && getRow(state.channels, channelId)?.isArchived === true) return reject(Errors.invalidMessage());
  return access;
}

/**
 * Whether the user may change the message's content now. `graceSeconds` is
 * the real server's 20 s for an edit, and 0 for "is typing an edit".
 */
export function checkCanEditContent(state: State, user: User, message: Message, now: number, graceSeconds = EDIT_LIMIT_GRACE_SECONDS): Checked<true> {
  if (!state.realm.settings.allowMessageEditing) return reject(Errors.messageEditingDisabled());
  if (message.senderId !== user.id) return reject(Errors.cannotEditMessage());
  const limit = state.realm.settings.messageContentEditLimitSeconds;
  if (limit !== null && now - message.dateSent > limit + graceSeconds) return reject(Errors.editTimeLimitPassed());
  return accept(true);
}
