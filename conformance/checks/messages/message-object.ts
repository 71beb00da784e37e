/** The message object as GET /messages/{message_id} and GET /messages show it (reference server-messages-channels §3.2). */

import { type CheckContext, CheckFailure, defineChecks } from '../../check.js';
import { type Body, expectEqual, expectTrue } from '../../expect.js';
import { channelOperator } from '../../feature-level.js';
import { emailAsSeenBy, fetchMessages, GET_ONE, messagesChannel, readMessage, sendDirect, sendToChannel } from './support.js';

type FieldTest = (value: unknown) => boolean;

const integer: FieldTest = (value) => Number.isInteger(value);
const string: FieldTest = (value) => typeof value === 'string';
const boolean: FieldTest = (value) => typeof value === 'boolean';
const list: FieldTest = (value) => Array.isArray(value);

/** Every field of a message and how its value looks; `stream_id` only for channel messages. */
const FIELDS: Readonly<Record<string, FieldTest>> = {
  id: integer,
  sender_id: integer,
  sender_full_name: string,
  sender_email: string,
  sender_realm_str: string,
  timestamp: (value) => integer(value) && (value as number) > 1_000_000_000 && (value as number) < 100_000_000_000,
  type: (value) => value === 'stream' || value === 'private',
  display_recipient: (value) => string(value) || list(value),
  subject: string,
  topic_links: list,
  content: string,
  content_type: (value) => value === 'text/html' || value === 'text/x-markdown',
  recipient_id: integer,
  client: string,
  avatar_url: (value) => value === null || string(value),
  is_me_message: boolean,
  reactions: list,
  submessages: list,
  flags: list,
};

const EDIT_FIELDS = ['edit_history', 'last_edit_timestamp', 'last_moved_timestamp'];

function expectFields(message: Body, channel: boolean, where: string): void {
  const wanted = channel ? [...Object.keys(FIELDS), 'stream_id'] : Object.keys(FIELDS);
  const missing = wanted.filter((name) => !(name in message));
  expectEqual(missing, [], `${where}: the fields missing`, 'messages.object.fields');
  const wrong = Object.entries(FIELDS).filter(([name, test]) => !test(message[name]));
  if (wrong.length > 0) {
    const shown = wrong.map(([name]) => `${name}=${JSON.stringify(message[name])}`).join(', ');
    throw new CheckFailure(`${where}: every field of the stated type, got ${shown}`, undefined, 'messages.object.fields');
  }
  expectEqual(
    EDIT_FIELDS.filter((name) => name in message),
    [],
    `${where}: the edit fields of a message never edited`,
    'messages.object.fields',
  );
}

async function channelMessage(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const topic = ctx.unique('object');
  const id = await sendToChannel(ctx, member, channel.id, topic, 'what a message looks like');
  const byId = await readMessage(ctx, otherMember, id);
  expectFields(byId, true, `GET /messages/${id}`);
  expectEqual(
    [byId['id'], byId['sender_id'], byId['sender_full_name'], byId['type'], byId['stream_id'], byId['display_recipient'], byId['subject']],
    [id, member.userId, member.fullName, 'stream', channel.id, channel.name, topic],
    'the message’s identity, sender and address',
    'messages.object.fields',
  );
  expectEqual(
    [byId['content'], byId['content_type'], byId['is_me_message'], byId['reactions'], byId['submessages']],
    ['<p>what a message looks like</p>', 'text/html', false, [], []],
    'the message’s content and empty lists',
    'messages.object.fields',
  );
  const listed = await fetchMessages(ctx, otherMember, { anchor: id, num_before: 0, num_after: 0 }, [
    { operator: channelOperator(ctx.featureLevel), operand: channel.id },
  ]);
  const inList = (listed['messages'] as Body[])[0];
  expectTrue(inList !== undefined, `message ${id} in GET /messages anchored at it`, 'messages.object.fields');
  expectFields(inList, true, 'GET /messages');
  expectEqual(inList, byId, 'the message in GET /messages and by id', 'messages.object.fields');
}

async function directMessage(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const id = await sendDirect(ctx, member, [otherMember.userId], 'a direct message’s shape');
  const read = await readMessage(ctx, otherMember, id);
  expectFields(read, false, `GET /messages/${id}`);
  expectTrue(!('stream_id' in read), `no stream_id on a direct message, got ${JSON.stringify(read['stream_id'])}`, 'messages.object.direct');
  expectEqual([read['type'], read['subject']], ['private', ''], 'type and topic of a direct message', 'messages.object.direct');
  const recipients = [...(read['display_recipient'] as Body[])].sort((a, b) => a['id'] - b['id']);
  const participants = [member, otherMember].sort((a, b) => a.userId - b.userId);
  const expected = [];
  // Each participant's address as the reader sees it (a placeholder where the real one is hidden from them).
  for (const user of participants) {
    expected.push({ id: user.userId, email: await emailAsSeenBy(ctx, otherMember, user.userId), full_name: user.fullName, is_mirror_dummy: false });
  }
  expectEqual(recipients, expected, 'display_recipient of a direct message (sender included)', 'messages.object.direct');
}

async function markdownForms(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const source = 'some **bold** words';
  const id = await sendToChannel(ctx, member, channel.id, ctx.unique('markdown'), source);
  const html = await readMessage(ctx, member, id);
  expectEqual(
    [html['content'], html['content_type']],
    ['<p>some <strong>bold</strong> words</p>', 'text/html'],
    'the default form',
    'messages.object.markdown',
  );
  const raw = await readMessage(ctx, member, id, { apply_markdown: 'false' });
  expectEqual([raw['content'], raw['content_type']], [source, 'text/x-markdown'], 'the form with apply_markdown=false', 'messages.object.markdown');
}

export const MESSAGE_OBJECT_CHECKS = defineChecks([
  {
    id: 'messages.object.channel',
    title: 'When another member reads a channel message by id and in GET /messages, then both carry every field of its type, alike, without edit fields',
    clauses: ['messages.object.fields'],
    level: 'compat',
    endpoint: GET_ONE,
    run: channelMessage,
  },
  {
    id: 'messages.object.direct',
    title: 'When the recipient reads a direct message, then it is private with topic "", no stream_id and both participants in display_recipient',
    clauses: ['messages.object.direct', 'messages.object.fields'],
    level: 'compat',
    endpoint: GET_ONE,
    run: directMessage,
  },
  {
    id: 'messages.object.markdown',
    title: 'When a message with Markdown is read, then it is HTML as text/html by default and the source as text/x-markdown with apply_markdown=false',
    clauses: ['messages.object.markdown'],
    level: 'compat',
    endpoint: GET_ONE,
    run: markdownForms,
  },
]);
