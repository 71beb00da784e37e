/** Subscriptions: POST, DELETE and GET /users/me/subscriptions, and GET /users/{user_id}/subscriptions/{stream_id}. */
import type { Clause } from '../clauses.js';
import { compat, since, spec, until } from './clause.js';

const SUBSCRIBE = 'POST /users/me/subscriptions';
const UNSUBSCRIBE = 'DELETE /users/me/subscriptions';
const LIST = 'GET /users/me/subscriptions';
const STATUS = 'GET /users/{user_id}/subscriptions/{stream_id}';
const SECTION = 'POST /users/me/subscriptions — subscribe users to channels';
const CHANNEL_SECTION = 'Channel (as listed by the channel listing)';
const LIMITS = 'Limits';

export const CHANNEL_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------------------ spec: POST /users/me/subscriptions
  spec('subscribe.creates-missing', SECTION, 'subscribes users to the named channels, creating the channels that do not exist', SUBSCRIBE),
  spec('subscribe.name-limit', `${SECTION}; ${LIMITS}`, 'a channel name may be at most max_stream_name_length (60) characters long', SUBSCRIBE),
  spec(
    'subscribe.description',
    `${SECTION}; ${LIMITS}`,
    'a description (at most max_stream_description_length, 1024) is used only for a new channel',
    SUBSCRIBE,
  ),
  spec('subscribe.principals.default', SECTION, 'without principals the requester is subscribed', SUBSCRIBE),
  spec('subscribe.principals.forms', SECTION, 'principals may be user ids or API e-mail addresses', SUBSCRIBE),
  spec(
    'subscribe.authorization-errors-fatal',
    SECTION,
    'authorization failures fail the call by default; with authorization_errors_fatal=false the call succeeds and lists the channels under unauthorized',
    SUBSCRIBE,
  ),
  spec('subscribe.announce', SECTION, 'with announce=true the notification bot announces a channel the call creates', SUBSCRIBE),
  spec('subscribe.invite-only', SECTION, 'invite_only=true makes the new channel private; the default is public', SUBSCRIBE),
  spec(
    'subscribe.web-public',
    SECTION,
    'is_web_public needs the server setting, the organization’s spectator access and membership in can_create_web_public_channel_group',
    SUBSCRIBE,
  ),
  spec('subscribe.default-stream', SECTION, 'is_default_stream=true makes the new channel a default channel for new users', SUBSCRIBE),
  spec(
    'subscribe.history',
    `${SECTION}; ${CHANNEL_SECTION}`,
    'history_public_to_subscribers sets whether new subscribers see earlier history (always true for public channels)',
    SUBSCRIBE,
  ),
  spec(
    'subscribe.retention',
    `${SECTION}; ${CHANNEL_SECTION}`,
    'message_retention_days is a number of days, realm_default (null) or unlimited (-1)',
    SUBSCRIBE,
  ),
  spec(
    'subscribe.topics-policy',
    `${SECTION}; ${CHANNEL_SECTION}`,
    'topics_policy is inherit (default for a new channel), allow_empty_topic, disable_empty_topic or empty_topic_only',
    SUBSCRIBE,
  ),
  spec(
    'subscribe.group-settings',
    `${SECTION}; Conventions`,
    'the six channel group settings take a group-setting value in either form for a new channel',
    SUBSCRIBE,
  ),
  spec('subscribe.creation-only', SECTION, 'the settings after announce apply only to channels the call creates and are ignored for existing ones', SUBSCRIBE),
  since(
    208,
    spec('subscribe.principal.unknown', `${SECTION}; Errors`, 'an unknown principal gives HTTP 400 BAD_REQUEST (feature level 208 and later)', SUBSCRIBE),
  ),
  since(
    208,
    spec(
      'subscribe.principal.deactivated',
      `${SECTION}; Errors`,
      'a deactivated principal gives HTTP 400 BAD_REQUEST (feature level 208 and later)',
      SUBSCRIBE,
    ),
  ),
  until(
    208,
    spec(
      'subscribe.principal.legacy-error',
      `${SECTION}; Errors`,
      'before feature level 208, an unknown or deactivated principal gives HTTP 403 UNAUTHORIZED_PRINCIPAL',
      SUBSCRIBE,
    ),
  ),
  since(362, spec('subscribe.archived', SECTION, 'at feature level 362 and later, subscriptions in archived channels can be modified', SUBSCRIBE)),
  until(362, spec('subscribe.archived.frozen', SECTION, 'before feature level 362, subscriptions in archived channels cannot be modified', SUBSCRIBE)),
  spec(
    'subscribe.add-subscribers-group',
    CHANNEL_SECTION,
    'members of a channel’s can_add_subscribers_group may add subscribers to a private channel without being subscribed',
    SUBSCRIBE,
  ),
  spec('subscribe.realm-group', CHANNEL_SECTION, 'the organization-level can_add_subscribers_group also grants adding subscribers', SUBSCRIBE),
  spec('subscribe.defaults', SECTION, 'without is_web_public and is_default_stream a new channel is neither web-public nor a default channel', SUBSCRIBE),
  spec('subscribe.topics-policy.new-default', `${CHANNEL_SECTION}; ${SECTION}`, 'a channel created without topics_policy gets inherit', SUBSCRIBE),
  spec(
    'subscribe.limits.register',
    `${LIMITS}; ${SECTION}`,
    'the name and description limits are the max_stream_name_length and max_stream_description_length the register response reports',
    SUBSCRIBE,
  ),
  since(
    333,
    spec(
      'subscribe.removed-parameters',
      `Versioning; ${SECTION}`,
      'from feature level 333 stream_post_policy and is_announcement_only are no longer subscribe parameters: they are reported as ignored and not applied',
      SUBSCRIBE,
    ),
  ),

  // ------------------------------------------------------------------ spec: removing subscribers (Channel permission notes)
  spec(
    'unsubscribe.remove-subscribers-group',
    CHANNEL_SECTION,
    'members of a channel’s can_remove_subscribers_group may unsubscribe others from it',
    UNSUBSCRIBE,
  ),
  spec(
    'unsubscribe.administrators',
    CHANNEL_SECTION,
    'organization administrators may unsubscribe others from any channel as though they were in its can_remove_subscribers_group',
    UNSUBSCRIBE,
  ),

  // ------------------------------------------------------------------ compat: POST /users/me/subscriptions
  compat(
    'subscribe.response',
    'reference §1.3',
    'success has subscribed and already_subscribed maps keyed by user id strings, and new_subscription_messages_sent',
    SUBSCRIBE,
  ),
  compat(
    'subscribe.name-rules',
    'reference §1.1 step 5',
    'names are trimmed and found case-insensitively; blank names and control characters are refused with the real server’s messages',
    SUBSCRIBE,
  ),
  compat(
    'subscribe.new-channel-defaults',
    'reference §1.2',
    'a new channel has the creator, protected history when private, and the real server’s group-setting defaults',
    SUBSCRIBE,
  ),
  compat('subscribe.guests', 'reference §1.1 step 1', 'guests may not call the endpoint ("Not allowed for guest users")', SUBSCRIBE),
  compat(
    'subscribe.retention-value',
    'reference §1.1 steps 3 and 8',
    'a bad message_retention_days is REQUEST_VARIABLE_INVALID; a non-null value needs an owner',
    SUBSCRIBE,
  ),
  compat('subscribe.default-private', 'reference §1.1 step 8', 'a default channel cannot be private, and only administrators make default channels', SUBSCRIBE),
  compat('subscribe.no-content-access', 'reference §1.1 step 9', 'a private channel without content access is "Unable to access channel (<name>)."', SUBSCRIBE),
  compat(
    'subscribe.content-access-groups',
    'reference §1.1 (content access)',
    'members of a private channel’s can_subscribe_group, in either value form and through any depth of subgroups, may subscribe themselves',
    SUBSCRIBE,
  ),
  compat(
    'subscribe.others-permission',
    'reference §1.1 steps 9 and 10',
    'subscribing others to an existing channel without permission is "Insufficient permission", even when authorization errors are not fatal',
    SUBSCRIBE,
  ),
  compat('subscribe.atomic', 'reference §1.1 step 11', 'a failing call creates no channel and subscribes nobody', SUBSCRIBE),
  compat(
    'subscribe.delete-policy',
    'reference §1.1 step 7',
    'delete-message group settings other than Nobody need can_set_delete_message_policy_group',
    SUBSCRIBE,
  ),

  // ------------------------------------------------------------------ compat: DELETE /users/me/subscriptions
  compat('unsubscribe.effect', 'reference §1.5', 'removes subscriptions and answers {removed, not_removed} by channel name', UNSUBSCRIBE),
  compat('unsubscribe.unknown-channel', 'reference §1.5', 'an unknown channel name fails the whole call with "Channel(s) (<names>) do not exist"', UNSUBSCRIBE),
  compat(
    'unsubscribe.others-permission',
    'reference §1.5',
    'unsubscribing others needs administration of the channel or can_remove_subscribers_group',
    UNSUBSCRIBE,
  ),

  // ------------------------------------------------------------------ compat: GET /users/me/subscriptions
  compat(
    'subscriptions.list.shape',
    'reference §1.6',
    'each subscription has the channel fields plus color, is_muted, pin_to_top and the notification settings',
    LIST,
  ),
  compat('subscriptions.list.subscribers', 'reference §1.6', 'subscribers are listed only with include_subscribers', LIST),

  // ------------------------------------------------------------------ compat: GET /users/{user_id}/subscriptions/{stream_id}
  compat(
    'subscriptions.status',
    'OpenAPI get-subscription-status',
    'answers is_subscribed for a channel the caller may know of; an invisible channel looks missing',
    STATUS,
  ),
];
