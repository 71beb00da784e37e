/** POST /messages/flags: which flags change, for whom, what it answers, the unsubscribed-channel skip, historical rows, errors and events. */

import { type CheckContext, defineChecks } from '../../check.js';
import { exactEvent, expectEvents, expectNoEvents, match } from '../../events/expect-events.js';
import { type QueueEvent, settle, withQueues } from '../../events/queue.js';
import { expectEqual, expectError, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';
import { channelOperator } from '../../feature-level.js';
import { unsubscribe } from '../channels/support.js';
import { FLAG_EVENT_TYPES, INVALID_MESSAGE, intList, isRead, markRead, UPDATE_FLAGS, updateFlags } from './flags-support.js';
import { channelWith, fetchMessages, flagsOf, MISSING_MESSAGE_ID, mention, messagesChannel, sendDirect, sendToChannel } from './support.js';

const CHANGEABLE = ['read', 'starred', 'collapsed'] as const;
const NOT_CHANGEABLE = ['mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned', 'has_alert_word', 'historical', 'wildcard_mentioned'];

/** A message from the moderator in the shared channel: the member and the other member both receive it, unread. */
async function sharedMessage(ctx: CheckContext, label: string, content = 'a message to flag'): Promise<number> {
  const channel = await messagesChannel(ctx);
  return sendToChannel(ctx, ctx.cast.moderator, channel.id, ctx.unique(label), content);
}

async function changeable(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const id = await sharedMessage(ctx, 'flags-changeable');
  const othersBefore = await flagsOf(ctx, otherMember, id);
  for (const flag of CHANGEABLE) {
    for (const op of ['add', 'remove'] as const) {
      const body = expectSuccess(await updateFlags(ctx, member, [id], op, flag), 'messages.flags.changeable');
      expectTrue(
        intList(body, 'messages', 'messages.update-flags.response-messages').includes(id),
        `the answer's messages to hold the modified message ${id}, got ${JSON.stringify(body)}`,
        'messages.update-flags.response-messages',
      );
      const has = (await flagsOf(ctx, member, id)).includes(flag);
      expectEqual(has, op === 'add', `${flag} on the message after op=${op}`, op === 'add' ? 'messages.update-flags.add' : 'messages.update-flags.remove');
      expectEqual(
        await flagsOf(ctx, otherMember, id),
        othersBefore,
        'the other member’s flags after the member changed theirs',
        'messages.update-flags.personal',
      );
    }
  }
}

async function answer(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const first = await sharedMessage(ctx, 'flags-answer');
  const second = await sharedMessage(ctx, 'flags-answer');
  await markRead(ctx, member, [second]);
  // The second is read already and the first appears twice: the answer still echoes the request.
  const asked = [second, first, first];
  for (const [op, flag] of [
    ['add', 'read'],
    ['add', 'starred'],
    ['remove', 'starred'],
  ] as const) {
    const body = expectSuccess(await updateFlags(ctx, member, asked, op, flag));
    expectEqual(body['messages'], asked, `messages in the answer to op=${op} flag=${flag}`, 'messages.update-flags.echo');
    expectEqual(
      body['ignored_because_not_subscribed_channels'],
      [],
      `ignored_because_not_subscribed_channels for op=${op} flag=${flag}`,
      'messages.update-flags.ignored-always',
    );
  }
}

async function notChangeable(ctx: CheckContext): Promise<void> {
  const { member, moderator } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const id = await sendToChannel(ctx, moderator, channel.id, ctx.unique('flags-fixed'), `for ${mention(member)}`);
  const before = await flagsOf(ctx, member, id);
  expectTrue(before.includes('mentioned'), `the member mentioned in message ${id}, got flags ${JSON.stringify(before)}`, 'messages.flags.not-changeable');
  for (const flag of NOT_CHANGEABLE) {
    for (const op of ['add', 'remove']) {
      expectError(await updateFlags(ctx, member, [id], op, flag), 400, 'BAD_REQUEST', undefined, 'messages.flags.not-changeable');
      expectUnchanged(before, await flagsOf(ctx, member, id), `the flags after op=${op} flag=${flag}`, 'messages.flags.not-changeable');
    }
  }
}

async function validation(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const id = await sharedMessage(ctx, 'flags-validation');
  const before = await flagsOf(ctx, member, id);
  const cases: readonly [string, string, string][] = [
    ['wildcard_mentioned', 'bogus', "Invalid flag: 'wildcard_mentioned'"],
    ['no_such_flag', 'add', "Invalid flag: 'no_such_flag'"],
    ['mentioned', 'bogus', "Flag not editable: 'mentioned'"],
    ['historical', 'add', "Flag not editable: 'historical'"],
    ['starred', 'toggle', "Invalid message flag operation: 'toggle'"],
  ];
  for (const [flag, op, msg] of cases) {
    expectError(await updateFlags(ctx, member, [id], op, flag), 400, 'BAD_REQUEST', msg, 'messages.update-flags.validation');
  }
  expectUnchanged(before, await flagsOf(ctx, member, id), 'the flags after the refused updates', 'messages.update-flags.validation');
}

/**
 * The member received a message in a channel and left it (it is read for
 * them now), and can read a public channel they never joined. Removing read
 * from those and from a direct message marks only the direct message unread.
 */
async function unreadSkip(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const left = await channelWith(ctx, otherMember, 'flags-left', [otherMember, member]);
  const received = await sendToChannel(ctx, otherMember, left.id, 'left behind', 'received, then left');
  expectSuccess(await unsubscribe(ctx, member, [left.name]));
  const never = await channelWith(ctx, otherMember, 'flags-never', [otherMember]);
  const history = await sendToChannel(ctx, otherMember, never.id, 'history', 'never received');
  const direct = await sendDirect(ctx, otherMember, [member.userId], 'a direct message to mark unread');
  await markRead(ctx, member, [direct]);
  expectTrue(await isRead(ctx, member, received), `message ${received} read once the member left its channel`, 'messages.flags.unread-subscribed');

  const body = expectSuccess(await updateFlags(ctx, member, [received, history, direct, history], 'remove', 'read'), 'messages.update-flags.unread-skip');
  const ignored = intList(body, 'ignored_because_not_subscribed_channels', 'messages.update-flags.ignored-channels');
  expectEqual(
    [...ignored].sort((a, b) => a - b),
    [left.id, never.id].sort((a, b) => a - b),
    'the channels the mark-unread skipped',
    'messages.update-flags.ignored-channels',
  );
  expectTrue(await isRead(ctx, member, received), `message ${received} of a channel the member left to stay read`, 'messages.update-flags.unread-skip');
  expectTrue(await isRead(ctx, member, history), `message ${history} of a channel the member never joined to stay read`, 'messages.update-flags.unread-skip');
  expectTrue(!(await isRead(ctx, member, direct)), `the direct message ${direct} to be unread`, 'messages.update-flags.remove');
  for (const channel of [left, never]) {
    const unread = await fetchMessages(ctx, member, { anchor: 'newest', num_before: 20, num_after: 0 }, [
      { operator: channelOperator(ctx.featureLevel), operand: channel.id },
      { operator: 'is', operand: 'unread' },
    ]);
    expectEqual(unread['messages'], [], `the member's unread messages in ${channel.name}, a channel they are not in`, 'messages.flags.unread-subscribed');
  }
}

async function historical(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await channelWith(ctx, otherMember, 'flags-history', [otherMember]);
  const id = await sendToChannel(ctx, otherMember, channel.id, 'old news', 'sent before the member could receive it');
  expectSuccess(await updateFlags(ctx, member, [id], 'add', 'starred'), 'messages.update-flags.historical');
  expectEqual(
    await flagsOf(ctx, member, id),
    ['historical', 'read', 'starred'],
    'flags after starring history never received',
    'messages.update-flags.historical',
  );
  expectSuccess(await updateFlags(ctx, member, [id], 'remove', 'starred'), 'messages.update-flags.historical');
  expectEqual(await flagsOf(ctx, member, id), ['historical', 'read'], 'flags after unstarring it', 'messages.update-flags.historical');
}

async function invalidMessage(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const id = await sharedMessage(ctx, 'flags-invalid');
  const hidden = await channelWith(ctx, otherMember, 'flags-hidden', [otherMember], { invite_only: true });
  const secret = await sendToChannel(ctx, otherMember, hidden.id, 'secret', 'not for the member');
  const before = await flagsOf(ctx, member, id);
  for (const other of [MISSING_MESSAGE_ID, secret]) {
    expectError(await updateFlags(ctx, member, [id, other], 'add', 'starred'), 400, 'BAD_REQUEST', INVALID_MESSAGE, 'messages.update-flags.invalid-message');
    expectUnchanged(before, await flagsOf(ctx, member, id), 'the listed readable message after the refused star', 'messages.update-flags.invalid-message');
  }
  // Marking a missing id read would change nothing, so it is ignored.
  expectSuccess(await updateFlags(ctx, member, [id, MISSING_MESSAGE_ID], 'add', 'read'), 'messages.update-flags.invalid-message');
  expectTrue(await isRead(ctx, member, id), `message ${id} read after marking it with a missing id`, 'messages.update-flags.invalid-message');
}

/** Whether the event is a flag update naming this message. */
function flagEventAbout(id: number): (event: QueueEvent) => boolean {
  return (event) => event.type === 'update_message_flags' && Array.isArray(event['messages']) && event['messages'].includes(id);
}

async function events(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const topic = ctx.unique('flags-events');
  const id = await sendToChannel(ctx, ctx.cast.moderator, channel.id, topic, 'watched');
  await markRead(ctx, member, [id]);
  const options = { eventTypes: FLAG_EVENT_TYPES };
  await withQueues(ctx, { own: [member, options] as const, other: [otherMember, options] as const }, async (queues) => {
    expectSuccess(await updateFlags(ctx, member, [id], 'add', 'starred'));
    expectSuccess(await updateFlags(ctx, member, [id], 'remove', 'read'));
    await settle(ctx, [queues.own, queues.other]);
    await expectEvents(queues.own, [exactEvent({ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'starred', messages: [id], all: false })], {
      what: 'starring a message',
      clause: 'messages.update-flags.event',
    });
    await expectEvents(
      queues.own,
      [
        exactEvent({
          type: 'update_message_flags',
          op: 'remove',
          operation: 'remove',
          flag: 'read',
          messages: [id],
          all: false,
          message_details: { [String(id)]: match.including({ type: 'stream', stream_id: channel.id, topic }) },
        }),
      ],
      { what: 'marking a message unread', clause: 'messages.update-flags.event-details' },
    );
    expectNoEvents(queues.other, flagEventAbout(id), { what: 'another user changing their flags', clause: 'messages.update-flags.event' });
  });
}

export const FLAG_UPDATE_CHECKS = defineChecks([
  {
    id: 'messages.update-flags.changeable',
    title: 'Given a message two members received, when one adds and removes read, starred and collapsed, then their flags follow and the other’s do not',
    clauses: [
      'messages.flags.changeable',
      'messages.update-flags.add',
      'messages.update-flags.remove',
      'messages.update-flags.personal',
      'messages.update-flags.response-messages',
    ],
    level: 'spec',
    endpoint: UPDATE_FLAGS,
    run: changeable,
  },
  {
    id: 'messages.update-flags.answer',
    title: 'When a member updates flags on a list with a repeat and a no-op, then the answer echoes the list and has an empty ignored list',
    clauses: ['messages.update-flags.echo', 'messages.update-flags.ignored-always'],
    level: 'compat',
    endpoint: UPDATE_FLAGS,
    run: answer,
  },
  {
    id: 'messages.update-flags.not-changeable',
    title: 'Given a message mentioning a member, when they add or remove any flag but read, starred and collapsed, then it fails and the flags stay',
    clauses: ['messages.flags.not-changeable'],
    level: 'spec',
    endpoint: UPDATE_FLAGS,
    run: notChangeable,
  },
  {
    id: 'messages.update-flags.validation',
    title: 'When the flag is unknown, not editable, or the op is neither add nor remove, then the real server’s message for the first problem comes back',
    clauses: ['messages.update-flags.validation'],
    level: 'compat',
    endpoint: UPDATE_FLAGS,
    run: validation,
  },
  {
    id: 'messages.update-flags.unread-skip',
    title:
      'Given messages of a channel the member left and of one they never joined, when they mark those and a direct message unread, then only the direct message is unread and both channels are named',
    clauses: [
      'messages.update-flags.unread-skip',
      'messages.update-flags.ignored-channels',
      'messages.update-flags.remove',
      'messages.flags.unread-subscribed',
    ],
    level: 'spec',
    endpoint: UPDATE_FLAGS,
    run: unreadSkip,
  },
  {
    id: 'messages.update-flags.historical',
    title: 'Given a public channel message a member never received, when they star and unstar it, then its flags are read, historical (and starred)',
    clauses: ['messages.update-flags.historical'],
    level: 'compat',
    endpoint: UPDATE_FLAGS,
    run: historical,
  },
  {
    id: 'messages.update-flags.invalid-message',
    title:
      'When a member stars a list holding a missing or unreadable id, then it is "Invalid message(s)" and nothing changes; marking a missing id read is ignored',
    clauses: ['messages.update-flags.invalid-message'],
    level: 'compat',
    endpoint: UPDATE_FLAGS,
    run: invalidMessage,
  },
  {
    id: 'messages.update-flags.events',
    title:
      'When a member stars a message and marks it unread, then their queue gets both update_message_flags events (the second with message_details) and another member’s gets none',
    clauses: ['messages.update-flags.event', 'messages.update-flags.event-details'],
    level: 'compat',
    endpoint: UPDATE_FLAGS,
    run: events,
  },
]);
