/**
 * Typing notifications, after the real server's zerver/actions/typing.py:
 * nothing is written, each action only emits its event to who hears it
 * (server-events §5.2).
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { receivesTypingNotifications, selectChannelTypingAudienceIds, selectEditedConversationUsers, type TypingOp } from '../rules/typing.js';
import { apiEmail } from '../rules/users.js';
import type { Channel, Message, User } from '../state.js';

function person(tx: Tx, user: User) {
  return { user_id: user.id, email: apiEmail(tx.before, user) };
}

/** `typing` in a direct conversation: every listed user (sender included) hears it if they receive typing notifications. */
export function sendDirectTyping(tx: Tx, sender: User, recipients: readonly User[], op: TypingOp): void {
  const event = { type: 'typing', op, message_type: 'direct', sender: person(tx, sender), recipients: recipients.map((user) => person(tx, user)) };
  tx.emit(event, Audiences.users(recipients.filter(receivesTypingNotifications).map((user) => user.id)));
}

/** `typing` in a channel topic, to its subscribers (none beyond 100); queues without stream_typing_notifications drop it. */
export function sendChannelTyping(tx: Tx, sender: User, channel: Channel, topic: string, op: TypingOp): void {
  const event = { type: 'typing', op, message_type: 'stream', sender: person(tx, sender), stream_id: channel.id, topic };
  tx.emit(event, Audiences.users(selectChannelTypingAudienceIds(tx.before, channel)));
}

/**
 * `typing_edit_message` for a message being edited (`channel` is the
 * message's channel, null for a direct message): a channel message's
 * subscribers hear it as they would typing; a direct message's participants
 * who receive typing notifications hear it, and are the ones it lists.
 */
export function sendEditTyping(tx: Tx, editor: User, message: Message, channel: Channel | null, op: TypingOp): void {
  const about = { type: 'typing_edit_message', op, sender_id: editor.id, message_id: message.id };
  if (channel !== null) {
    const recipient = { type: 'channel', channel_id: channel.id, topic: message.topic };
    tx.emit({ ...about, recipient }, Audiences.users(selectChannelTypingAudienceIds(tx.before, channel)));
    return;
  }
  const userIds = selectEditedConversationUsers(tx.before, editor, message)
    .filter(receivesTypingNotifications)
    .map((user) => user.id);
  tx.emit({ ...about, recipient: { type: 'direct', user_ids: userIds } }, Audiences.users(userIds));
}
