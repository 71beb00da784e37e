/** POST /typing in channels: subscribers' queues with the capability, the topic, the errors, the settings, and the 100-subscriber cutoff. */
import { type Actor, type CheckContext, defineChecks } from '../../check.js';
import { exactEvent, expectEvents, expectNoEvents } from '../../events/expect-events.js';
import { settle, withQueues } from '../../events/queue.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { MISSING_CHANNEL_ID, updateChannel } from '../streams/support.js';
import { channelWith, newestInChannel } from './support.js';
import { isTyping, personOf, postTyping, TYPING, typingQueue, withSettingOff } from './typing-support.js';

async function subscribers(ctx: CheckContext): Promise<void> {
  const { member, otherMember, guest, moderator, administrator } = ctx.cast;
  const channel = await channelWith(ctx, member, 'typing', [member, otherMember, guest, moderator], { invite_only: true });
  const before = await newestInChannel(ctx, member, channel.id);
  await withQueues(
    ctx,
    {
      subscriber: typingQueue(otherMember),
      guest: typingQueue(guest),
      withoutCapability: typingQueue(otherMember, []),
      silenced: typingQueue(moderator),
      outsider: typingQueue(administrator),
    },
    async (queues) => {
      await withSettingOff(ctx, moderator, 'receives_typing_notifications', async () => {
        expectSuccess(await postTyping(ctx, member, { type: 'stream', op: 'start', stream_id: channel.id, topic: '  lunch plans ' }), 'typing.channel.event');
        expectSuccess(await postTyping(ctx, member, { type: 'channel', op: 'stop', stream_id: channel.id, topic: 'lunch plans' }), 'typing.params');
        await settle(ctx, Object.values(queues));
      });
      const shape = { type: 'typing', message_type: 'stream', sender: await personOf(ctx, member), stream_id: channel.id, topic: 'lunch plans' };
      for (const heard of [queues.subscriber, queues.guest]) {
        await expectEvents(heard, [exactEvent({ ...shape, op: 'start' }), exactEvent({ ...shape, op: 'stop' })], {
          what: 'typing in a subscribed channel (queue with stream_typing_notifications)',
          clause: 'typing.channel.event',
          ordered: true,
        });
      }
      expectNoEvents(queues.withoutCapability, isTyping, {
        what: 'channel typing to a queue without stream_typing_notifications',
        clause: 'typing.channel.audience',
      });
      expectNoEvents(queues.silenced, isTyping, {
        what: 'channel typing to a subscriber with receives_typing_notifications off',
        clause: 'typing.channel.audience',
      });
      expectNoEvents(queues.outsider, isTyping, { what: 'typing in a private channel this user is not in', clause: 'typing.channel.audience' });
    },
  );
  expectEqual(await newestInChannel(ctx, member, channel.id), before, 'the channel’s messages after typing', 'typing.no-change');
}

async function emptyTopic(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await channelWith(ctx, member, 'typing-empty', [member, otherMember]);
  await withQueues(
    ctx,
    { named: typingQueue(otherMember, ['stream_typing_notifications', 'empty_topic_name']), shown: typingQueue(otherMember) },
    async (queues) => {
      for (const topic of ['general chat', '(no topic)', '']) {
        expectSuccess(await postTyping(ctx, member, { type: 'stream', op: 'start', stream_id: channel.id, topic }), 'typing.channel.topic');
      }
      await settle(ctx, Object.values(queues));
      const topics = async (queue: (typeof queues)['named']) =>
        (await expectEvents(queue, [{ type: 'typing' }, { type: 'typing' }, { type: 'typing' }], { what: 'typing in the empty topic', ordered: true })).map(
          (event) => event['topic'],
        );
      expectEqual(await topics(queues.named), ['', '', ''], 'the topics a queue with empty_topic_name reads', 'typing.channel.topic');
      expectEqual(
        await topics(queues.shown),
        ['general chat', 'general chat', 'general chat'],
        'the topics a queue without empty_topic_name reads',
        'typing.channel.topic',
      );
    },
  );
}

async function errors(ctx: CheckContext): Promise<void> {
  const { member, otherMember, administrator } = ctx.cast;
  const open = await channelWith(ctx, member, 'typing-errors', [member, otherMember]);
  const hidden = await channelWith(ctx, administrator, 'typing-hidden', [administrator], { invite_only: true });
  const stream = (actor: Actor, params: Readonly<Record<string, unknown>>) => postTyping(ctx, actor, { type: 'stream', op: 'start', ...params });
  const missing = expectError(await stream(member, { topic: 't' }), 400, 'BAD_REQUEST', "Missing 'stream_id' argument", 'typing.channel.errors');
  expectTrue(!('var_name' in missing), `no var_name in the plain missing-'stream_id' error, got ${JSON.stringify(missing)}`, 'typing.channel.errors');
  expectError(await stream(member, { stream_id: open.id }), 400, 'BAD_REQUEST', 'Missing topic', 'typing.channel.errors');
  expectError(await stream(member, { stream_id: MISSING_CHANNEL_ID, topic: 't' }), 400, 'BAD_REQUEST', 'Invalid channel ID', 'typing.channel.errors');
  expectError(await stream(member, { stream_id: hidden.id, topic: 't' }), 400, 'BAD_REQUEST', 'Invalid channel ID', 'typing.channel.errors');
  expectSuccess(
    await updateChannel(ctx, administrator, open.id, { can_send_message_group: { new: { direct_members: [member.userId], direct_subgroups: [] } } }),
  );
  expectError(
    await stream(otherMember, { stream_id: open.id, topic: 't' }),
    400,
    'BAD_REQUEST',
    'You do not have permission to post in this channel.',
    'typing.channel.errors',
  );
  expectSuccess(await stream(member, { stream_id: open.id, topic: 't' }), 'typing.channel.errors');
}

async function senderSetting(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await channelWith(ctx, member, 'typing-off', [member, otherMember]);
  await withQueues(ctx, { subscriber: typingQueue(otherMember) }, async (queues) => {
    await withSettingOff(ctx, member, 'send_stream_typing_notifications', async () => {
      expectError(
        await postTyping(ctx, member, { type: 'stream', op: 'start', stream_id: channel.id, topic: 't' }),
        400,
        'BAD_REQUEST',
        'User has disabled typing notifications for channel messages',
        'typing.channel.sender-setting',
      );
      // The setting is read before the channel: an unknown one gets the same answer.
      expectError(
        await postTyping(ctx, member, { type: 'stream', op: 'start', stream_id: MISSING_CHANNEL_ID, topic: 't' }),
        400,
        'BAD_REQUEST',
        'User has disabled typing notifications for channel messages',
        'typing.channel.sender-setting',
      );
      await settle(ctx, Object.values(queues));
      expectNoEvents(queues.subscriber, isTyping, { what: 'channel typing from a sender who turned it off', clause: 'typing.channel.sender-setting' });
    });
  });
}

/** The largest channel that still gets typing events. */
const CUTOFF = 100;

/**
 * The 99 filler accounts the cutoff needs, kept active between runs under
 * stable names (`typing-filler-N@<domain>`, "Conformance typing filler N") so
 * that a server sees them created once, not once per run. A filler someone
 * deactivated is replaced by a run-unique one, deactivated again at the end.
 */
async function typingFillers(ctx: CheckContext, temporary: number[]): Promise<number[]> {
  const { owner } = ctx.cast;
  const domain = owner.email.slice(owner.email.lastIndexOf('@') + 1);
  const password = `Typing-filler-${ctx.seed}-Pw!`;
  const create = async (email: string, fullName: string): Promise<number> => {
    const made = expectSuccess(await ctx.call(owner, 'POST', '/users', { email, password, full_name: fullName }));
    return made['user_id'] as number;
  };
  const fillers: number[] = [];
  for (let n = 1; n < CUTOFF; n++) {
    const email = `typing-filler-${n}@${domain}`;
    const found = await ctx.call(owner, 'GET', `/users/${encodeURIComponent(email)}`);
    const user = found.status === 200 ? (found.body as { user?: { user_id?: number; is_active?: boolean } }).user : undefined;
    if (user?.is_active === true && typeof user.user_id === 'number') fillers.push(user.user_id);
    else if (user === undefined) fillers.push(await create(email, `Conformance typing filler ${n}`));
    else {
      const name = ctx.unique('typing-filler');
      const id = await create(`${name}@${domain}`.toLowerCase(), name);
      temporary.push(id);
      fillers.push(id);
    }
  }
  return fillers;
}

/**
 * Two channels of the member, the other member and the fillers: one of
 * exactly 100 active subscribers, one of 101.
 */
async function cutoff(ctx: CheckContext): Promise<void> {
  const { owner, member, otherMember } = ctx.cast;
  const temporary: number[] = [];
  try {
    const fillers = await typingFillers(ctx, temporary);
    const principals = (count: number) => [member.userId, otherMember.userId, ...fillers.slice(0, count)];
    const full = await channelWith(ctx, member, 'typing-100', [], { principals: principals(CUTOFF - 2) });
    const over = await channelWith(ctx, member, 'typing-101', [], { principals: principals(CUTOFF - 1) });
    for (const [channel, count] of [
      [full, CUTOFF],
      [over, CUTOFF + 1],
    ] as const) {
      const listed = expectSuccess(await ctx.call(owner, 'GET', `/streams/${channel.id}/members`))['subscribers'];
      expectEqual(Array.isArray(listed) ? listed.length : listed, count, `the subscribers of ${channel.name}`);
    }
    await withQueues(ctx, { subscriber: typingQueue(otherMember) }, async (queues) => {
      expectSuccess(await postTyping(ctx, member, { type: 'stream', op: 'start', stream_id: full.id, topic: 't' }), 'typing.channel.cutoff');
      expectSuccess(await postTyping(ctx, member, { type: 'stream', op: 'start', stream_id: over.id, topic: 't' }), 'typing.channel.cutoff');
      await settle(ctx, Object.values(queues));
      await expectEvents(queues.subscriber, [{ type: 'typing', stream_id: full.id }], {
        what: 'typing in a channel of 100 subscribers',
        clause: 'typing.channel.cutoff',
      });
      expectNoEvents(queues.subscriber, (event) => isTyping(event) && event['stream_id'] === over.id, {
        what: 'typing in a channel of 101 subscribers',
        clause: 'typing.channel.cutoff',
      });
    });
  } finally {
    for (const id of temporary) await ctx.call(owner, 'DELETE', `/users/${id}`);
  }
}

export const TYPING_CHANNEL_CHECKS = defineChecks([
  {
    id: 'typing.channel.subscribers',
    title:
      'When a member types in a private channel (type stream, then channel), then subscribers’ queues with stream_typing_notifications hear it with the trimmed topic; other queues, silenced subscribers and outsiders do not, and no message appears',
    clauses: ['typing.channel.event', 'typing.channel.audience', 'typing.params', 'typing.no-change'],
    level: 'compat',
    endpoint: TYPING,
    run: subscribers,
  },
  {
    id: 'typing.channel.empty-topic',
    title: 'When a member types in "general chat", "(no topic)" or the empty topic, then queues read "" with empty_topic_name and "general chat" without',
    clauses: ['typing.channel.topic'],
    level: 'compat',
    endpoint: TYPING,
    run: emptyTopic,
  },
  {
    id: 'typing.channel.errors',
    title: 'When stream_id or topic is missing, the channel is unknown or hidden, or the sender may not post there, then each gets its own error',
    clauses: ['typing.channel.errors'],
    level: 'compat',
    endpoint: TYPING,
    run: errors,
  },
  {
    id: 'typing.channel.sender-setting',
    title:
      'Given send_stream_typing_notifications off, when the member types in a channel, then it is refused before the channel is looked at, and nothing is heard',
    clauses: ['typing.channel.sender-setting'],
    level: 'compat',
    endpoint: TYPING,
    run: senderSetting,
  },
  {
    id: 'typing.channel.cutoff',
    title: 'Given channels of 100 and of 101 active subscribers, when a member types in each, then only the first is heard',
    clauses: ['typing.channel.cutoff'],
    level: 'compat',
    endpoint: TYPING,
    run: cutoff,
  },
]);
