/**
 * Scheduled messages and reminders as the API shows them (the real
 * server's ScheduledMessage.to_dict and to_reminder_dict): a channel
 * message's `to` is the channel id, a direct message's the other
 * participants' ids (the sender's own for a message to themself).
 */
import { directRecipientIdsFor } from '../rules/drafts.js';
import type { ScheduledMessage } from '../state.js';

export function presentScheduledMessage(message: ScheduledMessage): Record<string, unknown> {
  const common = { scheduled_message_id: message.id };
  const body = { content: message.content, rendered_content: message.renderedContent };
  const timing = { scheduled_delivery_timestamp: message.deliverAt, failed: message.status === 'failed' };
  if (message.channelId !== null) return { ...common, to: message.channelId, type: 'stream', ...body, topic: message.topic, ...timing };
  return { ...common, to: directRecipientIdsFor(message.senderId, message.directUserIds), type: 'private', ...body, ...timing };
}

export function presentReminder(message: ScheduledMessage): Record<string, unknown> {
  return {
    reminder_id: message.id,
    to: [message.senderId],
    type: 'private',
    content: message.content,
    rendered_content: message.renderedContent,
    scheduled_delivery_timestamp: message.deliverAt,
    failed: message.status === 'failed',
    reminder_target_message_id: message.reminderTargetMessageId,
  };
}
