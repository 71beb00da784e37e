/** The user dict of the API (the real server's format_user_row), as a viewer sees it. */
import { isAdministrator, isBot, isGuest, isOwner } from '../rules/roles.js';
import { apiEmail, canSeeDeliveryEmail } from '../rules/users.js';
import type { State, User } from '../state.js';
import { avatarUrl, gravatarUrl } from './avatar.js';
import { presentProfileData } from './profile-data.js';
import { isoMinute } from './time.js';

export interface UserViewOptions {
  readonly clientGravatar: boolean;
  readonly includeCustomProfileFields: boolean;
}

/** date_joined: API-created users count from their first login once they have one. */
export function dateJoined(user: User): number {
  return user.joinedByFirstLogin && user.firstLoginAt !== null ? user.firstLoginAt : user.dateCreated;
}

export function presentUser(state: State, viewer: User | null, user: User, options: UserViewOptions): Record<string, unknown> {
  return presentUserSeen(state, user, canSeeDeliveryEmail(viewer, user), options);
}

/**
 * The person of a realm_user add event, as the real server builds it for
 * every recipient alike: no client_gravatar (the client drops Gravatar URLs
 * itself), the real address only for recipients who may see it.
 */
export function presentPerson(state: State, user: User, deliveryEmailVisible: boolean): Record<string, unknown> {
  return presentUserSeen(state, user, deliveryEmailVisible, { clientGravatar: false, includeCustomProfileFields: true });
}

/** The avatar fields of a realm_user update after the avatar (or the address a Gravatar is of) changed. */
export function presentAvatarChange(user: User): { readonly user_id: number } & Record<string, unknown> {
  return {
    user_id: user.id,
    avatar_source: user.avatarSource,
    avatar_url: avatarUrl(user, { clientGravatar: false, viewerSeesEmail: true }),
    avatar_url_medium: mediumAvatarUrl(user),
    avatar_version: user.avatarVersion,
  };
}

export function mediumAvatarUrl(user: User): string | null {
  return user.avatarSource === 'G' ? `${gravatarUrl(user)}&s=500` : avatarUrl(user, { clientGravatar: false, viewerSeesEmail: true });
}

/** The status dict (the real server's format_user_status): only what is set, `away` only when presence is off. */
export function presentUserStatus(user: User): Record<string, unknown> {
  const status: Record<string, unknown> = {};
  if (!user.presenceEnabled) status['away'] = true;
  if (user.status.statusText !== '') status['status_text'] = user.status.statusText;
  if (user.status.emojiName !== '') {
    status['emoji_name'] = user.status.emojiName;
    status['emoji_code'] = user.status.emojiCode;
    status['reaction_type'] = user.status.reactionType;
  }
  return status;
}

function presentUserSeen(state: State, user: User, viewerSeesEmail: boolean, options: UserViewOptions): Record<string, unknown> {
  const dict: Record<string, unknown> = {
    email: apiEmail(state, user),
    user_id: user.id,
    avatar_version: user.avatarVersion,
    is_admin: isAdministrator(user),
    is_owner: isOwner(user),
    is_guest: isGuest(user),
    role: user.role,
    is_bot: isBot(user),
    full_name: user.fullName,
    timezone: user.timezone,
    is_active: user.isActive,
    date_joined: isoMinute(dateJoined(user)),
    delivery_email: viewerSeesEmail ? user.deliveryEmail : null,
    avatar_url: avatarUrl(user, { clientGravatar: options.clientGravatar, viewerSeesEmail }),
    // The spec lists bot_type and bot_owner_id for every user (null for humans).
    bot_type: user.botType,
    bot_owner_id: user.botOwnerId,
    is_imported_stub: user.isImportedStub,
  };
  if (user.isDeleted) dict['is_deleted'] = true;
  if (!isBot(user) && options.includeCustomProfileFields) dict['profile_data'] = presentProfileData(state, user);
  return dict;
}
