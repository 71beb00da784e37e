import type { Clause } from '../clauses.js';
import { compat, since, spec } from './clause.js';

const REGISTER = 'POST /register';
const UPDATE = 'PATCH /realm';

export const REALM_CLAUSES: readonly Clause[] = [
  // What the spec says the register response carries.
  spec(
    'register.limits.lengths',
    'Limits',
    'the register response gives max_stream_name_length, max_stream_description_length, max_topic_length and max_message_length as integers',
    REGISTER,
  ),
  spec('register.limits.upload-size', 'Limits', 'the register response gives max_file_upload_size_mib', REGISTER),
  since(
    435,
    spec(
      'register.report-types',
      'POST /messages/{message_id}/report — report a message',
      'server_report_message_types in the register response lists the report types by key',
      REGISTER,
    ),
  ),
  spec(
    'register.empty-topic-display-name',
    'PATCH /messages/{message_id} — edit a message',
    'the register response gives realm_empty_topic_display_name, the name under which the empty topic is shown',
    REGISTER,
  ),
  spec(
    'register.has-provider-token',
    'POST /calls/provider/create — create a video-meeting URL',
    'the register response tells with has_provider_token whether the user holds a video provider token',
    REGISTER,
  ),
  spec(
    'register.time-limit-settings',
    'Limits',
    'the organization settings message_content_edit_limit_seconds, move_messages_within_stream_limit_seconds and move_messages_between_streams_limit_seconds exist (register reports them with the realm_ prefix)',
    REGISTER,
  ),
  spec(
    'register.topics-policy',
    'Channel (as listed by the channel listing)',
    'the organization-level realm_topics_policy exists and decides about the empty topic for channels that inherit',
    REGISTER,
  ),

  // The real server's behaviour where the spec is silent.
  compat(
    'register.feature-level',
    'reference server-core §8; Versioning',
    'the register response gives zulip_feature_level (integer), zulip_version, queue_id and last_event_id',
    REGISTER,
  ),
  compat(
    'register.realm-identity',
    'reference server-core §8; zerver/views/auth.py get_server_settings',
    'register gives the organization name and URL that GET /server_settings gives (realm_name, realm_url)',
    REGISTER,
  ),
  compat(
    'register.values',
    'reference server-core §8',
    'the limits are 60, 1024, 60 and 10000; the report types are spam, harassment, inappropriate, norms and other; the empty topic is shown as "general chat"',
    REGISTER,
  ),
  compat(
    'register.fetch-event-types',
    'zerver/lib/events.py fetch_initial_state_data',
    'fetch_event_types (else event_types) limits the initial state to the parts of those event types; version facts and the queue come always',
    REGISTER,
  ),
  compat(
    'register.users-and-groups',
    'zerver/lib/events.py fetch_initial_state_data',
    'realm_users (active, without is_active), realm_non_active_users, cross_realm_bots, realm_user_groups, subscriptions, never_subscribed and streams are returned',
    REGISTER,
  ),
  compat('register.channel-settings-unset', 'reference server-core §8', 'channel-valued organization settings are reported as -1 when unset', REGISTER),
  compat(
    'realm.update.administrators',
    'zerver/views/realm.py update_realm',
    'only administrators may change organization settings: others get 400 UNAUTHORIZED_PRINCIPAL and nothing changes',
    UPDATE,
  ),
  compat(
    'realm.update.owners',
    'zerver/views/realm.py update_realm',
    'message_retention_days, invitation, e-mail-domain, waiting-period and some group settings need an owner',
    UPDATE,
  ),
  compat('realm.update.read-back', 'zerver/views/realm.py update_realm; zerver/lib/events.py', 'a changed setting is reported by register afterwards', UPDATE),
  compat(
    'realm.update.group-setting-change',
    'reference server-core §7',
    'group settings are changed with {new, old}; an old value that is not the current one gives EXPECTATION_MISMATCH and changes nothing',
    UPDATE,
  ),
  compat(
    'realm.update.bad-value',
    'zerver/lib/message.py parse_message_time_limit_setting',
    'a time limit of 0, a negative number or an unknown string is REQUEST_VARIABLE_INVALID; "unlimited" removes the limit',
    UPDATE,
  ),
  compat(
    'realm.update.channel-settings',
    'zerver/views/realm.py update_realm',
    'a channel-valued setting takes a channel id the actor may see (else "Invalid channel ID"), and -1 unsets it',
    UPDATE,
  ),
];
