/**
 * PATCH /messages/{message_id}: editing content, renaming topics, moving
 * messages between topics and channels, resolving topics, and the events
 * they send. Every statement of the spec's section (and the rows of
 * "States and transitions", "Message flags" and "Limits" about it) is a
 * `spec` clause; the real server's wording, order and effects where the spec
 * is silent are `compat` (server-messages-channels.md §4, server-events.md
 * §5.1).
 */
import type { Clause } from '../clauses.js';
import { compat as compatClause, spec as specClause } from './clause.js';

const EDIT = 'PATCH /messages/{message_id}';
const SECTION = 'PATCH /messages/{message_id} — edit a message';
const STATES = 'States and transitions';
const facts = (section: string) => `server-messages-channels.md: ${section}`;
const events = (section: string) => `server-events.md: ${section}`;

function spec(id: string, section: string, summary: string): Clause {
  return specClause(id, section, summary, EDIT);
}

function compat(id: string, section: string, summary: string): Clause {
  return compatClause(id, section, summary, EDIT);
}

export const MESSAGE_EDIT_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------------------ spec: parameters
  spec('messages.edit.content', SECTION, 'content replaces the message’s content, which reads back as the new text'),
  spec('messages.edit.content-max-length', `${SECTION}; Limits`, 'edited content is held to max_message_length'),
  spec('messages.edit.topic-channel-only', SECTION, 'topic may only be given for a channel message; for a direct message it is an error'),
  spec('messages.edit.topic-max-length', `${SECTION}; Limits`, 'a new topic is held to max_topic_length'),
  spec('messages.edit.topic-display-name', SECTION, 'a topic equal to realm_empty_topic_display_name is read as the empty topic'),
  spec(
    'messages.edit.topic-required',
    SECTION,
    'where topics are required, the empty string, the empty-topic display name and the no-topic text are refused as the new topic',
  ),
  spec('messages.edit.topic-empty-valid', SECTION, 'where topics are not required, the empty string is a valid new topic'),
  spec('messages.move.change-one', SECTION, 'propagate_mode change_one (the default) changes only the target message'),
  spec('messages.move.change-later', SECTION, 'propagate_mode change_later changes the target and the following messages of its topic'),
  spec('messages.move.change-all', SECTION, 'propagate_mode change_all changes every message of the topic'),
  spec('messages.edit.content-change-one', SECTION, 'only change_one is valid for an edit of the content alone'),
  spec('messages.move.notify-old-thread', SECTION, 'send_notification_to_old_thread (default false) asks for a notice in the old topic'),
  spec('messages.move.notify-new-thread', SECTION, 'send_notification_to_new_thread (default true) asks for a notice in the new topic'),
  spec(
    'messages.edit.prev-content-sha256',
    SECTION,
    'a prev_content_sha256 other than the SHA-256 of the stored raw content is an error; a matching one is not',
  ),
  spec('messages.move.channel-only', SECTION, 'stream_id may only be given for a channel message'),
  spec('messages.move.to-channel', SECTION, 'stream_id moves the message to that channel'),
  spec('messages.edit.subject-alias', 'Versioning', 'subject is accepted as the deprecated alias of topic'),

  // ------------------------------------------------------------------ spec: rules
  spec('messages.edit.content-with-channel', SECTION, 'sending both content and stream_id is an error'),
  spec('messages.edit.allow-message-editing', SECTION, 'with allow_message_editing off, content cannot be edited'),
  spec('messages.edit.content-time-limit', `${SECTION}; Limits`, 'content edits are bound by message_content_edit_limit_seconds'),
  spec('messages.move.topics-group', SECTION, 'renaming topics follows can_move_messages_between_topics_group'),
  spec('messages.move.channels-group', SECTION, 'moving messages to another channel follows can_move_messages_between_channels_group'),
  spec('messages.move.topic-time-limit', `${SECTION}; Limits`, 'topic moves by users below moderator are bound by move_messages_within_stream_limit_seconds'),
  spec(
    'messages.move.channel-time-limit',
    `${SECTION}; Limits`,
    'channel moves by users below moderator are bound by move_messages_between_streams_limit_seconds',
  ),
  spec(
    'messages.move.time-limit-code',
    SECTION,
    'a user below moderator moving messages older than the applicable limit gets MOVE_MESSAGES_TIME_LIMIT_EXCEEDED; moderators and administrators do not',
  ),
  spec('messages.edit.no-permission', `${SECTION}; Errors`, 'a user lacking permission gets code BAD_REQUEST'),
  spec('messages.edit.detached-uploads', SECTION, 'a success answers detached_uploads, an array (empty when the edit removed no reference to an upload)'),
  spec(
    'messages.move.time-limit-fields',
    SECTION,
    'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED carries first_message_id_allowed_to_move, total_messages_allowed_to_move and total_messages_in_topic',
  ),
  spec(
    'messages.move.time-limit-retry',
    SECTION,
    'repeating the move with change_later from first_message_id_allowed_to_move moves the messages the user may move',
  ),
  spec(
    'messages.move.protected-history',
    SECTION,
    'in a private channel with protected history the counts cover only messages the user can access, and a partial move happens without the error',
  ),
  spec(
    'messages.edit.wildcard-codes',
    `${SECTION}; Errors`,
    'edits adding wildcard mentions without permission fail with STREAM_WILDCARD_MENTION_NOT_ALLOWED or TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
  ),
  spec(
    'messages.edit.mention-flags',
    'Message flags',
    'mentioned changes when the message is edited: a user newly mentioned gets it, one no longer mentioned loses it',
  ),

  // ------------------------------------------------------------------ spec: resolving
  spec('messages.resolve.prefix', STATES, 'renaming a topic to the check mark, a space and the old name with change_all resolves it'),
  spec('messages.resolve.group', `${STATES}; ${SECTION}`, 'resolving topics follows can_resolve_topics_group'),
  spec('messages.resolve.empty-topic', STATES, 'the empty-string topic cannot be resolved'),
  spec(
    'messages.resolve.no-new-thread-notice',
    `${STATES}; ${SECTION}`,
    'a pure resolve or unresolve sends no notice that the topic was moved to the new topic',
  ),

  // ------------------------------------------------------------------ compat: checks and their messages
  compat('messages.edit.access', facts('§4.2, §0'), 'a missing message, one the user cannot read, and one in an archived channel are "Invalid message(s)"'),
  compat('messages.edit.disabled', facts('§4.2'), 'with editing off a content edit is "Your organization has turned off message editing"'),
  compat(
    'messages.edit.sender-only',
    facts('§4.2'),
    'only the sender may change content, administrators included: "You don\'t have permission to edit this message"',
  ),
  compat(
    'messages.edit.content-limit-grace',
    facts('§4.2'),
    'the content limit has 20 s of grace and binds every role: "The time limit for editing this message has passed"',
  ),
  compat('messages.edit.nothing-to-change', facts('§4.2'), 'a request changing nothing (no field, or the current topic) is "Nothing to change"'),
  compat(
    'messages.edit.direct-messages',
    facts('§4.2'),
    'a direct message with stream_id is "Direct messages cannot be moved to channels.", with topic "Direct messages cannot have topics."',
  ),
  compat(
    'messages.edit.propagate-mode',
    facts('§4.1, §4.2'),
    'an unknown mode is "Invalid propagate_mode"; another mode than change_one without a move is "Invalid propagate_mode without topic edit"',
  ),
  compat('messages.edit.content-with-channel-message', facts('§4.2'), 'content with stream_id is "Cannot change message content while changing channel"'),
  compat(
    'messages.edit.sha256-mismatch',
    facts('§4.2'),
    'a prev_content_sha256 mismatch is EXPECTATION_MISMATCH with field_name "prev_content_sha256", also on moves',
  ),
  compat('messages.edit.blank-content', facts('§4.2'), 'content that is blank after trimming becomes "(deleted)" (not an error)'),
  compat('messages.edit.content-truncated', facts('§4.2, §3.1'), 'content over 10000 characters is cut to 10000, ending with "\\n[message truncated]"'),
  compat('messages.edit.topic-normalised', facts('§4.2'), 'the new topic is trimmed, and one over 60 characters is cut to 57 and "..."'),
  compat('messages.edit.rendered', facts('§4.6'), 'an edited message is rendered again: its HTML reads back from the new Markdown'),
  compat('messages.edit.last-edit-timestamp', facts('§3.2, §4.6'), 'a content edit sets last_edit_timestamp; a move sets last_moved_timestamp instead'),
  compat(
    'messages.edit.history',
    facts('§3.2, §4.6'),
    'a content edit adds a history entry with prev_content and prev_rendered_content, newest first in edit_history',
  ),
  compat(
    'messages.move.topic-permission',
    facts('§4.2'),
    'a topic rename without permission is "You don\'t have permission to edit this message"; channel administrators and the channel’s can_move_messages_within_channel_group may',
  ),
  compat(
    'messages.move.channel-permission',
    facts('§4.2'),
    'a channel move without permission is "You don\'t have permission to move this message"; the channel’s can_move_messages_out_of_channel_group may',
  ),
  compat(
    'messages.move.time-limit-messages',
    facts('§4.2'),
    'past its limit (+20 s) a move of one message is "The time limit for editing this message\'s topic has passed." or "…channel has passed"',
  ),
  compat(
    'messages.move.time-limit-exceeded-message',
    facts('§4.2'),
    'the partial change_all error reads "You only have permission to move the <allowed>/<total> most recent messages in this topic."',
  ),
  compat('messages.move.case-insensitive', facts('§4.3'), 'change_all and change_later find the topic’s messages without regard to case'),
  compat('messages.move.post-permission', facts('§4.2'), 'moving into a channel one may not post in is "You do not have permission to post in this channel."'),
  compat(
    'messages.move.topics-policy',
    facts('§4.2, §3.1'),
    'a rename to the empty topic under disable_empty_topic, or to a named topic under empty_topic_only, is refused with the send texts',
  ),
  compat(
    'messages.move.notices',
    facts('§4.5'),
    'Notification Bot’s notices read "This topic was moved to/here from #**channel>topic** by @_**Name|id**." or count the moved messages',
  ),
  compat('messages.move.last-moved-timestamp', facts('§3.2'), 'a move sets last_moved_timestamp on every moved message; a pure resolve does not'),
  compat(
    'messages.resolve.notice',
    facts('§4.4'),
    'a pure resolve (unresolve) posts "@_**Name|id** has marked this topic as resolved. (unresolved.)" by Notification Bot in the new topic',
  ),
  compat('messages.resolve.permission', facts('§4.2'), 'resolving without permission is "You don\'t have permission to resolve topics in this channel."'),
  compat('messages.resolve.general-chat', facts('§4.2'), 'renaming to "✔" or "✔ general chat" is "General chat cannot be marked as resolved"'),
  compat('messages.resolve.unresolve', facts('§4.4'), 'renaming a resolved topic back to its name unresolves it'),

  // ------------------------------------------------------------------ compat: events
  compat(
    'events.edit.content',
    events('§5.1'),
    'a content edit sends update_message with user_id, edit_timestamp, message_id, message_ids, flags, rendering_only false, orig_content, orig_rendered_content, content, rendered_content and stream_id',
  ),
  compat(
    'events.edit.move',
    events('§5.1'),
    'a move sends update_message with propagate_mode, orig_subject, subject, message_ids (every moved message), stream_id and, for a channel change, new_stream_id',
  ),
  compat(
    'events.edit.recipients',
    events('§5.1'),
    'update_message goes to the users who received the message, each with their own flags, and not to users outside a private channel',
  ),
  compat('events.edit.lose-access', events('§5.1'), 'users who lose access through a move to a private channel get delete_message for the moved messages'),
];
