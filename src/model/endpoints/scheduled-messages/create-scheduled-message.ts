import { z } from 'zod';
import { scheduleMessage } from '../../actions/scheduled-messages.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { checkMessage } from '../../rules/check-message.js';
import { isSentByHuman } from '../../rules/clients.js';
import { checkDeliveryInFuture, isChannelType, parseScheduledRecipients, scheduledAddressee } from '../../rules/scheduled-messages.js';
import { recipientType, scheduledTo } from './params.js';

/**
 * POST /scheduled_messages: the time is checked first, then the recipients'
 * form, then everything sending would check. Without read_by_sender, the
 * sender's copy starts read when a human client schedules a message to others.
 */
export const createScheduledMessage = defineEndpoint({
  operation: 'create-scheduled-message',
  method: 'POST',
  path: '/scheduled_messages',
  auth: 'basic',
  params: z.object({
    type: recipientType,
    to: scheduledTo,
    topic: z.string().optional(),
    content: z.string(),
    scheduled_delivery_timestamp: wire.int(),
    read_by_sender: wire.bool().optional(),
  }),
  aliases: { subject: 'topic' },
  reduce(state, { actor, params, now, origin, clientName }) {
    const future = checkDeliveryInFuture(params.scheduled_delivery_timestamp, now);
    if (!future.ok) return fail(future.error);
    const to = parseScheduledRecipients(isChannelType(params.type), params.to);
    if (!to.ok) return fail(to.error);
    const checked = checkMessage(state, actor, scheduledAddressee(to.value, params.topic), params.content, now, origin);
    if (!checked.ok) return fail(checked.error);
    const { channel, recipients, topic, content, rendered } = checked.value;
    const toSelf = channel === null && recipients.every((user) => user.id === actor.id);
    let id = 0;
    const written = commit(state, now, (tx) => {
      id = scheduleMessage(tx, {
        kind: 'send_later',
        senderId: actor.id,
        channelId: channel?.id ?? null,
        topic: channel === null ? '' : topic,
        directUserIds: [...new Set(recipients.map((user) => user.id))].sort((a, b) => a - b),
        content,
        renderedContent: rendered.html,
        deliverAt: params.scheduled_delivery_timestamp,
        readBySender: params.read_by_sender ?? (isSentByHuman(clientName) && !toSelf),
        client: clientName,
        origin,
        status: 'pending',
        failureMessage: null,
        reminderTargetMessageId: null,
        reminderNote: null,
      });
    });
    return succeed(written, { scheduled_message_id: id });
  },
});
