import { z } from 'zod';
import { updateScheduledMessage as update } from '../../actions/scheduled-messages.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { accept, fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { normalizeTopic, truncateTopic } from '../../rules/addressees.js';
import { checkMessage } from '../../rules/check-message.js';
import { keepsNoTopicLiteral, NO_TOPIC } from '../../rules/feature-levels.js';
import {
  accessScheduledMessage,
  checkDeliveryInFuture,
  checkScheduledMessageEditable,
  isChannelType,
  parseScheduledRecipients,
  scheduledAddressee,
} from '../../rules/scheduled-messages.js';
import type { ScheduledMessage } from '../../state.js';
import { recipientType, scheduledTo } from './params.js';

/**
 * PATCH /scheduled_messages/{scheduled_message_id}: the real view's checks
 * of the request come first, then the lookup; a new recipient or content is
 * checked again as sending would check it. A failed message needs a new
 * time, and the edit clears the failure.
 */
export const updateScheduledMessage = defineEndpoint({
  operation: 'update-scheduled-message',
  method: 'PATCH',
  path: '/scheduled_messages/{scheduled_message_id}',
  pathParams: { scheduled_message_id: 'int' },
  auth: 'basic',
  params: z.object({
    type: recipientType.optional(),
    to: scheduledTo.optional(),
    topic: z.string().optional(),
    content: z.string().optional(),
    scheduled_delivery_timestamp: wire.int().optional(),
  }),
  aliases: { subject: 'topic' },
  reduce(state, { actor, params, path, now, origin, clientName }) {
    const { type, to, topic, content, scheduled_delivery_timestamp: deliverAt } = params;
    if (type === undefined && to === undefined && topic === undefined && content === undefined && deliverAt === undefined)
      return fail(Errors.nothingToChange());
    if (type !== undefined && to === undefined) return fail(Errors.scheduledRecipientRequired());
    if (type !== undefined && isChannelType(type) && topic === undefined) return fail(Errors.scheduledTopicRequired());
    if (deliverAt !== undefined) {
      const future = checkDeliveryInFuture(deliverAt, now);
      if (!future.ok) return fail(future.error);
    }
    const access = accessScheduledMessage(state, actor, path.scheduled_message_id);
    if (!access.ok) return fail(access.error);
    const existing = access.value;
    const editable = checkScheduledMessageEditable(existing, deliverAt !== undefined);
    if (!editable.ok) return fail(editable.error);

    let next: ScheduledMessage = { ...existing, client: clientName, origin, status: 'pending', failureMessage: null };
    if (type !== undefined || to !== undefined || content !== undefined) {
      const toChannel = type === undefined ? existing.channelId !== null : isChannelType(type);
      let recipients: number | readonly number[] = existing.channelId ?? existing.directUserIds;
      if (to !== undefined) {
        const parsed = parseScheduledRecipients(toChannel, to);
        if (!parsed.ok) return fail(parsed.error);
        recipients = parsed.value;
      }
      const checked = checkMessage(state, actor, scheduledAddressee(recipients, topic ?? existing.topic), content ?? existing.content, now, origin);
      if (!checked.ok) return fail(checked.error);
      if (type !== undefined || to !== undefined) {
        const { channel } = checked.value;
        next = {
          ...next,
          channelId: channel?.id ?? null,
          topic: channel === null ? '' : checked.value.topic,
          directUserIds: [...new Set(checked.value.recipients.map((user) => user.id))].sort((a, b) => a - b),
        };
      }
      if (content !== undefined) next = { ...next, content: checked.value.content, renderedContent: checked.value.rendered.html };
    }
    if (type === undefined && to === undefined && topic !== undefined && existing.channelId !== null) {
      // A new topic alone: checked and cut like a sent topic; direct messages ignore it.
      const normalized = keepsNoTopicLiteral(state, topic) ? accept(NO_TOPIC) : normalizeTopic(topic);
      if (!normalized.ok) return fail(normalized.error);
      next = { ...next, topic: truncateTopic(normalized.value) };
    }
    if (deliverAt !== undefined) next = { ...next, deliverAt };
    const edited = next;
    return succeed(commit(state, now, (tx) => update(tx, edited)));
  },
});
