/** The `realm_user` part of POST /register: the realm's users as the actor may see them, and the actor's own facts. */
import { avatarUrl } from '../../present/avatar.js';
import { presentInaccessibleUser } from '../../present/inaccessible-user.js';
import { mediumAvatarUrl, presentUser, presentUserStatus } from '../../present/user.js';
import { areWebPublicChannelsEnabled } from '../../rules/channels.js';
import { flagsAdministratorsAsModerators } from '../../rules/feature-levels.js';
import { hasRealmPermission } from '../../rules/realm-group-settings.js';
import { isAdministrator, isGuest, isModeratorOrAbove, isOwner, ROLE_MODERATOR } from '../../rules/roles.js';
import { apiEmail, canAccessUser } from '../../rules/users.js';
import type { State, User } from '../../state.js';
import { rows } from '../../tables/table.js';

export interface UserStateOptions {
  readonly clientGravatar: boolean;
  /** The client capability user_list_incomplete: leave inaccessible users out instead of listing placeholders. */
  readonly userListIncomplete: boolean;
  readonly now: number;
}

function withoutIsActive(dict: Record<string, unknown>): Record<string, unknown> {
  const { is_active: _isActive, ...rest } = dict;
  return rest;
}

export function presentUserState(state: State, actor: User, options: UserStateOptions): Record<string, unknown> {
  const active: Record<string, unknown>[] = [];
  const inactive: Record<string, unknown>[] = [];
  for (const user of rows(state.users)) {
    if (!canAccessUser(state, actor, user)) {
      // Placeholders always look active, so they go with the active users.
      if (!options.userListIncomplete) active.push(withoutIsActive(presentInaccessibleUser(state, user)));
      continue;
    }
    const dict = presentUser(state, actor, user, { clientGravatar: options.clientGravatar, includeCustomProfileFields: true });
    (user.isActive ? active : inactive).push(withoutIsActive(dict));
  }
  const bot = state.systemBots.notificationBot;
  const crossRealmBot = {
    ...presentUser(state, actor, bot, { clientGravatar: false, includeCustomProfileFields: false }),
    bot_owner_id: null,
    is_system_bot: true,
  };
  const can = (setting: Parameters<typeof hasRealmPermission>[2]) => hasRealmPermission(state, actor, setting, options.now);
  const canCreatePrivate = can('can_create_private_channel_group');
  const canCreatePublic = can('can_create_public_channel_group');
  // As the real server: the group alone is not enough while web-public channels are off.
  const canCreateWebPublic = areWebPublicChannelsEnabled(state) && can('can_create_web_public_channel_group');
  return {
    realm_users: active,
    realm_non_active_users: inactive,
    cross_realm_bots: [crossRealmBot],
    avatar_source: actor.avatarSource,
    avatar_url_medium: mediumAvatarUrl(actor),
    avatar_url: avatarUrl(actor, { clientGravatar: false, viewerSeesEmail: true }),
    can_create_private_streams: canCreatePrivate,
    can_create_public_streams: canCreatePublic,
    can_create_web_public_streams: canCreateWebPublic,
    can_create_streams: canCreatePrivate || canCreatePublic || canCreateWebPublic,
    can_invite_others_to_realm: can('can_invite_users_group'),
    is_admin: isAdministrator(actor),
    is_owner: isOwner(actor),
    is_moderator: flagsAdministratorsAsModerators(state) ? isModeratorOrAbove(actor) : actor.role === ROLE_MODERATOR,
    is_guest: isGuest(actor),
    user_id: actor.id,
    email: apiEmail(state, actor),
    delivery_email: actor.deliveryEmail,
    full_name: actor.fullName,
  };
}

/**
 * The `user_status` part of POST /register (the real server's
 * get_all_users_status_dict): user id → status, for active users the actor
 * can access that have something set.
 */
export function presentUserStatusState(state: State, actor: User): Record<string, unknown> {
  const statuses: Record<string, unknown> = {};
  for (const user of rows(state.users)) {
    if (!user.isActive || !canAccessUser(state, actor, user)) continue;
    const status = presentUserStatus(user);
    if (Object.keys(status).length > 0) statuses[String(user.id)] = status;
  }
  return { user_status: statuses };
}
