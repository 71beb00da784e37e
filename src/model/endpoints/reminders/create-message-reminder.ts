import { z } from 'zod';
import { scheduleMessage } from '../../actions/scheduled-messages.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { checkMessage } from '../../rules/check-message.js';
import { accessMessage } from '../../rules/messages.js';
import { normalizeReminderNote, reminderContent } from '../../rules/reminders.js';
import { checkDeliveryInFuture } from '../../rules/scheduled-messages.js';

/**
 * POST /reminders: a direct message Notification Bot will send the caller
 * about a message they can read. Its content is written now (and again at
 * delivery, should the message have changed); as the real server does, it
 * is checked as a message from the caller to themself.
 */
export const createMessageReminder = defineEndpoint({
  operation: 'create-message-reminder',
  method: 'POST',
  path: '/reminders',
  auth: 'basic',
  params: z.object({
    message_id: wire.int(),
    scheduled_delivery_timestamp: wire.int(),
    note: z.string().optional(),
  }),
  reduce(state, { actor, params, now, origin, clientName }) {
    const future = checkDeliveryInFuture(params.scheduled_delivery_timestamp, now);
    if (!future.ok) return fail(future.error);
    const target = accessMessage(state, actor, params.message_id, now);
    if (!target.ok) return fail(target.error);
    let note = '';
    if (params.note !== undefined && params.note !== '') {
      const normalized = normalizeReminderNote(params.note);
      if (!normalized.ok) return fail(normalized.error);
      note = normalized.value;
    }
    const text = reminderContent(state, actor, target.value.message, note, origin);
    const checked = checkMessage(state, actor, { kind: 'direct', recipients: { ids: [actor.id] } }, text, now, origin);
    if (!checked.ok) return fail(checked.error);
    let id = 0;
    const written = commit(state, now, (tx) => {
      id = scheduleMessage(tx, {
        kind: 'remind',
        senderId: actor.id,
        channelId: null,
        topic: '',
        directUserIds: [actor.id],
        content: checked.value.content,
        renderedContent: checked.value.rendered.html,
        deliverAt: params.scheduled_delivery_timestamp,
        readBySender: false,
        client: clientName,
        origin,
        status: 'pending',
        failureMessage: null,
        reminderTargetMessageId: target.value.message.id,
        reminderNote: note,
      });
    });
    return succeed(written, { reminder_id: id });
  },
});
