/** Users: the user record, reading, creating, updating and deactivating users, and own status. */
import type { Clause } from '../clauses.js';

const GET_USER = 'GET /users/{user_id}';
const GET_USERS = 'GET /users';
const GET_ME = 'GET /users/me';
const GET_BY_EMAIL = 'GET /users/{email}';
const CREATE = 'POST /users';
const UPDATE = 'PATCH /users/{user_id}';
const UPDATE_BY_EMAIL = 'PATCH /users/{email}';
const DEACTIVATE = 'DELETE /users/{user_id}';
const STATUS = 'POST /users/me/status';
const GET_STATUS = 'GET /users/{user_id}/status';

const GET_USER_SECTION = 'GET /users/{user_id} — get a user';
const CREATE_SECTION = 'POST /users — create a user (administrators only)';
const UPDATE_SECTION = 'PATCH /users/{email} — update a user by email (administrators only)';
const DEACTIVATE_SECTION = 'DELETE /users/{user_id} — deactivate a user (administrators only)';
const STATUS_SECTION = 'POST /users/me/status — update own status';

export const USER_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------- the user record
  { id: 'users.record.fields', section: 'User', summary: 'A user object carries the listed fields with their JSON types.', level: 'spec' },
  {
    id: 'users.record.role',
    section: 'User',
    summary: 'role is 100, 200, 300, 400 or 600 and agrees with is_owner, is_admin and is_guest; owners are administrators too.',
    level: 'spec',
  },
  { id: 'users.record.is-active', section: 'User', summary: 'is_active is true for an active user and false once deactivated.', level: 'spec' },
  {
    id: 'users.record.delivery-email',
    section: 'User',
    summary: 'delivery_email is the real address when the requester may see it (always their own) and null otherwise.',
    level: 'spec',
  },
  { id: 'users.record.delivery-email.bots', section: 'User', summary: 'A bot’s delivery_email is always its real address.', level: 'spec' },
  {
    id: 'users.record.email.placeholder',
    section: 'User',
    summary: 'When the requester may not see the real address, email is a placeholder, not the real one.',
    level: 'spec',
  },
  { id: 'users.record.bot-type', section: 'User', summary: 'bot_type is null for a user who is not a bot, and 1–4 for bots.', level: 'spec' },
  {
    id: 'users.record.avatar-url',
    section: 'User',
    summary: 'avatar_url is null exactly when client_gravatar is on, the requester sees the real address and no avatar was uploaded.',
    level: 'spec',
  },
  {
    id: 'users.record.date-joined',
    section: 'User',
    summary: 'For an API-created user date_joined is the creation time until the first login, then the first-login time, which later logins do not move.',
    level: 'spec',
  },
  { id: 'users.record.is-deleted', section: 'User', summary: 'is_deleted appears only when true.', level: 'spec' },
  {
    id: 'users.record.profile-data',
    section: 'User',
    summary: 'profile_data appears only for non-bots and only when asked for, keyed by field id, each entry an object with value.',
    level: 'spec',
  },
  {
    id: 'users.record.placeholder-form',
    section: 'server-core.md: User object',
    summary: 'The placeholder is user<id>@<realm host>; email is the real address only when everyone, guests included, may see it.',
    level: 'compat',
  },
  {
    id: 'users.record.timezone',
    section: 'server-core.md: User object',
    summary: 'timezone is the zone the user set ("" until then), legacy names canonicalised, the same through every read endpoint.',
    level: 'compat',
  },
  {
    id: 'users.record.date-joined-format',
    section: 'server-core.md: User object',
    summary: 'date_joined is ISO 8601 with a UTC offset.',
    level: 'compat',
  },
  {
    id: 'users.record.profile-data.rendered',
    section: 'server-core.md: Custom profile field types',
    summary: 'Text fields carry rendered_value (HTML); a Users field’s value comes back as JSON text of the id list.',
    level: 'compat',
  },

  // ------------------------------------------------------- GET /users/{user_id}
  { id: 'users.get.user', section: GET_USER_SECTION, summary: 'Answers the requested user as `user`.', level: 'spec', endpoint: GET_USER },
  {
    id: 'users.get.client-gravatar',
    section: GET_USER_SECTION,
    summary: 'client_gravatar defaults to true; false makes avatar_url a URL.',
    level: 'spec',
    endpoint: GET_USER,
  },
  {
    id: 'users.get.custom-profile-fields',
    section: GET_USER_SECTION,
    summary: 'include_custom_profile_fields defaults to false; true adds profile_data.',
    level: 'spec',
    endpoint: GET_USER,
  },
  {
    id: 'users.get.unknown',
    section: 'server-core.md: GET /users/{id}',
    summary: 'An unknown id: 400 BAD_REQUEST "No such user".',
    level: 'compat',
    endpoint: GET_USER,
  },
  {
    id: 'users.get.deactivated',
    section: 'server-core.md: GET /users/{id}',
    summary: 'Deactivated users can still be read.',
    level: 'compat',
    endpoint: GET_USER,
  },
  {
    id: 'users.get.any-role',
    section: 'server-core.md: GET /users/{id}',
    summary: 'Every role may read any user under the default access settings.',
    level: 'compat',
    endpoint: GET_USER,
  },

  // ------------------------------------------------------- GET /users, /users/me, /users/{email}
  {
    id: 'users.list.members',
    section: 'server-core.md: GET /users',
    summary: 'GET /users answers every user as `members`, deactivated users included, for every role.',
    level: 'compat',
    endpoint: GET_USERS,
  },
  {
    id: 'users.list.user-ids',
    section: 'server-core.md: GET /users',
    summary: 'user_ids limits the list to those users.',
    level: 'compat',
    endpoint: GET_USERS,
  },
  {
    id: 'users.me.flat',
    section: 'server-core.md: GET /users/me',
    summary: 'GET /users/me answers the caller’s own fields flat, with the real address, a non-null avatar_url, profile_data and max_message_id.',
    level: 'compat',
    endpoint: GET_ME,
  },
  {
    id: 'users.get-by-email.real',
    section: 'server-core.md: Email address visibility',
    summary: 'GET /users/{email} finds a user by a real address the requester may see.',
    level: 'compat',
    endpoint: GET_BY_EMAIL,
  },
  {
    id: 'users.get-by-email.placeholder',
    section: 'server-core.md: Email address visibility',
    summary: 'GET /users/{email} finds any user by the placeholder address.',
    level: 'compat',
    endpoint: GET_BY_EMAIL,
  },
  {
    id: 'users.get-by-email.unknown',
    section: 'server-core.md: Email address visibility',
    summary: 'An address nobody has: 400 BAD_REQUEST "No such user".',
    level: 'compat',
    endpoint: GET_BY_EMAIL,
  },

  // ------------------------------------------------------- POST /users
  {
    id: 'users.create.admin-only',
    section: CREATE_SECTION,
    summary: 'Only administrators may create users; others fail and nobody is created.',
    level: 'spec',
    endpoint: CREATE,
  },
  {
    id: 'users.create.can-create-users',
    section: CREATE_SECTION,
    summary: 'An administrator also needs the can_create_users permission.',
    level: 'spec',
    endpoint: CREATE,
  },
  {
    id: 'users.create.required',
    section: CREATE_SECTION,
    summary: 'email, password and full_name are all required.',
    level: 'spec',
    endpoint: CREATE,
  },
  {
    id: 'users.create.returns-id',
    section: CREATE_SECTION,
    summary: 'Answers the new user’s user_id; that user then exists with the given email and name.',
    level: 'spec',
    endpoint: CREATE,
  },
  {
    id: 'users.create.duplicate-email',
    section: CREATE_SECTION,
    summary: 'An email already in use in the realm fails with BAD_REQUEST and creates nobody.',
    level: 'spec',
    endpoint: CREATE,
  },
  {
    id: 'users.create.errors',
    section: 'server-core.md: POST /users',
    summary:
      'Non-administrators: 400 UNAUTHORIZED_PRINCIPAL "Must be an organization administrator"; without can_create_users: 400 BAD_REQUEST "User not authorized to create users".',
    level: 'compat',
    endpoint: CREATE,
  },
  {
    id: 'users.create.defaults',
    section: 'server-core.md: POST /users',
    summary: 'A created user is an active, human member (role 400).',
    level: 'compat',
    endpoint: CREATE,
  },
  {
    id: 'users.create.password',
    section: 'server-core.md: POST /users',
    summary: 'The given password logs the new user in through POST /fetch_api_key.',
    level: 'compat',
    endpoint: CREATE,
  },
  {
    id: 'users.create.validation',
    section: 'server-core.md: POST /users; Name rules',
    summary: 'Bad names, invalid addresses and weak passwords are 400 BAD_REQUEST with the real server’s messages; duplicates ignore letter case.',
    level: 'compat',
    endpoint: CREATE,
  },

  // ------------------------------------------------------- PATCH /users/{user_id}
  {
    id: 'users.update.admin-only',
    section: 'Authentication',
    summary: 'Only administrators may update other users; others fail and nothing changes.',
    level: 'spec',
    endpoint: UPDATE,
  },
  { id: 'users.update.full-name', section: UPDATE_SECTION, summary: 'full_name renames the user.', level: 'spec', endpoint: UPDATE },
  { id: 'users.update.role', section: UPDATE_SECTION, summary: 'role changes the user’s role (and its flags).', level: 'spec', endpoint: UPDATE },
  {
    id: 'users.update.role-values',
    section: UPDATE_SECTION,
    summary: 'role must be one of 100, 200, 300, 400, 600; anything else is refused.',
    level: 'spec',
    endpoint: UPDATE,
  },
  {
    id: 'users.update.role.owner-only',
    section: UPDATE_SECTION,
    summary: 'Only owners may grant or take away the owner role.',
    level: 'spec',
    endpoint: UPDATE,
  },
  {
    id: 'users.update.role.last-owner',
    section: UPDATE_SECTION,
    summary: 'The only owner cannot lose the owner role.',
    level: 'spec',
    endpoint: UPDATE,
  },
  {
    id: 'users.update.role.guest-to-admin',
    section: UPDATE_SECTION,
    summary: 'Making a guest an administrator fails with BAD_REQUEST.',
    level: 'spec',
    endpoint: UPDATE,
  },
  {
    id: 'users.update.profile-data',
    section: UPDATE_SECTION,
    summary:
      'profile_data sets the target’s custom field values: each entry has an integer id and a value (string, integer list, or null to remove), both required.',
    level: 'spec',
    endpoint: UPDATE,
  },
  {
    id: 'users.update.new-email',
    section: UPDATE_SECTION,
    summary: 'new_email needs an owner holding can_change_user_emails; nobody else may change an address.',
    level: 'spec',
    endpoint: UPDATE,
  },
  { id: 'users.update.response', section: UPDATE_SECTION, summary: 'A successful update answers the bare success envelope.', level: 'spec', endpoint: UPDATE },
  {
    id: 'users.update.errors',
    section: 'server-core.md: PATCH /users/{user_id} and /users/{email}',
    summary:
      'Messages: "Insufficient permission" (400 BAD_REQUEST), "Must be an organization owner" (400 UNAUTHORIZED_PRINCIPAL), "No such user", and the only-owner message.',
    level: 'compat',
    endpoint: UPDATE,
  },
  {
    id: 'users.update.blank-name',
    section: 'server-core.md: PATCH /users/{user_id} and /users/{email}',
    summary: 'An empty or blank full_name is silently ignored.',
    level: 'compat',
    endpoint: UPDATE,
  },
  {
    id: 'users.update.name-rules',
    section: 'server-core.md: Name rules',
    summary: 'Names are trimmed; too long (over 100), too short (under 2) or with forbidden characters is 400 BAD_REQUEST.',
    level: 'compat',
    endpoint: UPDATE,
  },
  {
    id: 'users.update.same-role',
    section: 'server-core.md: PATCH /users/{user_id} and /users/{email}',
    summary: 'Setting the role a user already has succeeds and changes nothing.',
    level: 'compat',
    endpoint: UPDATE,
  },

  // ------------------------------------------------------- PATCH /users/{email}
  {
    id: 'users.update-by-email.same',
    section: UPDATE_SECTION,
    summary: 'Updating by address does what updating by id does.',
    level: 'spec',
    endpoint: UPDATE_BY_EMAIL,
  },
  {
    id: 'users.update-by-email.address',
    section: UPDATE_SECTION,
    summary: 'The target is named by a real address the requester may see, or else by its placeholder address.',
    level: 'spec',
    endpoint: UPDATE_BY_EMAIL,
  },
  {
    id: 'users.update-by-email.admin-only',
    section: UPDATE_SECTION,
    summary: 'Only administrators may update users by address; others fail and nothing changes.',
    level: 'spec',
    endpoint: UPDATE_BY_EMAIL,
  },
  {
    id: 'users.update-by-email.unknown',
    section: 'server-core.md: PATCH /users/{user_id} and /users/{email}',
    summary: 'An address nobody has: 400 BAD_REQUEST "No such user".',
    level: 'compat',
    endpoint: UPDATE_BY_EMAIL,
  },

  // ------------------------------------------------------- DELETE /users/{user_id}
  {
    id: 'users.deactivate.admin-only',
    section: DEACTIVATE_SECTION,
    summary: 'Only administrators may deactivate users; others fail and the target stays active.',
    level: 'spec',
    endpoint: DEACTIVATE,
  },
  {
    id: 'users.deactivate.deactivates',
    section: 'States and transitions',
    summary: 'Deactivation turns an active user into a deactivated one (is_active false).',
    level: 'spec',
    endpoint: DEACTIVATE,
  },
  {
    id: 'users.deactivate.only-owner',
    section: DEACTIVATE_SECTION,
    summary: 'Deactivating the only organization owner fails with BAD_REQUEST.',
    level: 'spec',
    endpoint: DEACTIVATE,
  },
  {
    id: 'users.deactivate.delete-profile',
    section: 'States and transitions',
    summary: 'actions.delete_profile replaces the name with one fixed deleted-user name, for an active or an already deactivated user.',
    level: 'spec',
    endpoint: DEACTIVATE,
  },
  {
    id: 'users.deactivate.params',
    section: DEACTIVATE_SECTION,
    summary: 'actions and deactivation_notification_comment are supported parameters (never reported as ignored).',
    level: 'spec',
    endpoint: DEACTIVATE,
  },
  {
    id: 'users.deactivate.errors',
    section: 'server-core.md: DELETE /users/{user_id}',
    summary:
      'Messages: "Insufficient permission", "User is deactivated", "No such user", "Must be an organization owner" (owner target, non-owner requester), "Cannot deactivate the only organization owner".',
    level: 'compat',
    endpoint: DEACTIVATE,
  },
  {
    id: 'users.deactivate.owner-by-owner',
    section: 'server-core.md: DELETE /users/{user_id}',
    summary: 'An owner may deactivate another owner; an administrator may not.',
    level: 'compat',
    endpoint: DEACTIVATE,
  },

  // ------------------------------------------------------- POST /users/me/status
  {
    id: 'users.status.partial',
    section: STATUS_SECTION,
    summary: 'Only the passed parameters change; the rest of the status stays.',
    level: 'spec',
    endpoint: STATUS,
  },
  { id: 'users.status.clear', section: STATUS_SECTION, summary: 'An empty status_text clears the text.', level: 'spec', endpoint: STATUS },
  {
    id: 'users.status.text-limit',
    section: 'Limits',
    summary: 'status_text may have at most 60 Unicode code points; longer fails with BAD_REQUEST and changes nothing.',
    level: 'spec',
    endpoint: STATUS,
  },
  {
    id: 'users.status.emoji-name-required',
    section: STATUS_SECTION,
    summary: 'emoji_code or reaction_type without emoji_name fails with BAD_REQUEST.',
    level: 'spec',
    endpoint: STATUS,
  },
  {
    id: 'users.status.no-values',
    section: STATUS_SECTION,
    summary: 'A request that changes nothing fails with BAD_REQUEST.',
    level: 'spec',
    endpoint: STATUS,
  },
  {
    id: 'users.status.unknown-emoji',
    section: STATUS_SECTION,
    summary: 'An emoji name that does not exist fails with BAD_REQUEST.',
    level: 'spec',
    endpoint: STATUS,
  },
  {
    id: 'users.status.invalid-emoji-name',
    section: STATUS_SECTION,
    summary: 'An emoji name that does not fit the code fails with BAD_REQUEST.',
    level: 'spec',
    endpoint: STATUS,
  },
  {
    id: 'users.status.invalid-custom-emoji',
    section: STATUS_SECTION,
    summary: 'A custom (realm) emoji that does not exist fails with BAD_REQUEST.',
    level: 'spec',
    endpoint: STATUS,
  },
  {
    id: 'users.status.emoji',
    section: STATUS_SECTION,
    summary: 'A Unicode emoji given by name, code and reaction_type unicode_emoji becomes the status emoji.',
    level: 'spec',
    endpoint: STATUS,
  },
  {
    id: 'users.status.away',
    section: STATUS_SECTION,
    summary: 'away (deprecated) is the opposite of presence_enabled: setting it is reflected in the status.',
    level: 'spec',
    endpoint: STATUS,
  },
  {
    id: 'users.status.messages',
    section: 'server-core.md: POST /users/me/status',
    summary: 'The status errors are 400 BAD_REQUEST with the real server’s messages.',
    level: 'compat',
    endpoint: STATUS,
  },
  {
    id: 'users.status.trim',
    section: 'server-core.md: POST /users/me/status',
    summary: 'status_text is trimmed before the length check and before it is stored.',
    level: 'compat',
    endpoint: STATUS,
  },
  {
    id: 'users.status.emoji-lookup',
    section: 'server-core.md: POST /users/me/status',
    summary: 'emoji_name alone looks up code and type; emoji_name "" clears the emoji.',
    level: 'compat',
    endpoint: STATUS,
  },
  {
    id: 'users.status.get',
    section: 'Zulip OpenAPI: get-user-status',
    summary: 'GET /users/{user_id}/status answers `status` with only the parts that are set.',
    level: 'compat',
    endpoint: GET_STATUS,
  },
  {
    id: 'users.status.get-unknown',
    section: 'Zulip OpenAPI: get-user-status',
    summary: 'The status of an unknown user: 400 BAD_REQUEST "No such user".',
    level: 'compat',
    endpoint: GET_STATUS,
  },
];
