/** Reading channels and changing their settings: GET /streams and friends, PATCH and DELETE /streams/{stream_id}. */
import type { Clause } from '../clauses.js';
import { compat, spec } from './clause.js';

const LIST = 'GET /streams';
const GET = 'GET /streams/{stream_id}';
const GET_ID = 'GET /get_stream_id';
const UPDATE = 'PATCH /streams/{stream_id}';
const ARCHIVE = 'DELETE /streams/{stream_id}';
const MEMBERS = 'GET /streams/{stream_id}/members';
const LIST_SECTION = 'GET /streams — get all channels';
const CHANNEL_SECTION = 'Channel (as listed by the channel listing)';

export const STREAM_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------------------ spec: the channel object
  spec('streams.channel.fields', CHANNEL_SECTION, 'a listed channel carries every field of the Channel table, each of the stated type', LIST),
  spec(
    'streams.channel.retention',
    CHANNEL_SECTION,
    'message_retention_days is a number of days, null to inherit the organization setting, or -1 to keep messages forever',
    UPDATE,
  ),
  spec('streams.channel.topics-policy', CHANNEL_SECTION, 'topics_policy is one of inherit, allow_empty_topic, disable_empty_topic, empty_topic_only', UPDATE),
  spec(
    'streams.channel.empty-topic-only',
    CHANNEL_SECTION,
    'empty_topic_only may be set only when every message of the channel is already in the empty topic',
    UPDATE,
  ),
  spec('streams.admin.every-channel', CHANNEL_SECTION, 'organization administrators can administer every channel', UPDATE),
  spec('streams.group-settings.administer', CHANNEL_SECTION, 'changing a channel’s group settings requires permission to administer the channel', UPDATE),
  spec('streams.group-settings.metadata', CHANNEL_SECTION, 'changing a channel’s group settings requires metadata access to the channel', UPDATE),
  spec('streams.group-settings.content-access', CHANNEL_SECTION, 'changing can_add_subscribers_group requires content access to the channel', UPDATE),
  spec('streams.channel.rendered-description', CHANNEL_SECTION, 'rendered_description is the Markdown description rendered as HTML', LIST),
  spec('streams.channel.date-created', `${CHANNEL_SECTION}; Conventions`, 'date_created is a UNIX timestamp in whole seconds', LIST),
  spec('streams.channel.no-folder', CHANNEL_SECTION, 'a channel that belongs to no folder has folder_id null', LIST),
  // The delete/move notes are about using those permissions (the real server needs no content access to change the settings).
  spec(
    'streams.channel.delete-content-access',
    CHANNEL_SECTION,
    'deleting messages through can_delete_any_message_group or can_delete_own_message_group also needs content access to the channel',
    'DELETE /messages/{message_id}',
  ),
  spec(
    'streams.channel.move-content-access',
    CHANNEL_SECTION,
    'moving messages out through can_move_messages_out_of_channel_group also needs content access to the channel',
    'PATCH /messages/{message_id}',
  ),
  spec(
    'streams.channel.realm-delete-groups',
    CHANNEL_SECTION,
    'the organization-level groups for deleting messages also grant that permission in every channel',
    'DELETE /messages/{message_id}',
  ),
  spec(
    'streams.channel.realm-move-group',
    CHANNEL_SECTION,
    'the organization-level group for moving messages between channels also grants moving messages out of every channel',
    'PATCH /messages/{message_id}',
  ),

  // ------------------------------------------------------------------ spec: GET /streams
  spec('streams.list.response', LIST_SECTION, 'the answer has a streams array of channel objects', LIST),
  spec('streams.list.defaults', LIST_SECTION, 'without flags, public and subscribed channels are listed, web-public-only and archived ones are not', LIST),
  spec('streams.list.include-public', LIST_SECTION, 'include_public (default true) lists the public channels', LIST),
  spec('streams.list.include-subscribed', LIST_SECTION, 'include_subscribed (default true) lists the subscribed channels', LIST),
  spec('streams.list.include-web-public', LIST_SECTION, 'include_web_public (default false) lists the web-public channels', LIST),
  spec('streams.list.exclude-archived', LIST_SECTION, 'exclude_archived (default true) leaves out archived channels', LIST),
  spec('streams.list.include-all', LIST_SECTION, 'include_all lists every channel with metadata access, all channels for administrators', LIST),
  spec('streams.list.include-default', LIST_SECTION, 'include_default concerns the realm’s default channels', LIST),
  spec('streams.list.include-owner-subscribed', LIST_SECTION, 'include_owner_subscribed adds the channels a bot’s owner is subscribed to, for bots only', LIST),
  spec('streams.list.include-can-access-content', LIST_SECTION, 'include_can_access_content lists the channels with content access', LIST),
  spec('streams.list.include-all-active', LIST_SECTION, 'include_all_active is a deprecated alias of include_all for administrators', LIST),

  // ------------------------------------------------------------------ compat: listing
  compat('streams.list.no-leak', 'reference §2.1', 'no flag lists a private channel to a user without metadata access to it', LIST),
  compat('streams.list.guests', 'reference §2.1', 'guests never get unsubscribed public channels through include_public', LIST),
  compat('streams.list.is-default', 'reference §2.1', 'include_default adds is_default to every listed channel and nothing without it', LIST),
  compat('streams.list.sorted', 'reference §2.1', 'the channels are sorted by name', LIST),
  compat(
    'streams.channel.post-policy',
    'reference §2.2',
    'stream_post_policy follows can_send_message_group (everyone 1, administrators 2, full members 3, moderators 4) and is_announcement_only is policy 2',
    LIST,
  ),
  compat(
    'streams.channel.extra-fields',
    'reference §2.2',
    'after the spec’s fields come the other group settings, subscriber_count and stream_weekly_traffic',
    LIST,
  ),

  // ------------------------------------------------------------------ compat: single channel
  compat('streams.get.shape', 'reference §2.2', 'GET /streams/{stream_id} answers {stream: channel object}', GET),
  compat('streams.get.no-leak', 'reference §0', 'an invisible channel id gets exactly the answer a missing id gets ("Invalid channel ID")', GET),
  compat('streams.get-id.lookup', 'reference §0', 'GET /get_stream_id finds a channel by name, case-insensitively', GET_ID),
  compat(
    'streams.get-id.no-leak',
    'reference §0',
    'an invisible channel name gets the same answer as an unknown one ("Invalid channel name \'<name>\'")',
    GET_ID,
  ),
  compat(
    'streams.access.guests',
    'reference §1.1 (content access), §2.1 (metadata access)',
    'guests know and read web-public channels and the channels they are subscribed to, never an unsubscribed public one',
    GET,
  ),
  compat(
    'streams.access.private-metadata',
    'reference §2.1',
    'a private channel is known to non-subscribers in its can_administer_channel_group, can_add_subscribers_group or can_subscribe_group',
    GET,
  ),
  compat('streams.members.list', 'reference §1', 'GET /streams/{stream_id}/members lists the subscribers’ ids', MEMBERS),
  compat('streams.members.no-leak', 'reference §0', 'the members of an invisible channel are refused exactly as for a missing id', MEMBERS),

  // ------------------------------------------------------------------ compat: changing a channel
  compat(
    'streams.update.cannot-administer',
    'reference §0',
    'someone who can read the channel but not administer it gets CANNOT_ADMINISTER_CHANNEL and nothing changes',
    UPDATE,
  ),
  compat('streams.update.no-leak', 'reference §0', 'someone who may not know the channel gets "Invalid channel ID", as for a missing id', UPDATE),
  compat('streams.update.rename', 'reference §0', 'new_name and description change the channel; a name is unique case-insensitively', UPDATE),
  compat(
    'streams.update.expectation',
    'server-core §group settings',
    'a group-setting change {new, old} whose old differs from the current value fails with EXPECTATION_MISMATCH',
    UPDATE,
  ),
  compat(
    'streams.update.privacy-combinations',
    'reference §0',
    'a private web-public channel, or a public one with protected history, is refused with "Invalid parameters"',
    UPDATE,
  ),
  compat('streams.update.retention-owner', 'reference §0', 'only organization owners change message_retention_days', UPDATE),
  compat(
    'streams.update.delete-move-settings',
    'zerver/views/streams.py update_stream_backend',
    'an administrator without content access may still change the delete and move group settings of a private channel',
    UPDATE,
  ),
  compat('streams.update.content-access-privacy', 'reference §0', 'changing is_private requires content access, even for administrators', UPDATE),
  compat('streams.archive.effect', 'reference §0', 'DELETE /streams/{stream_id} archives the channel: it keeps its id and shows is_archived', ARCHIVE),
  compat('streams.archive.permission', 'reference §0', 'archiving needs permission to administer the channel', ARCHIVE),
];
