/**
 * Actions on personal settings, after the real server's
 * zerver/actions/user_settings.py (do_change_user_setting, do_change_password):
 * each changes the draft and emits what describes the change.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import type { ApiEvent, CapabilityFilter } from '../events/event.js';
import { presentAvatarChange } from '../present/user.js';
import {
  canonicalizeTimezone,
  languageName,
  sendsLegacyUserSettingsForms,
  type UserSettingName,
  type UserSettingValue,
  userSettingSpec,
  withUserSetting,
} from '../rules/user-settings.js';
import { apiEmail, canAccessUser, canSeeDeliveryEmail } from '../rules/users.js';
import type { User } from '../state.js';
import { rows } from '../tables/table.js';
import { putUserMutably } from '../tables/users.js';
import { forgetDrafts } from './drafts.js';
import { applyPresenceEnabled } from './presence.js';

/** Queues that did not declare user_settings_object: the only ones the legacy forms went to. */
const WITHOUT_USER_SETTINGS_OBJECT: CapabilityFilter = { name: 'user_settings_object', has: false };

function realmUserUpdate(person: Record<string, unknown>): ApiEvent {
  return { type: 'realm_user', op: 'update', person };
}

/**
 * One setting of one user changes (do_change_user_setting): `user_settings`
 * update to the user's own queues (with language_name for
 * default_language); before FL 439 also the legacy update_display_settings
 * or update_global_notifications form, to their queues without
 * user_settings_object. A time zone is stored canonical and goes to everyone
 * who can access the user; a new email_address_visibility tells each viewer
 * whether they now see the real address. `actorId` is who asked: a change the
 * user makes themselves is remembered (target_users skip_if_already_edited).
 */
export function changeUserSetting(tx: Tx, user: User, name: UserSettingName, value: UserSettingValue, actorId: number): User {
  const stored = name === 'timezone' ? canonicalizeTimezone(value as string) : value;
  const next = withUserSetting(user, name, stored, actorId === user.id);
  putUserMutably(tx.draft, next);
  const own = Audiences.users([user.id]);
  const languageFields = name === 'default_language' ? { language_name: languageName(stored as string) } : {};
  tx.emit({ type: 'user_settings', op: 'update', property: name, value: stored, ...languageFields }, own);
  if (sendsLegacyUserSettingsForms(tx.before)) {
    const group = userSettingSpec(name)?.legacy ?? null;
    const email = apiEmail(tx.before, user);
    if (group === 'notification') {
      tx.emit({ type: 'update_global_notifications', user: email, notification_name: name, setting: stored }, own, WITHOUT_USER_SETTINGS_OBJECT);
    }
    if (group === 'display') {
      tx.emit({ type: 'update_display_settings', user: email, setting_name: name, setting: stored, ...languageFields }, own, WITHOUT_USER_SETTINGS_OBJECT);
    }
  }
  if (name === 'timezone') {
    tx.emit(realmUserUpdate({ email: apiEmail(tx.before, next), user_id: user.id, timezone: stored }), Audiences.whoCanAccessUser(user.id));
  }
  if (name === 'email_address_visibility') announceEmailVisibility(tx, user, next);
  if (name === 'presence_enabled') applyPresenceEnabled(tx, next, stored as boolean);
  if (name === 'enable_drafts_synchronization' && stored === false) forgetDrafts(tx, user);
  return next;
}

/**
 * send_delivery_email_update_events: the real address to the active users
 * who can access the user and now see it, null to those who no longer do.
 * A change to or from "everyone" also changes the API email (new_email) and
 * the avatar URL, to everyone who can access the user. Otherwise chatref
 * sends the avatar URL anew (Gravatar users only) to the viewers whose view of
 * the address changed, since with client_gravatar a Gravatar URL is null
 * exactly where the address is seen; the real server sends nothing more.
 */
function announceEmailVisibility(tx: Tx, was: User, now: User): void {
  const gained: number[] = [];
  const lost: number[] = [];
  for (const viewer of rows(tx.before.users)) {
    if (!viewer.isActive || viewer.id === was.id || !canAccessUser(tx.before, viewer, was)) continue;
    const had = canSeeDeliveryEmail(viewer, was);
    const has = canSeeDeliveryEmail(viewer, now);
    if (has && !had) gained.push(viewer.id);
    if (had && !has) lost.push(viewer.id);
  }
  tx.emit(realmUserUpdate({ user_id: now.id, delivery_email: now.deliveryEmail }), Audiences.users(gained));
  tx.emit(realmUserUpdate({ user_id: now.id, delivery_email: null }), Audiences.users(lost));
  if (was.emailAddressVisibility === 1 || now.emailAddressVisibility === 1) {
    const everyone = Audiences.whoCanAccessUser(now.id);
    tx.emit(realmUserUpdate({ user_id: now.id, new_email: apiEmail(tx.before, now) }), everyone);
    tx.emit(realmUserUpdate(presentAvatarChange(now)), everyone);
  } else if (now.avatarSource === 'G') {
    tx.emit(realmUserUpdate(presentAvatarChange(now)), Audiences.users([...gained, ...lost]));
  }
}

/** do_change_password: the new hash; no event (sessions are not modelled, and the API key stays). */
export function changePassword(tx: Tx, user: User, passwordHash: string): User {
  const next = { ...user, passwordHash };
  putUserMutably(tx.draft, next);
  return next;
}
