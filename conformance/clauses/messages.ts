/**
 * Messages: sending (POST /messages), reading (GET /messages with narrows,
 * GET /messages/{message_id}, its history), deleting and rendering. The spec
 * states the flags, the two wildcard error codes, the limits and the `subject`
 * alias; everything else is the real server's behaviour (`compat`, facts in
 * server-messages-channels.md and server-markdown.md).
 */
import type { Clause } from '../clauses.js';
import { compat, spec } from './clause.js';

const SEND = 'POST /messages';
const LIST = 'GET /messages';
const GET = 'GET /messages/{message_id}';
const DELETE = 'DELETE /messages/{message_id}';
const HISTORY = 'GET /messages/{message_id}/history';
const RENDER = 'POST /messages/render';

const FLAGS = 'Message flags';
const ERRORS = 'Errors';
const facts = (section: string) => `server-messages-channels.md: ${section}`;

export const MESSAGE_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------------------ spec
  spec('messages.flags.unread-start', FLAGS, 'a new message starts unread for its recipients, and for its sender when sent through the API', SEND),
  spec('messages.flags.mentioned', FLAGS, 'mentioned is set for a user mentioned directly or through a user group they belong to', SEND),
  spec('messages.flags.wildcard', FLAGS, 'a channel wildcard mention sets stream_wildcard_mentioned, and the deprecated wildcard_mentioned with it', SEND),
  spec('messages.flags.historical', FLAGS, 'a message read from history the user never received carries historical', LIST),
  spec('messages.flags.unread-subscribed', FLAGS, 'every unread message is in a channel the user is subscribed to', LIST),
  spec('messages.wildcard.channel-code', ERRORS, 'a channel wildcard mention without permission fails with STREAM_WILDCARD_MENTION_NOT_ALLOWED', SEND),
  spec('messages.wildcard.topic-code', ERRORS, 'a topic wildcard mention without permission fails with TOPIC_WILDCARD_MENTION_NOT_ALLOWED', SEND),
  spec('messages.send.subject-alias', 'Versioning', 'subject is still accepted as the deprecated alias of topic', SEND),

  // ------------------------------------------------------------------ POST /messages: addressing
  compat('messages.send.response', facts('§3.1'), 'a send answers the new message’s integer id, and the message reads back as sent', SEND),
  compat('messages.send.type', facts('§3.1'), 'type is direct, private, stream or channel; anything else is "Invalid type"', SEND),
  compat(
    'messages.send.to-channel',
    facts('§3.1'),
    'a channel is addressed by id, by name (trimmed), by JSON-encoded name, or by a one-element JSON list of either',
    SEND,
  ),
  compat(
    'messages.send.to-channel-errors',
    facts('§3.1'),
    'a list of other than one channel is "Expected exactly one channel"; other JSON values are "Invalid data type for channel"',
    SEND,
  ),
  compat(
    'messages.send.channel-missing',
    facts('§3.1'),
    'an unknown channel is STREAM_DOES_NOT_EXIST, naming the (HTML-escaped) name in `stream` or the id in `stream_id`',
    SEND,
  ),
  compat('messages.send.to-direct', facts('§3.1'), 'direct recipients are a JSON list of user ids, a JSON list of e-mails, or comma-separated e-mails', SEND),
  compat(
    'messages.send.to-direct-errors',
    facts('§3.1'),
    'mixed ids and e-mails, an unknown id or e-mail, and an empty list are refused with the real server’s messages',
    SEND,
  ),

  // ------------------------------------------------------------------ POST /messages: topic and content
  compat('messages.send.topic-required', facts('§3.1'), 'a channel message without topic is "Missing topic"', SEND),
  compat('messages.send.topic-trimmed', facts('§3.1'), 'surrounding whitespace is trimmed from the topic', SEND),
  compat('messages.send.topic-empty-names', facts('§3.1'), '"(no topic)" and the realm’s empty-topic name both mean the empty topic', SEND),
  compat('messages.send.topic-truncated', `${facts('§3.1')}; Limits`, 'a topic over 60 characters is cut to 57 characters and "..." (not an error)', SEND),
  compat('messages.send.topic-characters', facts('§3.1'), 'a control character in the topic is "Invalid character in topic, at position N!"', SEND),
  compat(
    'messages.send.topics-policy',
    `${facts('§3.1')}; Channel (as listed by the channel listing)`,
    'disable_empty_topic refuses the empty topic and empty_topic_only refuses named topics, each with the real server’s message',
    SEND,
  ),
  compat('messages.send.content-normalised', facts('§3.1'), 'trailing whitespace and leading newlines are stripped from the content', SEND),
  compat('messages.send.content-empty', facts('§3.1'), 'content that is empty after stripping, or holds a NUL, is refused', SEND),
  compat(
    'messages.send.content-truncated',
    `${facts('§3.1')}; Limits`,
    'content over 10000 characters is cut to 10000, ending with "\\n[message truncated]" (not an error)',
    SEND,
  ),

  // ------------------------------------------------------------------ POST /messages: who may post where
  compat(
    'messages.send.private-channel',
    facts('§3.1'),
    'a non-subscriber cannot post to a private channel: "Not authorized to send to channel \'<name>\'"',
    SEND,
  ),
  compat('messages.send.guest', facts('§3.1'), 'a guest may post only to channels they are subscribed to (or web-public ones)', SEND),
  compat('messages.send.archived', facts('§3.1'), 'nobody can post to an archived channel', SEND),
  compat(
    'messages.send.can-send-message-group',
    facts('§3.1'),
    'only members of the channel’s can_send_message_group may post: "You do not have permission to post in this channel."',
    SEND,
  ),
  compat(
    'messages.send.channel-wildcard-threshold',
    facts('§3.1, §0'),
    'a channel wildcard is refused in a channel with more than 15 subscribers for users outside can_mention_many_users_group, allowed otherwise',
    SEND,
  ),
  compat(
    'messages.send.topic-wildcard-threshold',
    facts('§3.1, §0'),
    'a topic wildcard is refused in a topic with more than 15 participants for users outside can_mention_many_users_group, allowed otherwise',
    SEND,
  ),
  compat(
    'messages.send.group-mention',
    facts('§3.1'),
    'mentioning a group the sender may not mention is "You are not allowed to mention user group \'<name>\'."',
    SEND,
  ),
  compat('messages.send.read-by-sender', `${facts('§3.1, §15.4')}; ${FLAGS}`, 'read_by_sender=true starts the message read for its sender', SEND),

  // ------------------------------------------------------------------ the message object
  compat(
    'messages.object.fields',
    facts('§3.2'),
    'a channel message carries every field of the message table, each of its type; edit fields only once edited',
    GET,
  ),
  compat(
    'messages.object.direct',
    facts('§3.2'),
    'a direct message has type private, topic "" and display_recipient listing every participant, sender included',
    GET,
  ),
  compat('messages.object.markdown', facts('§3.2'), 'apply_markdown=false gives the source as text/x-markdown; the default is rendered text/html', GET),
  compat('messages.object.empty-topic', facts('§3.2'), 'the empty topic reads as "general chat" unless allow_empty_topic_name=true', GET),
  compat('messages.flags.historical-read', facts('§3.2'), 'a message read from history without a row of the user has flags ["read","historical"]', LIST),

  // ------------------------------------------------------------------ GET /messages
  compat('messages.list.anchor-required', facts('§3.3'), 'without anchor (and message_ids) the answer is "Missing \'anchor\' argument."', LIST),
  compat('messages.list.anchor-invalid', facts('§3.3'), 'an anchor that is no integer nor keyword is "Invalid anchor"', LIST),
  compat(
    'messages.list.anchors',
    facts('§3.3'),
    'anchor (an id, oldest, newest, first_unread; negative means 0) with num_before and num_after selects the ids around it, oldest first',
    LIST,
  ),
  compat('messages.list.found', facts('§3.3'), 'found_anchor, found_oldest and found_newest tell whether the anchor and each end were reached', LIST),
  compat(
    'messages.list.include-anchor',
    facts('§3.3'),
    'include_anchor=false leaves the anchor out; excluding it with messages on both sides is refused',
    LIST,
  ),
  compat('messages.list.limit', facts('§3.3, §0'), 'num_before + num_after may be at most 5000: "Too many messages requested (maximum 5000)."', LIST),
  compat(
    'messages.list.message-ids',
    facts('§3.3'),
    'message_ids answers exactly the listed messages the user may read, and cannot be combined with an anchor',
    LIST,
  ),
  compat('messages.narrow.channel', facts('§6.2'), 'channel (by id or name) keeps that channel’s messages; an unknown channel is BAD_NARROW', LIST),
  compat('messages.narrow.topic', facts('§6.2'), 'topic keeps channel messages of that topic, compared without regard to case', LIST),
  compat('messages.narrow.sender', facts('§6.2'), 'sender (by id or e-mail) keeps that sender’s messages', LIST),
  compat('messages.narrow.dm', facts('§6.2'), 'dm keeps exactly that conversation; dm-including keeps every conversation of the caller with that user', LIST),
  compat('messages.narrow.is', facts('§6.2'), 'is:dm, is:starred, is:unread and is:mentioned keep the messages with that property for the caller', LIST),
  compat('messages.narrow.has-link', facts('§6.2'), 'has:link keeps the messages whose content has a link', LIST),
  compat('messages.narrow.id', facts('§6.2'), 'id keeps that one message; near filters nothing', LIST),
  compat('messages.narrow.search', facts('§6.2, §6.3'), 'search keeps the messages whose content or topic has the words', LIST),
  compat('messages.narrow.negated', facts('§6.1'), 'a negated term keeps exactly what the term would drop', LIST),
  compat(
    'messages.narrow.bad',
    facts('§6.1'),
    'an unknown operator, or a channel term with a direct-message term, is BAD_NARROW "Invalid narrow operator: …" with desc',
    LIST,
  ),

  // ------------------------------------------------------------------ GET /messages/{message_id}
  compat('messages.get.response', facts('§3.4'), 'the answer is the message (with the reader’s flags) and its Markdown source as raw_content', GET),
  compat('messages.get.invalid', `${facts('§0, §3.4')}`, 'a missing message and one the reader may not see both answer "Invalid message(s)", identically', GET),
  compat(
    'messages.get.protected-history',
    facts('§1.2, §3.4'),
    'a new subscriber of a private channel with protected history cannot read its earlier messages; with shared history they can',
    GET,
  ),
  compat('messages.get.archived', facts('§3.4'), 'messages in an archived channel stay readable', GET),
  compat('messages.history.unedited', 'reference server-messages-channels §3.4 (OA:get-message-history)', 'an unedited message has one history entry', HISTORY),

  // ------------------------------------------------------------------ DELETE /messages/{message_id}
  compat(
    'messages.delete.own',
    'server-core.md §6 (can_delete_own_message_group)',
    'a member may delete their own recent message; it is then gone for everyone',
    DELETE,
  ),
  compat(
    'messages.delete.others',
    'server-core.md §6',
    'deleting someone else’s message without permission: "You don\'t have permission to delete this message"',
    DELETE,
  ),
  compat('messages.delete.administrators', 'server-core.md §6 (can_delete_any_message_group)', 'administrators may delete any message', DELETE),
  compat('messages.delete.missing', facts('§0'), 'deleting a missing or unreadable message is "Invalid message(s)"', DELETE),

  // ------------------------------------------------------------------ POST /messages/render
  compat('messages.render.stores-nothing', facts('§15'), 'render answers the HTML as `rendered` and creates no message', RENDER),
  compat(
    'messages.render.paragraphs',
    'server-markdown.md §1.3; ' + facts('§15.1'),
    'paragraphs are <p>, a single newline is <br>, raw HTML is escaped',
    RENDER,
  ),
  compat('messages.render.inline', facts('§15.1'), 'emphasis, strong, strikethrough and code render as <em>, <strong>, <del> and <code>', RENDER),
  compat('messages.render.mention', facts('§15.2'), 'a user mention renders as a user-mention span with the user’s id and stored name', RENDER),
  compat('messages.render.emoji', facts('§15.1'), 'an emoji name in colons renders as the emoji span', RENDER),
];
