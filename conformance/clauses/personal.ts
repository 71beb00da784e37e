/**
 * A user's own reading and muting state: alert words, muted users, topic
 * visibility policies, personal subscription settings, the combined
 * subscribe/unsubscribe call, the topic list, topic deletion, read receipts
 * and marking channels or everything read. The spec states only what the
 * has_alert_word flag means; the rest is the real server's behaviour
 * (`compat`; its views alert_words, muted_users, user_topics, streams,
 * read_receipts and message_flags).
 */
import type { Clause } from '../clauses.js';
import { compat, spec } from './clause.js';

const ALERT_WORDS = 'POST /users/me/alert_words';
const REMOVE_ALERT_WORDS = 'DELETE /users/me/alert_words';
const MUTE = 'POST /users/me/muted_users/{muted_user_id}';
const UNMUTE = 'DELETE /users/me/muted_users/{muted_user_id}';
const USER_TOPIC = 'POST /user_topics';
const MUTED_TOPICS = 'PATCH /users/me/subscriptions/muted_topics';
const PROPERTIES = 'POST /users/me/subscriptions/properties';
const UPDATE_SUBSCRIPTIONS = 'PATCH /users/me/subscriptions';
const TOPICS = 'GET /users/me/{stream_id}/topics';
const DELETE_TOPIC = 'POST /streams/{stream_id}/delete_topic';
const READ_RECEIPTS = 'GET /messages/{message_id}/read_receipts';
const MARK_ALL = 'POST /mark_all_as_read';
const MARK_CHANNEL = 'POST /mark_stream_as_read';

const view = (name: string) => `zulip zerver/views/${name}.py`;
const events = 'server-events.md: §5.7';

export const PERSONAL_CLAUSES: readonly Clause[] = [
  spec(
    'personal.alert-words.flag',
    'Message flags',
    'a message holding one of the recipient’s alert words has has_alert_word in that recipient’s flags',
    ALERT_WORDS,
  ),

  compat(
    'personal.alert-words.add',
    view('alert_words'),
    'added words are stripped, blanks dropped, duplicates (any case) skipped; the answer lists all words',
    ALERT_WORDS,
  ),
  compat(
    'personal.alert-words.too-long',
    view('alert_words'),
    'a word over 100 characters is refused with "alert_words[<i>] is too long (limit: 100 characters)"',
    ALERT_WORDS,
  ),
  compat(
    'personal.alert-words.remove',
    view('alert_words'),
    'removing matches words case-insensitively, ignores unknown ones and answers with the rest',
    REMOVE_ALERT_WORDS,
  ),
  compat(
    'personal.alert-words.whole-word',
    'server-markdown.md: §2.12',
    'an alert word matches case-insensitively and only as a whole word (not inside a word or a URL)',
    ALERT_WORDS,
  ),
  compat('personal.alert-words.event', events, 'every change sends the whole list in an alert_words event to the user alone', ALERT_WORDS),

  compat('personal.mute.listed', view('muted_users'), 'a muted user is listed in register’s muted_users as {id, timestamp}; unmuting removes them', MUTE),
  compat(
    'personal.mute.errors',
    view('muted_users'),
    'muting oneself ("Cannot mute self"), an unknown user ("No such user") or twice ("User already muted") is refused',
    MUTE,
  ),
  compat('personal.unmute.not-muted', view('muted_users'), 'unmuting someone not muted fails with "User is not muted"', UNMUTE),
  compat(
    'personal.mute.read',
    'server-events.md: §6',
    'messages from a muted user arrive read for the muter, and muting marks their unread messages read',
    MUTE,
  ),

  compat(
    'personal.user-topic.set',
    view('user_topics'),
    'a visibility policy (1 muted, 2 unmuted, 3 followed) shows in register’s user_topics; 0 removes it',
    USER_TOPIC,
  ),
  compat(
    'personal.user-topic.invalid',
    view('user_topics'),
    'a policy outside 0–3 and a channel the user cannot read are refused, changing nothing',
    USER_TOPIC,
  ),
  compat(
    'personal.user-topic.event',
    events,
    'a change sends a user_topic event (stream_id, topic_name, last_updated, visibility_policy) to the user',
    USER_TOPIC,
  ),
  compat(
    'personal.muted-topics.legacy',
    view('user_topics'),
    'the legacy endpoint mutes (add) and unmutes (remove) a topic of a channel named by id or name',
    MUTED_TOPICS,
  ),
  compat('personal.muted-topics.one-channel', view('user_topics'), 'it needs exactly one of stream and stream_id', MUTED_TOPICS),

  compat(
    'personal.properties.update',
    view('streams'),
    'personal subscription settings change and read back; in_home_view is the inverse of is_muted',
    PROPERTIES,
  ),
  compat(
    'personal.properties.errors',
    view('streams'),
    'a bad colour, a non-boolean, an unknown property or an unsubscribed channel is refused with the real texts',
    PROPERTIES,
  ),
  compat(
    'personal.update-subscriptions.combined',
    view('streams'),
    'add and delete in one call subscribe and unsubscribe, answering subscribed, already_subscribed, removed, not_removed',
    UPDATE_SUBSCRIPTIONS,
  ),
  compat(
    'personal.update-subscriptions.nothing',
    view('streams'),
    'without add or delete it fails with "Nothing to do. Specify at least one of "add" or "delete"."',
    UPDATE_SUBSCRIPTIONS,
  ),

  compat('personal.topics.list', view('streams'), 'a channel’s topics come newest first as {name, max_id}, one per name whatever its case', TOPICS),
  compat('personal.topics.invalid', view('streams'), 'a channel the user cannot read is "Invalid channel ID"', TOPICS),
  compat('personal.delete-topic.delete', view('streams'), 'an administrator deletes a topic’s messages and gets complete: true', DELETE_TOPIC),
  compat('personal.delete-topic.admin-only', view('streams'), 'non-administrators are refused and nothing is deleted', DELETE_TOPIC),

  compat(
    'personal.read-receipts.list',
    view('read_receipts'),
    'read receipts list readers other than the sender, without users muted by or muting the caller',
    READ_RECEIPTS,
  ),
  compat('personal.mark-all.read', view('message_flags'), 'mark_all_as_read marks every unread message read and answers complete: true', MARK_ALL),
  compat('personal.mark-channel.read', view('message_flags'), 'mark_stream_as_read marks the channel’s unread messages read and no others', MARK_CHANNEL),
  compat('personal.mark-channel.invalid', view('message_flags'), 'a missing or unreadable channel is "Invalid channel ID"', MARK_CHANNEL),
];
