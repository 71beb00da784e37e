/** POST /messages to a channel: the forms of `to`, `type`, the topic and the content rules, an unknown channel. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectUnchanged } from '../../expect.js';
import { existingNames } from '../channels/support.js';
import { MISSING_CHANNEL_ID } from '../streams/support.js';
import { channelWith, messagesChannel, newestInChannel, readMessage, SEND, send, sendToChannel, sentId } from './support.js';

const RAW = { apply_markdown: 'false' } as const;

async function toForms(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const topic = ctx.unique('to-forms');
  const forms = [
    String(channel.id),
    channel.name,
    `  ${channel.name}  `,
    JSON.stringify(channel.name),
    JSON.stringify([channel.id]),
    JSON.stringify([channel.name]),
  ];
  for (const [index, to] of forms.entries()) {
    const type = index % 2 === 0 ? 'stream' : 'channel';
    const content = `sent with to=${to} and type=${type}`;
    const id = sentId(await send(ctx, member, { type, to, topic, content }), 'messages.send.to-channel');
    const read = await readMessage(ctx, otherMember, id, RAW);
    expectEqual(
      [read['id'], read['type'], read['stream_id'], read['display_recipient'], read['subject'], read['content'], read['sender_id']],
      [id, 'stream', channel.id, channel.name, topic, content, member.userId],
      `the message sent with to=${to}, type=${type}, as read back`,
      'messages.send.to-channel',
    );
  }
}

async function toErrors(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const before = await newestInChannel(ctx, member, channel.id);
  const base = { type: 'stream', topic: ctx.unique('to-errors'), content: 'never sent' };
  for (const to of ['[]', JSON.stringify([channel.id, channel.id])]) {
    expectError(await send(ctx, member, { ...base, to }), 400, 'BAD_REQUEST', 'Expected exactly one channel', 'messages.send.to-channel-errors');
  }
  for (const to of ['{}', 'null', '1.5']) {
    expectError(await send(ctx, member, { ...base, to }), 400, 'BAD_REQUEST', 'Invalid data type for channel', 'messages.send.to-channel-errors');
  }
  expectError(await send(ctx, member, { ...base, to: String(channel.id), type: 'letter' }), 400, 'BAD_REQUEST', 'Invalid type', 'messages.send.type');
  expectUnchanged(before, await newestInChannel(ctx, member, channel.id), 'the channel’s newest messages', 'messages.send.to-channel-errors');
}

async function channelMissing(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const name = `${ctx.unique('nowhere')} <b>&`;
  const escaped = name.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;');
  const byName = expectError(
    await send(ctx, member, { type: 'stream', to: name, topic: 'lost', content: 'to a channel that does not exist' }),
    400,
    'STREAM_DOES_NOT_EXIST',
    `Channel '${escaped}' does not exist`,
    'messages.send.channel-missing',
  );
  expectEqual(byName['stream'], escaped, 'the `stream` field of the error', 'messages.send.channel-missing');
  const byId = expectError(
    await send(ctx, member, { type: 'stream', to: String(MISSING_CHANNEL_ID), topic: 'lost', content: 'to a channel id that does not exist' }),
    400,
    'STREAM_DOES_NOT_EXIST',
    `Channel with ID '${MISSING_CHANNEL_ID}' does not exist`,
    'messages.send.channel-missing',
  );
  expectEqual(byId['stream_id'], MISSING_CHANNEL_ID, 'the `stream_id` field of the error', 'messages.send.channel-missing');
  expectEqual(await existingNames(ctx, [name]), [], 'no channel made by sending to a missing one', 'messages.send.channel-missing');
}

async function subjectAlias(ctx: CheckContext): Promise<void> {
  const channel = await messagesChannel(ctx);
  const topic = ctx.unique('subject-alias');
  const id = sentId(await send(ctx, ctx.cast.member, { type: 'stream', to: String(channel.id), subject: topic, content: 'topic given as subject' }));
  expectEqual((await readMessage(ctx, ctx.cast.member, id))['subject'], topic, 'the topic of a message sent with subject', 'messages.send.subject-alias');
}

async function topicRules(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const before = await newestInChannel(ctx, member, channel.id);
  expectError(
    await send(ctx, member, { type: 'stream', to: String(channel.id), content: 'no topic at all' }),
    400,
    'BAD_REQUEST',
    'Missing topic',
    'messages.send.topic-required',
  );
  expectError(
    await sendRawTopic(ctx, channel.id, 'bad\u0007topic'),
    400,
    'BAD_REQUEST',
    'Invalid character in topic, at position 4!',
    'messages.send.topic-characters',
  );
  expectUnchanged(before, await newestInChannel(ctx, member, channel.id), 'the channel’s newest messages', 'messages.send.topic-required');

  const topic = ctx.unique('trimmed');
  const id = await sendToChannel(ctx, member, channel.id, `  ${topic}\t `, 'topic with spaces around it');
  expectEqual((await readMessage(ctx, member, id))['subject'], topic, 'the topic sent with whitespace around it', 'messages.send.topic-trimmed');
}

function sendRawTopic(ctx: CheckContext, channelId: number, topic: string) {
  return send(ctx, ctx.cast.member, { type: 'stream', to: String(channelId), topic, content: 'with an odd topic' });
}

async function topicTruncated(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const long = ctx.unique('long-topic').padEnd(75, 'x');
  const exact = ctx.unique('sixty').padEnd(60, 'y');
  // 59 code points but 118 UTF-16 units: within the limit, which counts characters.
  const astral = '🐙'.repeat(59);
  const astralLong = '🐳'.repeat(61);
  const cases: [string, string][] = [
    [long, `${long.slice(0, 57)}...`],
    [exact, exact],
    [astral, astral],
    [astralLong, `${'🐳'.repeat(57)}...`],
  ];
  for (const [sent, expected] of cases) {
    const id = await sendToChannel(ctx, member, channel.id, sent, 'a long topic');
    expectEqual((await readMessage(ctx, member, id))['subject'], expected, `the topic sent as ${[...sent].length} characters`, 'messages.send.topic-truncated');
  }
}

async function emptyTopicNames(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await channelWith(ctx, member, 'empty-topic', [member, otherMember], { topics_policy: 'allow_empty_topic' });
  for (const topic of ['', '(no topic)', 'general chat', '  (no topic) ']) {
    const id = await sendToChannel(ctx, member, channel.id, topic, `to ${JSON.stringify(topic)}`);
    expectEqual(
      (await readMessage(ctx, otherMember, id, { allow_empty_topic_name: 'true' }))['subject'],
      '',
      `the topic of a message sent to ${JSON.stringify(topic)}, read with allow_empty_topic_name=true`,
      'messages.send.topic-empty-names',
    );
    expectEqual(
      (await readMessage(ctx, otherMember, id))['subject'],
      'general chat',
      `the topic of a message sent to ${JSON.stringify(topic)}, read by default`,
      'messages.object.empty-topic',
    );
  }
}

async function topicsPolicy(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const named = await channelWith(ctx, member, 'no-empty-topic', [member], { topics_policy: 'disable_empty_topic' });
  const before = await newestInChannel(ctx, member, named.id);
  expectError(
    await sendRawTopic(ctx, named.id, ''),
    400,
    'BAD_REQUEST',
    'Sending messages to the general chat is not allowed in this channel.',
    'messages.send.topics-policy',
  );
  expectUnchanged(before, await newestInChannel(ctx, member, named.id), 'the newest messages of a disable_empty_topic channel', 'messages.send.topics-policy');
  await sendToChannel(ctx, member, named.id, 'a named topic', 'allowed');

  const only = await channelWith(ctx, member, 'only-empty-topic', [member], { topics_policy: 'empty_topic_only' });
  const beforeOnly = await newestInChannel(ctx, member, only.id);
  expectError(
    await sendRawTopic(ctx, only.id, 'a named topic'),
    400,
    'BAD_REQUEST',
    'Only the general chat topic is allowed in this channel.',
    'messages.send.topics-policy',
  );
  expectUnchanged(beforeOnly, await newestInChannel(ctx, member, only.id), 'the newest messages of an empty_topic_only channel', 'messages.send.topics-policy');
  await sendToChannel(ctx, member, only.id, '', 'allowed');
}

async function contentNormalised(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const topic = ctx.unique('content');
  const id = await sendToChannel(ctx, member, channel.id, topic, '\n\n  indented line\nsecond line \t\n  \n');
  expectEqual((await readMessage(ctx, member, id, RAW))['content'], '  indented line\nsecond line', 'the stored source', 'messages.send.content-normalised');

  const before = await newestInChannel(ctx, member, channel.id);
  for (const content of [' \n\t\n ', '']) {
    expectError(await sendRawContent(ctx, channel.id, topic, content), 400, 'BAD_REQUEST', 'Message must not be empty', 'messages.send.content-empty');
  }
  expectError(
    await sendRawContent(ctx, channel.id, topic, 'a\u0000b'),
    400,
    'BAD_REQUEST',
    'Message must not contain null bytes',
    'messages.send.content-empty',
  );
  expectUnchanged(before, await newestInChannel(ctx, member, channel.id), 'the channel’s newest messages', 'messages.send.content-empty');
}

function sendRawContent(ctx: CheckContext, channelId: number, topic: string, content: string) {
  return send(ctx, ctx.cast.member, { type: 'stream', to: String(channelId), topic, content });
}

async function contentTruncated(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const topic = ctx.unique('long-content');
  const line = 'lorem ipsum dolor sit amet '.repeat(400);
  const longest = line.slice(0, 10_000);
  const tooLong = line.slice(0, 10_001);
  const kept = await sendToChannel(ctx, member, channel.id, topic, longest);
  expectEqual(
    (await readMessage(ctx, member, kept, RAW))['content'],
    longest.trimEnd(),
    'a 10000-character message, stored whole',
    'messages.send.content-truncated',
  );
  const cut = await sendToChannel(ctx, member, channel.id, topic, tooLong);
  expectEqual(
    (await readMessage(ctx, member, cut, RAW))['content'],
    `${tooLong.slice(0, 10_000 - 20)}\n[message truncated]`,
    'a 10001-character message, cut to 10000 with the marker',
    'messages.send.content-truncated',
  );
}

export const SEND_CHANNEL_CHECKS = defineChecks([
  {
    id: 'messages.send.to-channel',
    title: 'When a member sends with `to` as an id, a name, a padded name, a JSON name and one-element lists, then each lands in the channel under the topic',
    clauses: ['messages.send.to-channel', 'messages.send.type', 'messages.send.response'],
    level: 'compat',
    endpoint: SEND,
    run: toForms,
  },
  {
    id: 'messages.send.to-channel-errors',
    title: 'When `to` is an empty or two-element list, an object, null or a float, or `type` is unknown, then each is refused and nothing is posted',
    clauses: ['messages.send.to-channel-errors', 'messages.send.type'],
    level: 'compat',
    endpoint: SEND,
    run: toErrors,
  },
  {
    id: 'messages.send.channel-missing',
    title: 'When a member sends to an unknown channel name or id, then STREAM_DOES_NOT_EXIST names it (escaped) and no channel is made',
    clauses: ['messages.send.channel-missing'],
    level: 'compat',
    endpoint: SEND,
    run: channelMissing,
  },
  {
    id: 'messages.send.subject-alias',
    title: 'When a member sends with `subject` instead of `topic`, then the message has that topic',
    clauses: ['messages.send.subject-alias'],
    level: 'spec',
    endpoint: SEND,
    run: subjectAlias,
  },
  {
    id: 'messages.send.topic-rules',
    title: 'When the topic is missing or holds a control character it is refused (nothing posted); a topic with whitespace around it is trimmed',
    clauses: ['messages.send.topic-required', 'messages.send.topic-characters', 'messages.send.topic-trimmed'],
    level: 'compat',
    endpoint: SEND,
    run: topicRules,
  },
  {
    id: 'messages.send.topic-truncated',
    title: 'When the topic has more than 60 characters it is cut to 57 and "..."; 60 characters, or 59 emoji, are kept whole',
    clauses: ['messages.send.topic-truncated'],
    level: 'compat',
    endpoint: SEND,
    run: topicTruncated,
  },
  {
    id: 'messages.send.topic-empty-names',
    title: 'When a member sends to "", "(no topic)" or "general chat", then the topic is empty, read as "general chat" unless allow_empty_topic_name=true',
    clauses: ['messages.send.topic-empty-names', 'messages.object.empty-topic'],
    level: 'compat',
    endpoint: SEND,
    run: emptyTopicNames,
  },
  {
    id: 'messages.send.topics-policy',
    title:
      'Given disable_empty_topic and empty_topic_only channels, then the empty topic and a named topic are refused there (nothing posted), the other allowed',
    clauses: ['messages.send.topics-policy'],
    level: 'compat',
    endpoint: SEND,
    run: topicsPolicy,
  },
  {
    id: 'messages.send.content-normalised',
    title: 'Leading newlines and trailing whitespace are stripped; empty, blank or NUL-holding content is refused and nothing is posted',
    clauses: ['messages.send.content-normalised', 'messages.send.content-empty'],
    level: 'compat',
    endpoint: SEND,
    run: contentNormalised,
  },
  {
    id: 'messages.send.content-truncated',
    title: 'Content of 10000 characters is kept; 10001 characters are cut to 10000 ending with "\\n[message truncated]"',
    clauses: ['messages.send.content-truncated'],
    level: 'compat',
    endpoint: SEND,
    run: contentTruncated,
  },
]);
