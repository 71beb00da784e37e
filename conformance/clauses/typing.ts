/**
 * Typing notifications. The spec states the edit-typing endpoint (its path,
 * `op`, and that it notifies other users) and leaves the general typing
 * endpoint's shape out; everything else is the real server's behaviour
 * (`compat`, facts in server-messages-channels.md §9 and server-events.md §5.2).
 */
import type { Clause } from '../clauses.js';
import { compat, since, spec, until } from './clause.js';

const TYPING = 'POST /typing';
const EDIT = 'POST /messages/{message_id}/typing';

const EDIT_SECTION = 'POST /messages/{message_id}/typing — typing status while editing';
const facts = (section: string) => `server-messages-channels.md: ${section}`;
const ev = (section: string) => `server-events.md: ${section}`;

export const TYPING_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------------------ spec
  since(361, spec('typing.edit.path', EDIT_SECTION, 'the message being edited is named by the integer message_id path segment', EDIT)),
  until(361, spec('typing.edit.legacy-path', EDIT_SECTION, 'before feature level 361, the path is /message_edit_typing with message_id in the body', EDIT)),
  spec('typing.edit.op', EDIT_SECTION, 'op is required and is start or stop', EDIT),
  spec('typing.edit.notifies', `${EDIT_SECTION}; Events`, 'setting typing status while editing notifies the other users who would see the edit', EDIT),

  // ------------------------------------------------------------------ POST /messages/{message_id}/typing
  compat(
    'typing.edit.event',
    ev('§5.2'),
    'typing_edit_message carries op, sender_id, message_id and recipient: {type channel, channel_id, topic} or {type direct, user_ids}; no queue capability gates it',
    EDIT,
  ),
  compat(
    'typing.edit.audience',
    ev('§5.2'),
    'a channel message’s subscribers hear it; a direct message’s participants who receive typing notifications hear it and are the user_ids listed; nobody else',
    EDIT,
  ),
  compat(
    'typing.edit.permission',
    facts('§9.2, §4.2'),
    'only who may edit the content now: anyone else (administrators too) gets "You don\'t have permission to edit this message", an unreadable or missing message "Invalid message(s)"',
    EDIT,
  ),
  compat(
    'typing.edit.no-grace',
    facts('§9.2'),
    'past message_content_edit_limit_seconds it is refused at once ("The time limit for editing this message has passed"): no 20 s grace as for edits',
    EDIT,
  ),
  compat('typing.edit.sender-setting', facts('§9.2'), 'the editor’s send_*_typing_notifications setting for that kind of conversation off is an error', EDIT),

  // ------------------------------------------------------------------ POST /typing: parameters
  compat(
    'typing.params',
    facts('§9.1'),
    'op (start or stop) is required; type is direct (the default), stream or channel; anything else, private included, is "Invalid type"',
    TYPING,
  ),
  compat('typing.no-change', facts('§9.1'), 'a typing notification answers plain success and changes nothing a read shows', TYPING),

  // ------------------------------------------------------------------ POST /typing: direct
  compat(
    'typing.direct.event',
    ev('§5.2'),
    'direct typing sends typing with op, message_type direct, sender {user_id, email} and recipients: the listed users in order, then the sender',
    TYPING,
  ),
  compat('typing.direct.audience', ev('§5.2'), 'the listed users and the sender hear direct typing; nobody else does', TYPING),
  compat('typing.direct.receives', ev('§5.2'), 'a user with receives_typing_notifications off, the sender included, hears no typing', TYPING),
  compat(
    'typing.direct.errors',
    facts('§9.1'),
    'no to is "Missing \'to\' argument", an empty list "Empty \'to\' list" (both plain BAD_REQUEST), an unknown id "Invalid user ID <id>"',
    TYPING,
  ),
  compat(
    'typing.direct.sender-setting',
    facts('§9.1'),
    'send_private_typing_notifications off is "User has disabled typing notifications for direct messages", and nothing is sent',
    TYPING,
  ),

  // ------------------------------------------------------------------ POST /typing: channels
  compat(
    'typing.channel.event',
    ev('§5.2'),
    'channel typing sends typing with op, message_type stream, sender {user_id, email}, stream_id and the trimmed topic',
    TYPING,
  ),
  compat(
    'typing.channel.audience',
    ev('§5.2; §1.3'),
    'the channel’s subscribers hear it, only on queues with stream_typing_notifications; non-subscribers and subscribers with receives_typing_notifications off do not',
    TYPING,
  ),
  compat(
    'typing.channel.topic',
    facts('§9.1'),
    '"general chat" and "(no topic)" name the empty topic, which queues without empty_topic_name read as "general chat"',
    TYPING,
  ),
  compat(
    'typing.channel.errors',
    facts('§9.1'),
    'no stream_id is "Missing \'stream_id\' argument" (plain BAD_REQUEST), no topic "Missing topic"; an unknown or unreadable channel "Invalid channel ID"; no right to post the send error',
    TYPING,
  ),
  compat(
    'typing.channel.sender-setting',
    facts('§9.1'),
    'send_stream_typing_notifications off is "User has disabled typing notifications for channel messages", and nothing is sent',
    TYPING,
  ),
  compat('typing.channel.cutoff', ev('§5.2'), 'a channel with more than 100 active subscribers gets no typing events; one with 100 still does', TYPING),
];
