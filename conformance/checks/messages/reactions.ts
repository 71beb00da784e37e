/**
 * POST and DELETE /messages/{message_id}/reactions: adding by name or by
 * code, the errors for emoji that do not exist or do not agree, duplicates
 * and votes, who may react, removal by name or code, and the reaction events.
 */
import { type Actor, type CheckContext, CheckFailure, defineChecks } from '../../check.js';
import { expectEvents, expectNoEvents } from '../../events/expect-events.js';
import { type OpenOptions, type QueueEvent, settle, withQueues } from '../../events/queue.js';
import { type Body, expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import type { TargetResponse } from '../../target.js';
import { channelWith, fetchMessages, MISSING_MESSAGE_ID, messagesChannel, readMessage, sendToChannel } from './support.js';

const ADD = 'POST /messages/{message_id}/reactions';
const REMOVE = 'DELETE /messages/{message_id}/reactions';
const INVALID_MESSAGE = 'Invalid message(s)';

interface ReactionRow {
  readonly emoji_name: unknown;
  readonly emoji_code: unknown;
  readonly reaction_type: unknown;
  readonly user_id: unknown;
}

function react(ctx: CheckContext, actor: Actor, id: number, params: Readonly<Record<string, string>>): Promise<TargetResponse> {
  return ctx.call(actor, 'POST', `/messages/${id}/reactions`, params);
}

function unreact(ctx: CheckContext, actor: Actor, id: number, params: Readonly<Record<string, string>>): Promise<TargetResponse> {
  return ctx.call(actor, 'DELETE', `/messages/${id}/reactions`, params);
}

function row(emojiName: string, emojiCode: string, reactionType: string, user: Actor): ReactionRow {
  return { emoji_name: emojiName, emoji_code: emojiCode, reaction_type: reactionType, user_id: user.userId };
}

/** The message's reactions as `viewer` reads them by id, each cut to the four fields that identify it. */
async function reactionsOf(ctx: CheckContext, viewer: Actor, id: number, clause: string): Promise<ReactionRow[]> {
  const reactions = (await readMessage(ctx, viewer, id))['reactions'];
  if (!Array.isArray(reactions)) throw new CheckFailure(`a reactions list on message ${id}, got ${JSON.stringify(reactions)}`, undefined, clause);
  return (reactions as Body[]).map((reaction) => ({
    emoji_name: reaction['emoji_name'],
    emoji_code: reaction['emoji_code'],
    reaction_type: reaction['reaction_type'],
    user_id: reaction['user_id'],
  }));
}

/** A new message by the member in the run's shared channel, in a topic of its own. */
async function freshMessage(ctx: CheckContext, label: string): Promise<number> {
  const channel = await messagesChannel(ctx);
  return sendToChannel(ctx, ctx.cast.member, channel.id, ctx.unique(label), 'react to this');
}

async function byName(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const id = await freshMessage(ctx, 'react-name');
  expectSuccess(await react(ctx, member, id, { emoji_name: 'octopus' }), 'reactions.add.name-only');
  const octopus = row('octopus', '1f419', 'unicode_emoji', member);
  expectEqual(await reactionsOf(ctx, otherMember, id, 'reactions.add.read-back'), [octopus], `message ${id}'s reactions`, 'reactions.record.unicode');
  expectSuccess(await react(ctx, otherMember, id, { emoji_name: 'tada' }), 'reactions.add.name-only');
  const tada = row('tada', '1f389', 'unicode_emoji', otherMember);
  expectEqual(
    await reactionsOf(ctx, member, id, 'reactions.add.read-back'),
    [octopus, tada],
    `message ${id}'s reactions, oldest first`,
    'reactions.add.read-back',
  );
}

async function withCode(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const id = await freshMessage(ctx, 'react-code');
  expectSuccess(await react(ctx, member, id, { emoji_name: 'heart', emoji_code: '2764', reaction_type: 'unicode_emoji' }), 'reactions.add.code');
  expectSuccess(await react(ctx, member, id, { emoji_name: 'like', emoji_code: '1f44d' }), 'reactions.add.code');
  expectSuccess(await react(ctx, member, id, { emoji_name: 'zulip' }), 'reactions.record.service-extra');
  expectEqual(
    await reactionsOf(ctx, member, id, 'reactions.add.read-back'),
    [row('heart', '2764', 'unicode_emoji', member), row('like', '1f44d', 'unicode_emoji', member), row('zulip', 'zulip', 'service_extra_emoji', member)],
    `message ${id}'s reactions`,
    'reactions.record.service-extra',
  );
}

async function invalidCode(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const id = await freshMessage(ctx, 'react-bad-code');
  const refused: Record<string, string>[] = [
    { emoji_name: 'octopus', emoji_code: 'not-a-code' },
    { emoji_name: 'octopus', emoji_code: '1f419-ffff', reaction_type: 'unicode_emoji' },
    { emoji_name: 'zulip', emoji_code: 'other', reaction_type: 'service_extra_emoji' },
  ];
  for (const params of refused) {
    expectError(await react(ctx, member, id, params), 400, 'BAD_REQUEST', 'Invalid emoji code.', 'reactions.add.invalid-code');
  }
  expectEqual(await reactionsOf(ctx, member, id, 'reactions.add.read-back'), [], `message ${id}'s reactions after refusals`, 'reactions.add.refused-unchanged');
}

async function unknownEmoji(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const id = await freshMessage(ctx, 'react-unknown');
  expectError(
    await react(ctx, member, id, { emoji_name: 'not_an_emoji_at_all' }),
    400,
    'BAD_REQUEST',
    "Emoji 'not_an_emoji_at_all' does not exist",
    'reactions.add.unknown-name',
  );
  expectError(await react(ctx, member, id, { emoji_name: '' }), 400, 'BAD_REQUEST', "Emoji '' does not exist", 'reactions.add.unknown-name');
  expectError(
    await react(ctx, member, id, { emoji_name: 'octopus', emoji_code: '1f44d' }),
    400,
    'BAD_REQUEST',
    'Invalid emoji name.',
    'reactions.add.mismatch',
  );
  expectError(
    await react(ctx, member, id, { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'no_such_type' }),
    400,
    'BAD_REQUEST',
    'Invalid emoji type.',
    'reactions.add.mismatch',
  );
  expectError(await react(ctx, member, id, {}), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'emoji_name' argument", 'reactions.add.missing-name');
  expectEqual(await reactionsOf(ctx, member, id, 'reactions.add.read-back'), [], `message ${id}'s reactions after refusals`, 'reactions.add.refused-unchanged');
}

async function alreadyExists(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const id = await freshMessage(ctx, 'react-twice');
  expectSuccess(await react(ctx, member, id, { emoji_name: '+1' }));
  for (const name of ['+1', 'thumbs_up']) {
    expectError(await react(ctx, member, id, { emoji_name: name }), 400, 'REACTION_ALREADY_EXISTS', 'Reaction already exists.', 'reactions.add.already-exists');
  }
  expectEqual(
    await reactionsOf(ctx, member, id, 'reactions.add.read-back'),
    [row('+1', '1f44d', 'unicode_emoji', member)],
    `message ${id}'s reactions after adding one twice`,
    'reactions.add.already-exists',
  );
}

async function vote(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator } = ctx.cast;
  const id = await freshMessage(ctx, 'react-vote');
  expectSuccess(await react(ctx, member, id, { emoji_name: 'like' }));
  expectSuccess(await react(ctx, otherMember, id, { emoji_name: 'thumbs_up' }), 'reactions.add.vote');
  expectSuccess(
    await react(ctx, moderator, id, { emoji_name: 'no_emoji_has_this_name', emoji_code: '1f44d', reaction_type: 'unicode_emoji' }),
    'reactions.add.vote',
  );
  expectEqual(
    await reactionsOf(ctx, member, id, 'reactions.add.read-back'),
    [row('like', '1f44d', 'unicode_emoji', member), row('like', '1f44d', 'unicode_emoji', otherMember), row('like', '1f44d', 'unicode_emoji', moderator)],
    `message ${id}'s reactions after two votes`,
    'reactions.add.vote-name',
  );
}

async function inaccessible(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const hidden = await channelWith(ctx, member, 'react-hidden', [member], { invite_only: true });
  const id = await sendToChannel(ctx, member, hidden.id, 'secret', 'only the member reads this');
  expectError(await react(ctx, otherMember, id, { emoji_name: 'octopus' }), 400, 'BAD_REQUEST', INVALID_MESSAGE, 'reactions.add.inaccessible');
  expectError(await react(ctx, otherMember, MISSING_MESSAGE_ID, { emoji_name: 'octopus' }), 400, 'BAD_REQUEST', INVALID_MESSAGE, 'reactions.add.inaccessible');
  expectEqual(
    await reactionsOf(ctx, member, id, 'reactions.add.read-back'),
    [],
    `message ${id}'s reactions after a refusal`,
    'reactions.add.refused-unchanged',
  );
}

/** The message as `viewer` finds it among their own rows (GET /messages without a narrow), if there. */
async function ownRow(ctx: CheckContext, viewer: Actor, id: number): Promise<Body | undefined> {
  const body = await fetchMessages(ctx, viewer, { anchor: id, num_before: 0, num_after: 0 }, undefined, 'reactions.add.historical');
  return (body['messages'] as Body[]).find((message) => message['id'] === id);
}

async function historical(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await channelWith(ctx, member, 'react-history', [member]);
  const id = await sendToChannel(ctx, member, channel.id, 'history', 'read from public history');
  expectEqual(await ownRow(ctx, otherMember, id), undefined, `message ${id} among the rows of a user never subscribed`, 'reactions.add.historical');
  expectSuccess(await react(ctx, otherMember, id, { emoji_name: 'octopus' }), 'reactions.add.historical');
  const found = await ownRow(ctx, otherMember, id);
  const flags = found?.['flags'];
  expectTrue(
    Array.isArray(flags) && flags.includes('read') && flags.includes('historical'),
    `message ${id} among the reactor's own rows, read and historical; got ${JSON.stringify(found)}`,
    'reactions.add.historical',
  );
}

async function removeByNameAndCode(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const id = await freshMessage(ctx, 'unreact');
  for (const name of ['octopus', 'tada', 'heart']) expectSuccess(await react(ctx, member, id, { emoji_name: name }));
  expectSuccess(await unreact(ctx, member, id, { emoji_name: 'octopus' }), 'reactions.remove.by-name');
  expectEqual(
    await reactionsOf(ctx, member, id, 'reactions.add.read-back'),
    [row('tada', '1f389', 'unicode_emoji', member), row('heart', '2764', 'unicode_emoji', member)],
    `message ${id}'s reactions after removing one by name`,
    'reactions.remove.by-name',
  );
  expectSuccess(await unreact(ctx, member, id, { emoji_code: '1f389' }), 'reactions.remove.by-code');
  expectSuccess(await unreact(ctx, member, id, { emoji_code: '2764', reaction_type: 'unicode_emoji' }), 'reactions.remove.by-code');
  expectEqual(
    await reactionsOf(ctx, member, id, 'reactions.add.read-back'),
    [],
    `message ${id}'s reactions after removing by code`,
    'reactions.remove.by-code',
  );
}

async function removeMissing(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const id = await freshMessage(ctx, 'unreact-missing');
  expectSuccess(await react(ctx, member, id, { emoji_name: 'octopus' }));
  expectSuccess(await react(ctx, otherMember, id, { emoji_name: 'octopus' }));
  const missing = (response: TargetResponse) => expectError(response, 400, 'REACTION_DOES_NOT_EXIST', "Reaction doesn't exist.", 'reactions.remove.missing');
  missing(await unreact(ctx, otherMember, id, { emoji_name: 'tada' }));
  expectError(
    await unreact(ctx, otherMember, id, {}),
    400,
    'BAD_REQUEST',
    'At least one of the following arguments must be present: emoji_name, emoji_code',
    'reactions.remove.neither',
  );
  expectSuccess(await unreact(ctx, otherMember, id, { emoji_name: 'octopus' }), 'reactions.remove.own-only');
  expectEqual(
    await reactionsOf(ctx, member, id, 'reactions.add.read-back'),
    [row('octopus', '1f419', 'unicode_emoji', member)],
    `message ${id}'s reactions after the other member took back their vote`,
    'reactions.remove.own-only',
  );
  missing(await unreact(ctx, otherMember, id, { emoji_name: 'octopus' }));
}

const EVENT_TYPES = ['reaction', 'user_status'];
const queue = (actor: Actor): readonly [Actor, OpenOptions] => [actor, { eventTypes: EVENT_TYPES }];

function aboutReactionsOn(id: number): (event: QueueEvent) => boolean {
  return (event) => event.type === 'reaction' && event['message_id'] === id;
}

async function events(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator, guest, administrator } = ctx.cast;
  const channel = await channelWith(ctx, member, 'react-events', [member, otherMember, moderator], { invite_only: true, history_public_to_subscribers: true });
  const id = await sendToChannel(ctx, member, channel.id, 'reactions', 'react here');
  await withQueues(
    ctx,
    { sender: queue(member), reactor: queue(otherMember), subscriber: queue(moderator), guest: queue(guest), administrator: queue(administrator) },
    async (queues) => {
      const emoji = { message_id: id, emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji', user_id: otherMember.userId };
      expectSuccess(await react(ctx, otherMember, id, { emoji_name: 'octopus' }));
      expectSuccess(await unreact(ctx, otherMember, id, { emoji_name: 'octopus' }));
      await settle(ctx, Object.values(queues));
      for (const insider of [queues.sender, queues.reactor, queues.subscriber]) {
        await expectEvents(insider, [{ type: 'reaction', op: 'add', ...emoji }], {
          what: 'a reaction in a subscribed channel',
          clause: 'events.reactions.add',
        });
        await expectEvents(insider, [{ type: 'reaction', op: 'remove', ...emoji }], {
          what: 'a reaction taken back in a subscribed channel',
          clause: 'events.reactions.remove',
        });
      }
      for (const outsider of [queues.guest, queues.administrator]) {
        expectNoEvents(outsider, aboutReactionsOn(id), { what: 'a reaction in a private channel this user is not in', clause: 'events.reactions.audience' });
      }
    },
  );
}

export const REACTION_CHECKS = defineChecks([
  {
    id: 'reactions.add.by-name',
    title: 'When members react with an emoji name alone, then the message lists each reaction with the Unicode code, oldest first',
    clauses: ['reactions.add.name-only', 'reactions.record.unicode', 'reactions.add.read-back'],
    level: 'spec',
    endpoint: ADD,
    run: byName,
  },
  {
    id: 'reactions.add.with-code',
    title: 'When a member reacts with a name and its code (with or without the type), and with the server’s own emoji, then each is stored as given',
    clauses: ['reactions.add.code', 'reactions.record.service-extra', 'reactions.add.read-back'],
    level: 'spec',
    endpoint: ADD,
    run: withCode,
  },
  {
    id: 'reactions.add.invalid-code',
    title: 'When a member reacts with a code no emoji has, then it is "Invalid emoji code." and the message has no reaction',
    clauses: ['reactions.add.invalid-code', 'reactions.add.refused-unchanged'],
    level: 'spec',
    endpoint: ADD,
    run: invalidCode,
  },
  {
    id: 'reactions.add.unknown-emoji',
    title: 'When a member reacts with an unknown name, a name not matching the code, an unknown type or no name, then each is refused with its own error',
    clauses: ['reactions.add.unknown-name', 'reactions.add.mismatch', 'reactions.add.missing-name', 'reactions.add.refused-unchanged'],
    level: 'compat',
    endpoint: ADD,
    run: unknownEmoji,
  },
  {
    id: 'reactions.add.already-exists',
    title: 'When a member adds the same emoji twice (again by another of its names), then it is REACTION_ALREADY_EXISTS and one reaction remains',
    clauses: ['reactions.add.already-exists'],
    level: 'spec',
    endpoint: ADD,
    run: alreadyExists,
  },
  {
    id: 'reactions.add.vote',
    title: 'Given a reaction, when others add the same emoji under another name or by its code with any name, then theirs carry the first name',
    clauses: ['reactions.add.vote', 'reactions.add.vote-name'],
    level: 'spec',
    endpoint: ADD,
    run: vote,
  },
  {
    id: 'reactions.add.inaccessible',
    title: 'When a member reacts to a message of a private channel they are not in, then it is "Invalid message(s)" like a missing id, and nothing changes',
    clauses: ['reactions.add.inaccessible', 'reactions.add.refused-unchanged'],
    level: 'compat',
    endpoint: ADD,
    run: inaccessible,
  },
  {
    id: 'reactions.add.historical',
    title: 'Given a public channel the other member never joined, when they react to its message, then it becomes one of their messages, read and historical',
    clauses: ['reactions.add.historical'],
    level: 'compat',
    endpoint: ADD,
    run: historical,
  },
  {
    id: 'reactions.remove.by-name-and-code',
    title: 'When a member removes their reactions by name, by code and by code with the type, then the message has none left',
    clauses: ['reactions.remove.by-name', 'reactions.remove.by-code'],
    level: 'compat',
    endpoint: REMOVE,
    run: removeByNameAndCode,
  },
  {
    id: 'reactions.remove.missing',
    title:
      'Given two votes, when one voter removes an emoji they did not use, names nothing, or removes theirs twice, then only their own vote goes and the rest is refused',
    clauses: ['reactions.remove.missing', 'reactions.remove.neither', 'reactions.remove.own-only'],
    level: 'compat',
    endpoint: REMOVE,
    run: removeMissing,
  },
  {
    id: 'events.reactions.channel',
    title:
      'Given a private channel of three, when one reacts and takes it back, then each subscriber gets the add and remove reaction events and a guest and an administrator outside get nothing',
    clauses: ['events.reactions.add', 'events.reactions.remove', 'events.reactions.audience'],
    level: 'compat',
    endpoint: ADD,
    run: events,
  },
]);
