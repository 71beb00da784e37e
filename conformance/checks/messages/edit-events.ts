/**
 * The events of PATCH /messages/{message_id}: update_message for a content
 * edit, a topic move and a channel move (fields and recipients, each with
 * their own flags), and delete_message to users who lose access to messages
 * moved into a private channel.
 */
import { type Actor, type CheckContext, defineChecks } from '../../check.js';
import { describePattern, exactEvent, expectEvents, expectNoEvents, match } from '../../events/expect-events.js';
import { type OpenOptions, type QueueEvent, settle, withQueues } from '../../events/queue.js';
import { expectError, expectSuccess } from '../../expect.js';
import { EDIT, edit, INVALID_MESSAGE, ownerChannel, sendMany } from './edit-support.js';
import { channelWith, flagsOf, getMessage, mention, sendToChannel } from './support.js';

const TYPES = ['update_message', 'delete_message', 'user_status'];

const queue = (actor: Actor, options: OpenOptions = {}): readonly [Actor, OpenOptions] => [actor, { eventTypes: TYPES, ...options }];

/** Whether the event is about one of these messages. */
function aboutMessages(ids: readonly number[]): (event: QueueEvent) => boolean {
  return (event) =>
    (event.type === 'update_message' || event.type === 'delete_message') &&
    (ids.includes(event['message_id']) || (Array.isArray(event['message_ids']) && event['message_ids'].some((id: number) => ids.includes(id))));
}

/** An event with at least these fields and without `key`. */
function without(key: string, pattern: Readonly<Record<string, unknown>>) {
  const including = match.including(pattern);
  return match.where(`${describePattern(pattern)} without ${key}`, (value) => including.test(value) && !(key in (value as object)));
}

async function contentEvents(ctx: CheckContext): Promise<void> {
  const { owner, member, otherMember, guest, administrator } = ctx.cast;
  const channel = await channelWith(ctx, owner, 'edit-events', [owner, member, otherMember], { invite_only: true, history_public_to_subscribers: true });
  const id = await sendToChannel(ctx, member, channel.id, 'edited', 'first');
  await withQueues(ctx, { sender: queue(member), mentioned: queue(otherMember), guest: queue(guest), administrator: queue(administrator) }, async (queues) => {
    const content = `second for ${mention(otherMember)}`;
    expectSuccess(await edit(ctx, member, id, { content }));
    await settle(ctx, Object.values(queues));
    const fields = {
      type: 'update_message',
      user_id: member.userId,
      edit_timestamp: match.integer(),
      message_id: id,
      message_ids: [id],
      rendering_only: false,
      orig_content: 'first',
      orig_rendered_content: '<p>first</p>',
      content,
      rendered_content: match.string(),
      stream_id: channel.id,
    };
    for (const [own, reader] of [
      [queues.sender, member],
      [queues.mentioned, otherMember],
    ] as const) {
      const flags = await flagsOf(ctx, reader, id);
      await expectEvents(own, [without('new_stream_id', { ...fields, flags: match.sameMembers(flags) })], {
        what: `a content edit (${reader.fullName}'s own flags ${JSON.stringify(flags)})`,
        clause: 'events.edit.content',
      });
    }
    await expectEvents(queues.mentioned, [{ type: 'update_message', message_id: id, flags: match.containing(['mentioned']) }], {
      what: 'a content edit that mentions this user',
      clause: 'events.edit.recipients',
    });
    for (const outsider of [queues.guest, queues.administrator]) {
      expectNoEvents(outsider, aboutMessages([id]), { what: 'an edit in a private channel this user is not in', clause: 'events.edit.recipients' });
    }
  });
}

async function moveEvents(ctx: CheckContext): Promise<void> {
  const { owner, member, otherMember, guest } = ctx.cast;
  const from = await channelWith(ctx, owner, 'edit-events-from', [owner, member, otherMember], { invite_only: true });
  const to = await ownerChannel(ctx, 'edit-events-to', [member, otherMember]);
  const topic = 'before';
  const ids = await sendMany(ctx, member, from.id, topic, 2);
  await withQueues(ctx, { mover: queue(member), reader: queue(otherMember), guest: queue(guest) }, async (queues) => {
    expectSuccess(await edit(ctx, member, ids[0]!, { topic: 'after', propagate_mode: 'change_all' }));
    await settle(ctx, Object.values(queues));
    const renamed = {
      type: 'update_message',
      user_id: member.userId,
      message_id: ids[0],
      message_ids: ids,
      propagate_mode: 'change_all',
      orig_subject: topic,
      subject: 'after',
      topic_links: [],
      stream_id: from.id,
      rendering_only: false,
    };
    for (const own of [queues.mover, queues.reader]) {
      await expectEvents(own, [without('new_stream_id', renamed)], { what: 'a topic moved with change_all within its channel', clause: 'events.edit.move' });
    }
    expectNoEvents(queues.guest, aboutMessages(ids), { what: 'a move in a private channel this user is not in', clause: 'events.edit.recipients' });

    const mark = queues.reader.received.length;
    expectSuccess(await edit(ctx, member, ids[1]!, { stream_id: to.id, propagate_mode: 'change_one' }));
    await settle(ctx, Object.values(queues));
    await expectEvents(
      queues.reader,
      [
        {
          type: 'update_message',
          message_id: ids[1],
          message_ids: [ids[1]],
          propagate_mode: 'change_one',
          orig_subject: 'after',
          stream_id: from.id,
          new_stream_id: to.id,
        },
      ],
      { what: 'one message moved to another channel', clause: 'events.edit.move', from: mark },
    );
  });
}

async function loseAccess(ctx: CheckContext): Promise<void> {
  const { owner, member, otherMember, guest } = ctx.cast;
  const from = await ownerChannel(ctx, 'edit-open', [member, otherMember, guest]);
  const to = await channelWith(ctx, owner, 'edit-closed', [owner, member], { invite_only: true });
  const topic = 'moving in';
  const ids = await sendMany(ctx, member, from.id, topic, 2);
  await withQueues(
    ctx,
    { mover: queue(member), bulk: queue(otherMember, { capabilities: ['bulk_message_deletion'] }), single: queue(guest) },
    async (queues) => {
      expectSuccess(await edit(ctx, member, ids[1]!, { stream_id: to.id, propagate_mode: 'change_all' }));
      await settle(ctx, Object.values(queues));
      await expectEvents(queues.mover, [{ type: 'update_message', message_ids: ids, stream_id: from.id, new_stream_id: to.id, propagate_mode: 'change_all' }], {
        what: 'moving a topic into a private channel one is subscribed to',
        clause: 'events.edit.move',
      });
      const where = { message_type: 'stream', stream_id: from.id, topic };
      await expectEvents(queues.bulk, [exactEvent({ type: 'delete_message', message_ids: ids, ...where })], {
        what: 'losing access to messages moved into a private channel (bulk_message_deletion queue)',
        clause: 'events.edit.lose-access',
      });
      await expectEvents(
        queues.single,
        ids.map((id) => exactEvent({ type: 'delete_message', message_id: id, ...where })),
        { what: 'losing access to messages moved into a private channel (queue without bulk_message_deletion)', clause: 'events.edit.lose-access' },
      );
      for (const lost of [queues.bulk, queues.single]) {
        expectNoEvents(lost, (event) => event.type === 'update_message' && aboutMessages(ids)(event), {
          what: 'an update of messages this user can no longer see',
          clause: 'events.edit.lose-access',
        });
      }
      for (const reader of [otherMember, guest]) {
        expectError(await getMessage(ctx, reader, ids[0]!), 400, 'BAD_REQUEST', INVALID_MESSAGE, 'events.edit.lose-access');
      }
    },
  );
}

export const EDIT_EVENT_CHECKS = defineChecks([
  {
    id: 'messages.edit.events-content',
    title:
      'When a member edits content in a private channel, then subscribers get update_message with the old and new content and their own flags (mentioned for the newly mentioned), outsiders nothing',
    clauses: ['events.edit.content', 'events.edit.recipients'],
    level: 'compat',
    endpoint: EDIT,
    run: contentEvents,
  },
  {
    id: 'messages.move.events',
    title:
      'When a member renames a topic with change_all and then moves one message to another channel, then subscribers get update_message with propagate_mode, orig_subject, subject, message_ids and new_stream_id',
    clauses: ['events.edit.move', 'events.edit.recipients'],
    level: 'compat',
    endpoint: EDIT,
    run: moveEvents,
  },
  {
    id: 'messages.move.events-lose-access',
    title:
      'When a member moves a public topic into a private channel, then subscribers who lose access get delete_message (message_ids or one per id) and no update, and can no longer read the messages',
    clauses: ['events.edit.lose-access', 'events.edit.move'],
    level: 'compat',
    endpoint: EDIT,
    run: loseAccess,
  },
]);
