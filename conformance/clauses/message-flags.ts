/**
 * Changing message flags and testing messages against a narrow: POST
 * /messages/flags, POST /messages/flags/narrow, POST /mark_topic_as_read and
 * GET /messages/matches_narrow. The spec states which flags change, the
 * unsubscribed-channel skip, the response keys, the topic's display name and
 * the match fields; the texts of errors, the historical rows and the events
 * are the real server's (`compat`, facts in server-messages-channels.md §5,
 * §6.3 and server-events.md §5.1).
 */
import type { Clause } from '../clauses.js';
import { compat, spec } from './clause.js';

const UPDATE = 'POST /messages/flags';
const NARROW = 'POST /messages/flags/narrow';
const TOPIC = 'POST /mark_topic_as_read';
const MATCHES = 'GET /messages/matches_narrow';

const FLAGS = 'Message flags';
const STATES = 'States and transitions';
const UPDATE_SECTION = 'POST /messages/flags — update personal message flags';
const TOPIC_SECTION = 'POST /mark_topic_as_read (deprecated)';
const MATCHES_SECTION = 'GET /messages/matches_narrow';
const facts = (section: string) => `server-messages-channels.md: ${section}`;
const events = (section: string) => `server-events.md: ${section}`;

export const MESSAGE_FLAG_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------------------ spec
  spec('messages.flags.changeable', FLAGS, 'read, starred and collapsed are the flags a user may add and remove', UPDATE),
  spec(
    'messages.flags.not-changeable',
    FLAGS,
    'mentioned, the wildcard mentions, has_alert_word and historical cannot be changed: the request fails and nothing changes',
    UPDATE,
  ),
  spec('messages.update-flags.add', STATES, 'op=add sets a changeable flag on the listed messages', UPDATE),
  spec('messages.update-flags.remove', STATES, 'op=remove unsets a changeable flag on the listed messages', UPDATE),
  spec('messages.update-flags.personal', UPDATE_SECTION, 'flags are personal: changing one never changes another user’s flags', UPDATE),
  spec(
    'messages.update-flags.unread-skip',
    `${STATES}; ${FLAGS}`,
    'removing read skips messages of channels the user is not subscribed to, so every unread message stays in a subscribed channel',
    UPDATE,
  ),
  spec(
    'messages.update-flags.response-messages',
    UPDATE_SECTION,
    'the answer’s messages is an integer array holding every message the request modified',
    UPDATE,
  ),
  spec(
    'messages.update-flags.ignored-channels',
    UPDATE_SECTION,
    'removing read answers ignored_because_not_subscribed_channels: the ids of the channels whose messages were skipped',
    UPDATE,
  ),
  spec('messages.mark-topic-read.topic', TOPIC_SECTION, 'marks every unread message of the topic read, and no message outside it', TOPIC),
  spec('messages.mark-topic-read.general-chat', TOPIC_SECTION, 'the empty topic’s display name "general chat" names the empty topic', TOPIC),
  spec(
    'messages.matches-narrow.only-matching',
    MATCHES_SECTION,
    'messages maps the id (a string key) of each listed message that matches the narrow, and only those, to its match fields',
    MATCHES,
  ),
  spec(
    'messages.matches-narrow.fields',
    MATCHES_SECTION,
    'each match has match_content (HTML) and match_subject, as GET /messages gives them for the same narrow',
    MATCHES,
  ),

  // ------------------------------------------------------------------ POST /messages/flags
  compat(
    'messages.update-flags.validation',
    facts('§5.2'),
    'checked in order: "Invalid flag: \'f\'" (wildcard_mentioned is no input flag), "Flag not editable: \'f\'", "Invalid message flag operation: \'op\'"',
    UPDATE,
  ),
  compat('messages.update-flags.echo', facts('§5.3'), 'the answer’s messages echoes the ids asked, in order, whatever changed', UPDATE),
  compat(
    'messages.update-flags.ignored-always',
    facts('§5.3'),
    'ignored_because_not_subscribed_channels is always in the answer, [] when nothing was skipped',
    UPDATE,
  ),
  compat(
    'messages.update-flags.historical',
    facts('§5.3'),
    'starring readable history the user never received gives a row read+historical+starred; unstarring leaves read+historical',
    UPDATE,
  ),
  compat(
    'messages.update-flags.invalid-message',
    facts('§5.3'),
    'a row-less id that is missing or unreadable fails the whole request with "Invalid message(s)" when the change is real; a no-op change ignores it',
    UPDATE,
  ),
  compat(
    'messages.update-flags.event',
    events('§5.1 update_message_flags'),
    'only the user’s own queues get update_message_flags with op, operation, flag, the changed ids in messages, and all=false',
    UPDATE,
  ),
  compat(
    'messages.update-flags.event-details',
    events('§5.1 update_message_flags'),
    'removing read adds message_details: per message id its type, the channel and topic or the other participants',
    UPDATE,
  ),

  // ------------------------------------------------------------------ POST /messages/flags/narrow
  compat(
    'messages.flags-narrow.window',
    `${facts('§5.3')}; the real server's update_message_flags_for_narrow`,
    'updates the window of the narrow around the anchor and answers processed_count, updated_count, first/last_processed_id, found_oldest, found_newest',
    NARROW,
  ),
  compat(
    'messages.flags-narrow.ignored',
    `${facts('§5.3')}; the real server's update_message_flags_for_narrow`,
    'removing read in the window skips unsubscribed channels, named in ignored_because_not_subscribed_channels',
    NARROW,
  ),

  // ------------------------------------------------------------------ POST /mark_topic_as_read
  compat('messages.mark-topic-read.no-such-topic', facts('§5.4'), 'a topic the user holds no message of is "No such topic \'t\'"', TOPIC),
  compat('messages.mark-topic-read.invalid-channel', facts('§5.4'), 'a missing or unreadable channel is "Invalid channel ID"', TOPIC),
  compat('messages.mark-topic-read.empty-name', facts('§5.4'), 'an empty topic_name marks the whole channel read', TOPIC),
  compat(
    'messages.mark-topic-read.event',
    events('§5.1 update_message_flags'),
    'the user’s own queues get update_message_flags add read for the messages marked',
    TOPIC,
  ),

  // ------------------------------------------------------------------ GET /messages/matches_narrow
  compat('messages.matches-narrow.rows-only', facts('§6.3'), 'only messages the user holds a row for can match: unreceived public history never does', MATCHES),
  compat(
    'messages.matches-narrow.highlight',
    facts('§6.3'),
    'without a search the fields are the rendered content and the HTML-escaped topic; a search wraps each match in <span class="highlight">',
    MATCHES,
  ),
];
