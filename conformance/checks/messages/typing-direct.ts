/** POST /typing in direct conversations: who hears it, in which shape, the settings that silence it, and its errors. */
import { type CheckContext, defineChecks } from '../../check.js';
import { exactEvent, expectEvents, expectNoEvents } from '../../events/expect-events.js';
import { settle, withQueues } from '../../events/queue.js';
import { expectError, expectSuccess, expectTrue } from '../../expect.js';
import { MISSING_MESSAGE_ID } from './support.js';
import { isTyping, personOf, postTyping, TYPING, typingQueue, withSettingOff } from './typing-support.js';

/** An id no realm reaches in a conformance run. */
const MISSING_USER_ID = MISSING_MESSAGE_ID;

async function recipients(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator, administrator } = ctx.cast;
  await withQueues(
    ctx,
    { sender: typingQueue(member), listed: typingQueue(otherMember), second: typingQueue(moderator), outsider: typingQueue(administrator) },
    async (queues) => {
      expectSuccess(await postTyping(ctx, member, { op: 'start', to: [otherMember.userId, moderator.userId] }), 'typing.direct.event');
      expectSuccess(await postTyping(ctx, member, { type: 'direct', op: 'stop', to: [otherMember.userId, moderator.userId] }), 'typing.params');
      await settle(ctx, Object.values(queues));
      const shape = {
        type: 'typing',
        message_type: 'direct',
        sender: await personOf(ctx, member),
        recipients: [await personOf(ctx, otherMember), await personOf(ctx, moderator), await personOf(ctx, member)],
      };
      for (const heard of [queues.sender, queues.listed, queues.second]) {
        await expectEvents(heard, [exactEvent({ ...shape, op: 'start' }), exactEvent({ ...shape, op: 'stop' })], {
          what: 'typing to a direct conversation this user is in',
          clause: 'typing.direct.event',
          ordered: true,
        });
      }
      expectNoEvents(queues.outsider, isTyping, { what: 'typing in a conversation this user is not in', clause: 'typing.direct.audience' });
    },
  );
}

async function receivesSetting(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  await withQueues(ctx, { sender: typingQueue(member), recipient: typingQueue(otherMember) }, async (queues) => {
    await withSettingOff(ctx, otherMember, 'receives_typing_notifications', async () => {
      expectSuccess(await postTyping(ctx, member, { op: 'start', to: [otherMember.userId] }), 'typing.direct.receives');
      await settle(ctx, Object.values(queues));
      expectNoEvents(queues.recipient, isTyping, { what: 'typing to a user who does not receive typing notifications', clause: 'typing.direct.receives' });
      await expectEvents(queues.sender, [{ type: 'typing', op: 'start' }], { what: 'typing the sender still receives', clause: 'typing.direct.audience' });
    });
    const mark = queues.sender.received.length;
    await withSettingOff(ctx, member, 'receives_typing_notifications', async () => {
      expectSuccess(await postTyping(ctx, member, { op: 'stop', to: [otherMember.userId] }), 'typing.direct.receives');
      await settle(ctx, Object.values(queues));
      expectNoEvents(queues.sender, isTyping, {
        what: 'own typing to a sender who does not receive typing notifications',
        clause: 'typing.direct.receives',
        from: mark,
      });
      await expectEvents(queues.recipient, [{ type: 'typing', op: 'stop' }], { what: 'typing to a user who receives it', clause: 'typing.direct.audience' });
    });
  });
}

async function senderSetting(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  await withQueues(ctx, { recipient: typingQueue(otherMember) }, async (queues) => {
    await withSettingOff(ctx, member, 'send_private_typing_notifications', async () => {
      expectError(
        await postTyping(ctx, member, { op: 'start', to: [otherMember.userId] }),
        400,
        'BAD_REQUEST',
        'User has disabled typing notifications for direct messages',
        'typing.direct.sender-setting',
      );
      await settle(ctx, Object.values(queues));
      expectNoEvents(queues.recipient, isTyping, { what: 'typing from a sender who turned it off', clause: 'typing.direct.sender-setting' });
    });
  });
}

async function errors(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const missing = expectError(await postTyping(ctx, member, { op: 'start' }), 400, 'BAD_REQUEST', "Missing 'to' argument", 'typing.direct.errors');
  expectTrue(!('var_name' in missing), `no var_name in the plain missing-'to' error, got ${JSON.stringify(missing)}`, 'typing.direct.errors');
  expectError(await postTyping(ctx, member, { op: 'start', to: [] }), 400, 'BAD_REQUEST', "Empty 'to' list", 'typing.direct.errors');
  expectError(
    await postTyping(ctx, member, { op: 'start', to: [otherMember.userId, MISSING_USER_ID] }),
    400,
    'BAD_REQUEST',
    `Invalid user ID ${MISSING_USER_ID}`,
    'typing.direct.errors',
  );
  const to = [otherMember.userId];
  expectError(await postTyping(ctx, member, { to }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'op' argument", 'typing.params');
  expectError(await postTyping(ctx, member, { op: 'typing', to }), 400, 'BAD_REQUEST', 'Invalid op', 'typing.params');
  for (const type of ['private', 'dm', 'Direct']) {
    expectError(await postTyping(ctx, member, { type, op: 'start', to }), 400, 'BAD_REQUEST', 'Invalid type', 'typing.params');
  }
}

export const TYPING_DIRECT_CHECKS = defineChecks([
  {
    id: 'typing.direct.recipients',
    title:
      'When a member types to two users (type omitted, then direct), then all three hear start and stop, listing the two in order and the sender last, and an outsider hears nothing',
    clauses: ['typing.direct.event', 'typing.direct.audience', 'typing.params'],
    level: 'compat',
    endpoint: TYPING,
    run: recipients,
  },
  {
    id: 'typing.direct.receives-setting',
    title:
      'Given receives_typing_notifications off for the recipient, then for the sender, when the member types, then that user hears nothing and the other does',
    clauses: ['typing.direct.receives', 'typing.direct.audience'],
    level: 'compat',
    endpoint: TYPING,
    run: receivesSetting,
  },
  {
    id: 'typing.direct.sender-setting',
    title: 'Given send_private_typing_notifications off, when the member types to a user, then it is refused and the user hears nothing',
    clauses: ['typing.direct.sender-setting'],
    level: 'compat',
    endpoint: TYPING,
    run: senderSetting,
  },
  {
    id: 'typing.direct.errors',
    title: 'When to is missing, empty or names an unknown user, or op or type is wrong, then each gets its own error',
    clauses: ['typing.direct.errors', 'typing.params'],
    level: 'compat',
    endpoint: TYPING,
    run: errors,
  },
]);
