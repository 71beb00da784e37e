/**
 * The scheduled message endpoints (the real server's): scheduling, listing,
 * editing, deleting, register, events, and delivery once the target's clock
 * passes the time. Every check deletes what it scheduled.
 */

import { type CheckContext, defineChecks, requireClock } from '../../check.js';
import { exactEvent, expectEvents, expectNoEvents, match } from '../../events/expect-events.js';
import { settle, withQueues } from '../../events/queue.js';
import { expectEqual, expectError, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';
import { channelOperator } from '../../feature-level.js';
import { fetchMessages, messagesChannel } from '../messages/support.js';
import { farFuture, findScheduled, listScheduled, scheduleMessage, withScheduled } from './support.js';

const CREATE = 'POST /scheduled_messages';
const EDIT = 'PATCH /scheduled_messages/{scheduled_message_id}';
const NOT_FOUND = 'Scheduled message does not exist';

async function lifecycle(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  await withScheduled(ctx, async (made) => {
    const topic = ctx.unique('later').slice(-50);
    const at = farFuture();
    const toChannel = await scheduleMessage(
      ctx,
      member,
      { type: 'stream', to: String(channel.id), topic, content: '**Later**', scheduled_delivery_timestamp: String(at) },
      'scheduled.create.list',
    );
    made(member, `/scheduled_messages/${toChannel}`);
    const direct = await scheduleMessage(ctx, member, {
      type: 'direct',
      to: JSON.stringify([otherMember.userId]),
      content: 'Later, directly',
      scheduled_delivery_timestamp: String(at + 1),
    });
    made(member, `/scheduled_messages/${direct}`);
    expectEqual(
      await findScheduled(ctx, member, toChannel),
      {
        scheduled_message_id: toChannel,
        to: channel.id,
        type: 'stream',
        content: '**Later**',
        rendered_content: '<p><strong>Later</strong></p>',
        topic,
        scheduled_delivery_timestamp: at,
        failed: false,
      },
      'the channel message as GET lists it',
      'scheduled.create.list',
    );
    expectEqual(
      await findScheduled(ctx, member, direct),
      {
        scheduled_message_id: direct,
        to: [otherMember.userId],
        type: 'private',
        content: 'Later, directly',
        rendered_content: '<p>Later, directly</p>',
        scheduled_delivery_timestamp: at + 1,
        failed: false,
      },
      'the direct message as GET lists it',
      'scheduled.create.list',
    );
    expectEqual(
      await findScheduled(ctx, otherMember, toChannel),
      undefined,
      'the member’s scheduled message among the other member’s',
      'scheduled.create.list',
    );
    const registered = expectSuccess(await ctx.call(member, 'POST', '/register', { fetch_event_types: '["scheduled_messages"]' }), 'scheduled.register');
    expectEqual(registered['scheduled_messages'], await listScheduled(ctx, member), 'register’s scheduled_messages against GET', 'scheduled.register');

    expectError(await ctx.call(member, 'PATCH', `/scheduled_messages/${toChannel}`), 400, 'BAD_REQUEST', 'Nothing to change', 'scheduled.edit');
    expectSuccess(await ctx.call(member, 'PATCH', `/scheduled_messages/${toChannel}`, { content: 'Edited', topic: `${topic}!` }), 'scheduled.edit');
    expectEqual(
      await findScheduled(ctx, member, toChannel),
      {
        scheduled_message_id: toChannel,
        to: channel.id,
        type: 'stream',
        content: 'Edited',
        rendered_content: '<p>Edited</p>',
        topic: `${topic}!`,
        scheduled_delivery_timestamp: at,
        failed: false,
      },
      'the channel message after the edit',
      'scheduled.edit',
    );
    expectError(await ctx.call(otherMember, 'PATCH', `/scheduled_messages/${toChannel}`, { content: 'x' }), 404, 'BAD_REQUEST', NOT_FOUND, 'scheduled.edit');
    expectError(await ctx.call(otherMember, 'DELETE', `/scheduled_messages/${direct}`), 404, 'BAD_REQUEST', NOT_FOUND, 'scheduled.delete');
    expectSuccess(await ctx.call(member, 'DELETE', `/scheduled_messages/${direct}`), 'scheduled.delete');
    expectEqual(await findScheduled(ctx, member, direct), undefined, 'the direct message after its deletion', 'scheduled.delete');
    expectError(await ctx.call(member, 'DELETE', `/scheduled_messages/${direct}`), 404, 'BAD_REQUEST', NOT_FOUND, 'scheduled.delete');
  });
}

async function refused(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const before = await listScheduled(ctx, member);
  const refuse = async (params: Record<string, string>, msg: string) =>
    expectError(
      await ctx.call(member, 'POST', '/scheduled_messages', {
        type: 'stream',
        to: String(channel.id),
        topic: 'refused',
        content: 'x',
        scheduled_delivery_timestamp: String(farFuture()),
        ...params,
      }),
      400,
      'BAD_REQUEST',
      msg,
      'scheduled.create.refused',
    );
  await refuse({ scheduled_delivery_timestamp: '1000000000' }, 'Scheduled delivery time must be in the future.');
  await refuse({ to: JSON.stringify([channel.id]) }, 'Invalid data type for channel ID');
  await refuse({ type: 'direct', to: String(member.userId) }, 'Invalid data type for recipients');
  await refuse({ content: ' ' }, 'Message must not be empty');
  expectUnchanged(before, await listScheduled(ctx, member), 'the member’s scheduled messages after refused ones', 'scheduled.create.refused');
}

async function events(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const types = ['scheduled_messages', 'user_status'];
  await withScheduled(ctx, async (made) => {
    await withQueues(ctx, { owner: [member, { eventTypes: types }], other: [otherMember, { eventTypes: types }] }, async (queues) => {
      const id = await scheduleMessage(ctx, member, { type: 'stream', to: String(channel.id), topic: 'heard', content: 'Heard' });
      made(member, `/scheduled_messages/${id}`);
      const listed = await findScheduled(ctx, member, id);
      expectSuccess(await ctx.call(member, 'PATCH', `/scheduled_messages/${id}`, { content: 'Heard again' }));
      const edited = await findScheduled(ctx, member, id);
      expectSuccess(await ctx.call(member, 'DELETE', `/scheduled_messages/${id}`));
      await settle(ctx, [queues.owner, queues.other]);
      await expectEvents(
        queues.owner,
        [
          exactEvent({ type: 'scheduled_messages', op: 'add', scheduled_messages: [listed] }),
          exactEvent({ type: 'scheduled_messages', op: 'update', scheduled_message: edited }),
          exactEvent({ type: 'scheduled_messages', op: 'remove', scheduled_message_id: id }),
        ],
        { what: 'scheduling, editing and deleting a message', clause: 'events.scheduled', ordered: true },
      );
      expectNoEvents(queues.other, (event) => event.type === 'scheduled_messages', { what: 'another user’s scheduled messages', clause: 'events.scheduled' });
    });
  });
}

async function delivery(ctx: CheckContext): Promise<void> {
  const clock = requireClock(ctx);
  const { member } = ctx.cast;
  const channel = await messagesChannel(ctx);
  await withScheduled(ctx, async (made) => {
    const at = (await clock.now()) + 60;
    const topic = ctx.unique('delivered').slice(-50);
    const id = await scheduleMessage(ctx, member, {
      type: 'stream',
      to: String(channel.id),
      topic,
      content: 'Delivered on time',
      scheduled_delivery_timestamp: String(at),
    });
    made(member, `/scheduled_messages/${id}`);
    await withQueues(ctx, { owner: [member, { eventTypes: ['scheduled_messages', 'message'] }] }, async (queues) => {
      await clock.advance(120);
      expectEqual(await findScheduled(ctx, member, id), undefined, `scheduled message ${id} after its time passed`, 'scheduled.delivery');
      const narrow = [
        { operator: channelOperator(ctx.featureLevel), operand: channel.id },
        { operator: 'topic', operand: topic },
      ];
      const found = (await fetchMessages(ctx, member, { anchor: 'newest', num_before: 5, num_after: 0, apply_markdown: false }, narrow))['messages'] as Record<
        string,
        unknown
      >[];
      expectTrue(
        found.length === 1 && found[0]?.['content'] === 'Delivered on time' && found[0]['sender_id'] === member.userId,
        `one message "Delivered on time" from the member in the topic, got ${JSON.stringify(found)}`,
        'scheduled.delivery',
      );
      await expectEvents(
        queues.owner,
        [match.including({ type: 'message' }), exactEvent({ type: 'scheduled_messages', op: 'remove', scheduled_message_id: id })],
        { what: 'the delivery of a scheduled message', clause: 'scheduled.delivery' },
      );
    });
  });
}

export const SCHEDULED_CHECKS = defineChecks([
  {
    id: 'scheduled.lifecycle',
    title:
      'When a member schedules a channel and a direct message, then GET and register list them; an edit changes them; another’s edit or delete is 404; deleting removes one',
    clauses: ['scheduled.create.list', 'scheduled.register', 'scheduled.edit', 'scheduled.delete'],
    level: 'compat',
    endpoint: CREATE,
    run: lifecycle,
  },
  {
    id: 'scheduled.create.refused',
    title:
      'When the time has passed, a channel id is a list, direct recipients are not, or the content is empty, then each is refused with its text and nothing is stored',
    clauses: ['scheduled.create.refused'],
    level: 'compat',
    endpoint: CREATE,
    run: refused,
  },
  {
    id: 'events.scheduled',
    title:
      'Given queues of two members, when one schedules, edits and deletes a message, then they get add, update and remove with the listed objects and the other nothing',
    clauses: ['events.scheduled'],
    level: 'compat',
    endpoint: EDIT,
    run: events,
  },
  {
    id: 'scheduled.delivery',
    title:
      'Given a message scheduled a minute ahead, when the target’s clock passes it, then it is in its topic from the sender, gone from the list, with a remove event',
    clauses: ['scheduled.delivery'],
    level: 'compat',
    endpoint: CREATE,
    run: delivery,
  },
]);
