/**
 * Presence, an administrator's status change for another user, and mobile
 * push devices. The spec states none of these: every clause is the real
 * server's behaviour (`compat`), from zerver/views/presence.py,
 * zerver/lib/presence.py, zerver/actions/presence.py and
 * zerver/views/push_notifications.py, for a server without the push
 * notification service.
 */
import type { Clause } from '../clauses.js';
import { compat } from './clause.js';

const UPDATE = 'POST /users/me/presence';
const REALM = 'GET /realm/presence';
const USER = 'GET /users/{user_id_or_email}/presence';
const STATUS_FOR_USER = 'POST /users/{user_id}/status';

const presence = 'zerver/views/presence.py, zerver/lib/presence.py';
const actions = 'zerver/actions/presence.py';
const push = 'zerver/views/push_notifications.py, zerver/lib/push_notifications.py';

export const PRESENCE_CLAUSES: readonly Clause[] = [
  compat(
    'presence.update.legacy',
    presence,
    'POST /users/me/presence answers presences keyed by API email, each {aggregated {client, status, timestamp}, website {client "website", status, timestamp, pushable false}}, with server_timestamp and an integer presence_last_update_id',
    UPDATE,
  ),
  compat(
    'presence.update.modern',
    presence,
    'with slim_presence true or a last_update_id, presences are keyed by user id, each exactly {active_timestamp, idle_timestamp} in whole seconds',
    UPDATE,
  ),
  compat('presence.update.recorded', actions, 'a report is recorded: the reporter’s own row shows it (active: both timestamps, idle: idle_timestamp)', UPDATE),
  compat('presence.update.ping-only', presence, 'with ping_only the answer carries no presence data', UPDATE),
  compat(
    'presence.update.incremental',
    presence,
    'given last_update_id, the answer’s presence_last_update_id is at least that id, and with no newer change presences is empty',
    UPDATE,
  ),
  compat('presence.update.history', presence, 'history_limit_days 0 asks for no presence data: presences is empty', UPDATE),
  compat(
    'presence.update.invalid-status',
    presence,
    'a status other than active or idle is 400 BAD_REQUEST "Invalid status: <status>"; nothing is recorded',
    UPDATE,
  ),
  compat('presence.update.disabled', actions, 'while presence_enabled is off, a user’s reports record nothing', UPDATE),
  compat(
    'presence.user.legacy',
    presence,
    'GET /users/{user_id_or_email}/presence answers presence {website, aggregated}, each exactly {status, timestamp}; aggregated is active, idle or offline',
    USER,
  ),
  compat('presence.user.by-email', presence, 'the user may be named by their API email as well as by id, with the same answer', USER),
  compat(
    'presence.user.errors',
    presence,
    'an unknown user is "No such user"; a user who never reported is "No presence data for <the id or email as asked>" (400 BAD_REQUEST)',
    USER,
  ),
  compat(
    'presence.realm.legacy',
    presence,
    'GET /realm/presence answers presences in the legacy format and server_timestamp, without presence_last_update_id',
    REALM,
  ),
  compat(
    'presence.register',
    'zerver/lib/events.py',
    'register with presence fetched answers presences (legacy, or modern with slim_presence), server_timestamp and presence_last_update_id',
    'POST /register',
  ),
  compat(
    'events.presence.first-report',
    actions,
    'a user’s first report sends presence to others: {user_id, email, server_timestamp, presence {website}} in the legacy form, {presences {<id>: {active_timestamp, idle_timestamp}}} with simplified_presence_events',
    UPDATE,
  ),
  compat('events.presence.slim', 'zerver/tornado/event_queue.py', 'a slim_presence queue gets the legacy presence event without email', UPDATE),

  compat(
    'status.for-user.sets',
    'zerver/views/presence.py (update_user_status_admin)',
    'an administrator’s POST /users/{user_id}/status sets the passed status fields of that user, as GET /users/{user_id}/status then shows',
    STATUS_FOR_USER,
  ),
  compat(
    'status.for-user.event',
    'zerver/actions/user_status.py',
    'it sends user_status for that user with the fields set, as their own change would',
    STATUS_FOR_USER,
  ),
  compat(
    'status.for-user.admin-only',
    'zerver/lib/users.py (access_user_by_id, for_admin)',
    'a non-administrator gets 400 "Insufficient permission" and nothing changes',
    STATUS_FOR_USER,
  ),
  compat('status.for-user.nothing', presence, 'with none of status_text, emoji_name, away it is "Client did not pass any new values."', STATUS_FOR_USER),

  compat(
    'devices.tokens.stored',
    push,
    'an APNs or FCM token is stored even without push notifications: removing it succeeds once, then "Token does not exist"',
    'POST /users/me/apns_device_token',
  ),
  compat(
    'devices.tokens.invalid',
    push,
    'an empty token or one over 4096 characters is "Empty or invalid length token"; an APNs token that is not hex is "Invalid APNS token"; nothing is stored',
    'POST /users/me/apns_device_token',
  ),
  compat(
    'devices.test-notify',
    push,
    'a test notification to all devices succeeds (silently, without push service); to an unknown token it is 400 INVALID_PUSH_DEVICE_TOKEN "Device not recognized"',
    'POST /mobile_push/test_notification',
  ),
  compat(
    'devices.e2ee.no-device',
    push,
    'an E2EE test notification for a user with no registered E2EE device is 400 NO_ACTIVE_PUSH_DEVICE "No active registered push device"',
    'POST /mobile_push/e2ee/test_notification',
  ),
  compat(
    'devices.register.not-configured',
    push,
    'without the push notification service, registering an E2EE device is 400 PUSH_SERVICE_NOT_CONFIGURED',
    'POST /mobile_push/register',
  ),
];
