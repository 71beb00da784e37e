/**
 * How a user the viewer may not access appears in user lists (the real
 * server's get_data_for_inaccessible_user): id and placeholder address only,
 * "Unknown user", epoch join date, the generic avatar.
 */

import { ROLE_MEMBER } from '../rules/roles.js';
import { placeholderEmail } from '../rules/users.js';
import type { State, User } from '../state.js';

export const INACCESSIBLE_USER_NAME = 'Unknown user';
export const INACCESSIBLE_USER_AVATAR_URL = '/static/images/unknown-user-avatar.png';

export function presentInaccessibleUser(state: State, user: User): Record<string, unknown> {
  return {
    email: placeholderEmail(state, user),
    user_id: user.id,
    avatar_version: 1,
    is_admin: false,
    is_owner: false,
    is_guest: false,
    role: ROLE_MEMBER,
    is_bot: false,
    full_name: INACCESSIBLE_USER_NAME,
    timezone: '',
    is_active: true,
    date_joined: '1970-01-01T00:00:00+00:00',
    delivery_email: null,
    avatar_url: INACCESSIBLE_USER_AVATAR_URL,
    profile_data: {},
  };
}
