/**
 * The events of sending and deleting messages: each recipient's own flags,
 * local_message_id only for the sending queue, the Markdown form per queue, a
 * queue's narrow, and that users outside the audience hear nothing.
 */
import { type Actor, type CheckContext, defineChecks } from '../../check.js';
import { describePattern, exactEvent, expectEvents, expectNoEvents, fits, match } from '../../events/expect-events.js';
import { type OpenOptions, type QueueEvent, settle, withQueues } from '../../events/queue.js';
import { expectSuccess, expectTrue } from '../../expect.js';
import { channelWith, mention, send, sendDirect, sendToChannel, sentId } from '../messages/support.js';

const SEND = 'POST /messages';
const TYPES = ['message', 'delete_message', 'user_status'];

const queue = (actor: Actor, options: OpenOptions = {}): readonly [Actor, OpenOptions] => [actor, { eventTypes: TYPES, ...options }];

/** Whether the event is about this message (its message event, or its deletion). */
function aboutMessage(id: number): (event: QueueEvent) => boolean {
  return (event) =>
    (event.type === 'message' && event['message']?.['id'] === id) ||
    (event.type === 'delete_message' && (event['message_id'] === id || (Array.isArray(event['message_ids']) && event['message_ids'].includes(id))));
}

/** A message event for this message with exactly these flags (outside the message), its fields fitting `fields`. */
function messageEvent(id: number, flags: readonly string[], fields: Readonly<Record<string, unknown>> = {}) {
  return {
    type: 'message',
    message: match.where(`message ${id} without flags, including ${describePattern(fields)}`, (value) => {
      const message = value as Record<string, unknown> | null;
      return message !== null && message['id'] === id && !('flags' in message) && Object.entries(fields).every(([key, wanted]) => fits(message[key], wanted));
    }),
    flags: match.sameMembers([...flags]),
  };
}

async function channelRecipients(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator, guest, administrator } = ctx.cast;
  const channel = await channelWith(ctx, member, 'ev-messages', [member, otherMember, moderator], { invite_only: true });
  await withQueues(
    ctx,
    { sender: queue(member), mentioned: queue(otherMember), subscriber: queue(moderator), guest: queue(guest), administrator: queue(administrator) },
    async (queues) => {
      const topic = 'events';
      const id = await sendToChannel(ctx, member, channel.id, topic, `for ${mention(otherMember)}`);
      await settle(ctx, Object.values(queues));
      const fields = { stream_id: channel.id, subject: topic, display_recipient: channel.name, sender_id: member.userId, type: 'stream' };
      await expectEvents(queues.sender, [messageEvent(id, [], fields)], {
        what: 'sending a channel message (the sender)',
        clause: 'events.messages.recipients',
      });
      await expectEvents(queues.mentioned, [messageEvent(id, ['mentioned'], fields)], { what: 'being mentioned', clause: 'events.messages.flags' });
      await expectEvents(queues.subscriber, [messageEvent(id, [], fields)], { what: 'a message in a subscribed channel', clause: 'events.messages.flags' });
      for (const outsider of [queues.guest, queues.administrator]) {
        expectNoEvents(outsider, aboutMessage(id), { what: 'a message in a private channel this user is not in', clause: 'events.messages.audience' });
      }
    },
  );
}

async function directRecipients(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator } = ctx.cast;
  await withQueues(ctx, { sender: queue(member), recipient: queue(otherMember), outsider: queue(moderator) }, async (queues) => {
    const id = await sendDirect(ctx, member, [otherMember.userId], 'a direct message event');
    await settle(ctx, Object.values(queues));
    const participants = match.where('both participants', (value) => {
      const ids = Array.isArray(value) ? value.map((entry) => entry?.id).sort((a, b) => a - b) : [];
      return JSON.stringify(ids) === JSON.stringify([member.userId, otherMember.userId].sort((a, b) => a - b));
    });
    for (const own of [queues.sender, queues.recipient]) {
      await expectEvents(own, [messageEvent(id, [], { type: 'private', subject: '', display_recipient: participants })], {
        what: 'a direct message between these two',
        clause: 'events.messages.recipients',
      });
    }
    expectNoEvents(queues.outsider, aboutMessage(id), { what: 'another pair’s direct message', clause: 'events.messages.audience' });
  });
}

async function localId(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  await withQueues(ctx, { sending: queue(member), otherTab: queue(member), recipient: queue(otherMember) }, async (queues) => {
    const id = sentId(
      await send(ctx, member, { type: 'direct', to: [otherMember.userId], content: 'with a local id', queue_id: queues.sending.queueId, local_id: '17.01' }),
    );
    const bare = sentId(await send(ctx, member, { type: 'direct', to: [otherMember.userId], content: 'with a local id but no queue', local_id: '17.02' }));
    await settle(ctx, Object.values(queues));
    await expectEvents(queues.sending, [{ type: 'message', message: match.including({ id }), local_message_id: '17.01' }], {
      what: 'sending with queue_id and local_id (the queue named)',
      clause: 'events.messages.local-id',
    });
    for (const other of [queues.otherTab, queues.recipient]) {
      const [event] = await expectEvents(other, [{ type: 'message', message: match.including({ id }) }], { what: 'a message sent from another queue' });
      expectTrue(
        event !== undefined && !('local_message_id' in event),
        `no local_message_id in ${other.label}'s queue ${other.queueId}, got ${JSON.stringify(event)}`,
        'events.messages.local-id',
      );
    }
    for (const any of Object.values(queues)) {
      expectNoEvents(any, (event) => aboutMessage(bare)(event) && 'local_message_id' in event, {
        what: 'local_message_id for a send without queue_id',
        clause: 'events.messages.local-id',
      });
    }
  });
}

async function markdownForms(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  await withQueues(
    ctx,
    {
      html: queue(otherMember, { params: { apply_markdown: 'true' } }),
      source: queue(otherMember),
      explicit: queue(otherMember, { params: { apply_markdown: 'false' } }),
    },
    async (queues) => {
      const id = await sendDirect(ctx, member, [otherMember.userId], 'some **bold** words');
      await settle(ctx, Object.values(queues));
      await expectEvents(
        queues.html,
        [{ type: 'message', message: match.including({ id, content: '<p>some <strong>bold</strong> words</p>', content_type: 'text/html' }) }],
        { what: 'a message to a queue registered with apply_markdown=true', clause: 'events.messages.markdown' },
      );
      for (const raw of [queues.source, queues.explicit]) {
        await expectEvents(raw, [{ type: 'message', message: match.including({ id, content: 'some **bold** words', content_type: 'text/x-markdown' }) }], {
          what: 'a message to a queue registered without apply_markdown or with false',
          clause: 'events.messages.markdown',
        });
      }
    },
  );
}

async function narrowQueue(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const kept = await channelWith(ctx, member, 'ev-narrow-kept', [member, otherMember], { invite_only: true });
  const other = await channelWith(ctx, member, 'ev-narrow-other', [member, otherMember], { invite_only: true });
  const narrow = JSON.stringify([
    ['channel', kept.name],
    ['topic', 'wanted'],
  ]);
  await withQueues(ctx, { narrowed: queue(otherMember, { params: { narrow } }), everything: queue(otherMember) }, async (queues) => {
    const wanted = await sendToChannel(ctx, member, kept.id, 'WANTED', 'in the narrow (topic case differs)');
    const ids = [
      await sendToChannel(ctx, member, kept.id, 'unwanted', 'another topic'),
      await sendToChannel(ctx, member, other.id, 'wanted', 'another channel'),
      await sendDirect(ctx, member, [otherMember.userId], 'a direct message'),
    ];
    await settle(ctx, Object.values(queues));
    await expectEvents(queues.narrowed, [{ type: 'message', message: match.including({ id: wanted }) }], {
      what: 'a message matching the queue’s narrow',
      clause: 'events.messages.narrow',
    });
    for (const id of ids) {
      expectNoEvents(queues.narrowed, aboutMessage(id), { what: 'a message outside the queue’s narrow', clause: 'events.messages.narrow' });
      await expectEvents(queues.everything, [{ type: 'message', message: match.including({ id }) }], { what: 'a message to a queue without a narrow' });
    }
  });
}

async function deletion(ctx: CheckContext): Promise<void> {
  const { member, otherMember, guest, administrator } = ctx.cast;
  const channel = await channelWith(ctx, member, 'ev-delete', [member, otherMember], { invite_only: true });
  const id = await sendToChannel(ctx, member, channel.id, 'doomed', 'about to be deleted');
  await withQueues(
    ctx,
    {
      bulk: queue(member, { capabilities: ['bulk_message_deletion'] }),
      single: queue(otherMember),
      guest: queue(guest),
      administrator: queue(administrator),
    },
    async (queues) => {
      expectSuccess(await ctx.call(member, 'DELETE', `/messages/${id}`));
      await settle(ctx, Object.values(queues));
      const where = { message_type: 'stream', stream_id: channel.id, topic: 'doomed' };
      await expectEvents(queues.bulk, [exactEvent({ type: 'delete_message', message_ids: [id], ...where })], {
        what: 'deleting a message (bulk_message_deletion queue)',
        clause: 'events.messages.delete',
      });
      await expectEvents(queues.single, [exactEvent({ type: 'delete_message', message_id: id, ...where })], {
        what: 'deleting a message (queue without bulk_message_deletion)',
        clause: 'events.messages.delete',
      });
      for (const outsider of [queues.guest, queues.administrator]) {
        expectNoEvents(outsider, aboutMessage(id), { what: 'deleting a message this user could not see', clause: 'events.messages.delete-audience' });
      }
    },
  );
}

export const MESSAGE_EVENT_CHECKS = defineChecks([
  {
    id: 'events.messages.channel',
    title:
      'Given a private channel of three, when a member mentions another, then each subscriber gets the message with their own flags (mentioned only for the mentioned) and a guest and an administrator outside get nothing',
    clauses: ['events.messages.recipients', 'events.messages.flags', 'events.messages.audience'],
    level: 'compat',
    endpoint: SEND,
    run: channelRecipients,
  },
  {
    id: 'events.messages.direct',
    title: 'When a member sends a direct message, then both participants get it with both in display_recipient, and a third user gets nothing',
    clauses: ['events.messages.recipients', 'events.messages.audience'],
    level: 'compat',
    endpoint: SEND,
    run: directRecipients,
  },
  {
    id: 'events.messages.local-id',
    title:
      'When a member sends with queue_id and local_id, then only that queue’s event carries local_message_id; another queue of theirs and the recipient’s do not, nor does a send without queue_id',
    clauses: ['events.messages.local-id'],
    level: 'compat',
    endpoint: SEND,
    run: localId,
  },
  {
    id: 'events.messages.markdown',
    title: 'Given queues with apply_markdown true, absent and false, then the first gets HTML as text/html and the others the source as text/x-markdown',
    clauses: ['events.messages.markdown'],
    level: 'compat',
    endpoint: SEND,
    run: markdownForms,
  },
  {
    id: 'events.messages.narrow',
    title:
      'Given a queue narrowed to a channel and topic, then it gets the matching message (topic in another case) and not those of another topic, channel or a direct message',
    clauses: ['events.messages.narrow'],
    level: 'compat',
    endpoint: SEND,
    run: narrowQueue,
  },
  {
    id: 'events.messages.delete',
    title:
      'When a member deletes a message in a private channel, then a bulk_message_deletion queue gets message_ids, another subscriber message_id, and a guest and an administrator outside nothing',
    clauses: ['events.messages.delete', 'events.messages.delete-audience'],
    level: 'compat',
    endpoint: 'DELETE /messages/{message_id}',
    run: deletion,
  },
]);
