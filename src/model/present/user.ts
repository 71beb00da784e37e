/** The user dict of the API (the real server's format_user_row), as a viewer sees it. */
import { isAdministrator, isBot, isGuest, isOwner } from '../rules/roles.js';
import { apiEmail, canSeeDeliveryEmail } from '../rules/users.js';
import type { State, User } from '../state.js';
import { avatarUrl } from './avatar.js';
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
  const viewerSeesEmail = canSeeDeliveryEmail(viewer, user);
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
