/** The reminder endpoints (the real server's), and their delivery once the target's clock passes the time. Every check deletes its reminders. */
import { type CheckContext, defineChecks, requireClock } from '../../check.js';
import { exactEvent, expectEvents, expectNoEvents, match } from '../../events/expect-events.js';
import { settle, withQueues } from '../../events/queue.js';
import { expectEqual, expectError, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';
import { fetchMessages, MISSING_MESSAGE_ID, messagesChannel, sendToChannel } from '../messages/support.js';
import { farFuture, listReminders, remind, withScheduled } from './support.js';

const REMIND = 'POST /reminders';
const DELETE = 'DELETE /reminders/{reminder_id}';
const NOT_FOUND = 'Reminder does not exist';

async function target(ctx: CheckContext, content: string): Promise<number> {
  const channel = await messagesChannel(ctx);
  return sendToChannel(ctx, ctx.cast.member, channel.id, ctx.unique('remind').slice(-50), content);
}

async function lifecycle(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const messageId = await target(ctx, 'Remind me of this.');
  await withScheduled(ctx, async (made) => {
    const at = farFuture();
    const id = await remind(ctx, member, messageId, at, 'reminders.create.list');
    made(member, `/reminders/${id}`);
    const listed = (await listReminders(ctx, member, 'reminders.create.list')).find((reminder) => reminder['reminder_id'] === id);
    expectTrue(
      listed !== undefined &&
        JSON.stringify(listed['to']) === JSON.stringify([member.userId]) &&
        listed['type'] === 'private' &&
        listed['scheduled_delivery_timestamp'] === at &&
        listed['failed'] === false &&
        listed['reminder_target_message_id'] === messageId &&
        typeof listed['content'] === 'string' &&
        typeof listed['rendered_content'] === 'string',
      `reminder ${id} listed to the member, private, at ${at}, not failed, about message ${messageId}; got ${JSON.stringify(listed)}`,
      'reminders.create.list',
    );
    const registered = expectSuccess(await ctx.call(member, 'POST', '/register', { fetch_event_types: '["reminders"]' }), 'reminders.register');
    expectEqual(registered['reminders'], await listReminders(ctx, member), 'register’s reminders against GET', 'reminders.register');
    expectError(await ctx.call(otherMember, 'DELETE', `/reminders/${id}`), 404, 'BAD_REQUEST', NOT_FOUND, 'reminders.delete');
    expectSuccess(await ctx.call(member, 'DELETE', `/reminders/${id}`), 'reminders.delete');
    expectEqual(
      (await listReminders(ctx, member)).find((reminder) => reminder['reminder_id'] === id),
      undefined,
      `reminder ${id} after its deletion`,
      'reminders.delete',
    );
    expectError(await ctx.call(member, 'DELETE', `/reminders/${id}`), 404, 'BAD_REQUEST', NOT_FOUND, 'reminders.delete');
  });
}

async function refused(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const messageId = await target(ctx, 'Not to be reminded of.');
  const before = await listReminders(ctx, member);
  const refuse = async (params: Record<string, string>, msg: string) =>
    expectError(
      await ctx.call(member, 'POST', '/reminders', { message_id: String(messageId), scheduled_delivery_timestamp: String(farFuture()), ...params }),
      400,
      'BAD_REQUEST',
      msg,
      'reminders.create.refused',
    );
  await refuse({ scheduled_delivery_timestamp: '1000000000' }, 'Scheduled delivery time must be in the future.');
  await refuse({ message_id: String(MISSING_MESSAGE_ID) }, 'Invalid message(s)');
  expectUnchanged(before, await listReminders(ctx, member), 'the member’s reminders after refused ones', 'reminders.create.refused');
}

async function events(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const messageId = await target(ctx, 'Heard reminder.');
  const types = ['reminders', 'user_status'];
  await withScheduled(ctx, async (made) => {
    await withQueues(ctx, { owner: [member, { eventTypes: types }], other: [otherMember, { eventTypes: types }] }, async (queues) => {
      const id = await remind(ctx, member, messageId, farFuture());
      made(member, `/reminders/${id}`);
      const listed = (await listReminders(ctx, member)).find((reminder) => reminder['reminder_id'] === id);
      expectSuccess(await ctx.call(member, 'DELETE', `/reminders/${id}`));
      await settle(ctx, [queues.owner, queues.other]);
      await expectEvents(
        queues.owner,
        [exactEvent({ type: 'reminders', op: 'add', reminders: [listed] }), exactEvent({ type: 'reminders', op: 'remove', reminder_id: id })],
        { what: 'setting and deleting a reminder', clause: 'events.reminders', ordered: true },
      );
      expectNoEvents(queues.other, (event) => event.type === 'reminders', { what: 'another user’s reminders', clause: 'events.reminders' });
    });
  });
}

async function delivery(ctx: CheckContext): Promise<void> {
  const clock = requireClock(ctx);
  const { member } = ctx.cast;
  const quoted = ctx.unique('Quoted in the reminder');
  const messageId = await target(ctx, quoted);
  await withScheduled(ctx, async (made) => {
    const id = await remind(ctx, member, messageId, (await clock.now()) + 60);
    made(member, `/reminders/${id}`);
    await clock.advance(120);
    expectEqual(
      (await listReminders(ctx, member)).find((reminder) => reminder['reminder_id'] === id),
      undefined,
      `reminder ${id} after its time passed`,
      'reminders.delivery',
    );
    const found = (await fetchMessages(ctx, member, { anchor: 'newest', num_before: 3, num_after: 0, apply_markdown: false }))['messages'] as Record<
      string,
      unknown
    >[];
    const reminder = found.find((message) => typeof message['content'] === 'string' && message['content'].includes(quoted) && message['id'] !== messageId);
    expectTrue(
      reminder !== undefined && reminder['type'] === 'private' && reminder['sender_id'] !== member.userId,
      `a direct message to the member from another sender (Notification Bot) quoting "${quoted}", got ${JSON.stringify(found)}`,
      'reminders.delivery',
    );
    expectTrue(match.string().test(reminder?.['sender_full_name']), 'a sender name on the reminder', 'reminders.delivery');
  });
}

export const REMINDER_CHECKS = defineChecks([
  {
    id: 'reminders.lifecycle',
    title:
      'When a member sets a reminder about a message, then GET and register list it; another member’s delete is 404; the member deletes it and a second delete is 404',
    clauses: ['reminders.create.list', 'reminders.register', 'reminders.delete'],
    level: 'compat',
    endpoint: REMIND,
    run: lifecycle,
  },
  {
    id: 'reminders.create.refused',
    title: 'When the time has passed or the message does not exist, then the reminder is refused with its text and nothing is stored',
    clauses: ['reminders.create.refused'],
    level: 'compat',
    endpoint: REMIND,
    run: refused,
  },
  {
    id: 'events.reminders',
    title: 'Given queues of two members, when one sets and deletes a reminder, then they get add with the listed reminder and remove, and the other nothing',
    clauses: ['events.reminders'],
    level: 'compat',
    endpoint: DELETE,
    run: events,
  },
  {
    id: 'reminders.delivery',
    title:
      'Given a reminder a minute ahead, when the target’s clock passes it, then the member has a direct message quoting the message from another sender, and the reminder is gone',
    clauses: ['reminders.delivery'],
    level: 'compat',
    endpoint: REMIND,
    run: delivery,
  },
]);
