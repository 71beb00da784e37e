import { z } from 'zod';
import { changePassword, changeUserSetting } from '../../actions/user-settings.js';
import { changeFullName } from '../../actions/users.js';
import { type AuthenticatedContext, defineEndpoint } from '../../endpoint.js';
import type { EntropyReader } from '../../entropy.js';
import { type ApiError, Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { accept, type Checked, fail, type Outcome, reject, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { isValidEmail } from '../../rules/emails.js';
import { isUserInGroup } from '../../rules/group-membership.js';
import { checkFullName } from '../../rules/names.js';
import { isPasswordStrongEnough } from '../../rules/passwords.js';
import { isAdministrator, isBot } from '../../rules/roles.js';
import {
  checkSettingValues,
  hasUserEditedSetting,
  isUserSettingName,
  parseUserSetting,
  parseWire,
  readUserSetting,
  UserSettingErrors,
  type UserSettingName,
  type UserSettingValue,
  userSettingSpec,
} from '../../rules/user-settings.js';
import { selectUserByDeliveryEmail } from '../../rules/users.js';
import { hashPassword, verifyPassword } from '../../secrets.js';
import type { State, User } from '../../state.js';
import { getRow, rows } from '../../tables/table.js';

/**
 * The parameters in the order the real server's json_change_settings declares
 * them, which is the order its parameter validation runs in and the order it
 * applies the settings (timezone last).
 */
const PARAMETERS = [
  'allow_private_data_export',
  'automatically_follow_topics_policy',
  'automatically_follow_topics_where_mentioned',
  'automatically_unmute_topics_in_muted_streams_policy',
  'color_scheme',
  'default_language',
  'demote_inactive_streams',
  'desktop_icon_count_display',
  'display_emoji_reaction_users',
  'email',
  'email_address_visibility',
  'email_notifications_batching_period_seconds',
  'emojiset',
  'enable_desktop_notifications',
  'enable_digest_emails',
  'enable_drafts_synchronization',
  'enable_followed_topic_audible_notifications',
  'enable_followed_topic_desktop_notifications',
  'enable_followed_topic_email_notifications',
  'enable_followed_topic_push_notifications',
  'enable_followed_topic_wildcard_mentions_notify',
  'enable_login_emails',
  'enable_marketing_emails',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_sounds',
  'enable_stream_audible_notifications',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'enter_sends',
  'fluid_layout_width',
  'full_name',
  'high_contrast_mode',
  'hide_ai_features',
  'left_side_userlist',
  'message_content_in_email_notifications',
  'new_password',
  'notification_sound',
  'old_password',
  'pm_content_in_desktop_notifications',
  'presence_enabled',
  'realm_name_in_email_notifications_policy',
  'receives_typing_notifications',
  'resolved_topic_notice_auto_read_policy',
  'send_private_typing_notifications',
  'send_read_receipts',
  'send_stream_typing_notifications',
  'starred_message_counts',
  'target_users',
  'timezone',
  'translate_emoticons',
  'twenty_four_hour_time',
  'user_list_style',
  'web_animate_image_previews',
  'web_channel_default_view',
  'web_escape_navigates_to_home_view',
  'web_font_size_px',
  'web_home_view',
  'web_inbox_show_channel_folders',
  'web_left_sidebar_show_channel_folders',
  'web_left_sidebar_unreads_count_summary',
  'web_line_height_percent',
  'web_mark_read_on_scroll_policy',
  'web_navigate_to_sent_message',
  'web_stream_unreads_count_display_policy',
  'web_suggest_update_timezone',
  'wildcard_mentions_notify',
] as const;

type Parameter = (typeof PARAMETERS)[number];

/** Every parameter arrives raw: the reducer validates them in the real server's order, so that the first error is its first error. */
const updateSettingsParams = z.object(
  Object.fromEntries(PARAMETERS.map((name) => [name, z.string().optional()])) as Record<Parameter, z.ZodOptional<z.ZodString>>,
);

type Params = z.output<typeof updateSettingsParams>;

/** An administrator's bulk change (target_users, FL 444). */
const targetUsersParam = wire.json(
  z.object({
    user_ids: z.array(z.int()).default([]),
    group_ids: z.array(z.int()).default([]),
    skip_if_already_edited: z.boolean(),
  }),
);

type TargetUsers = z.output<typeof targetUsersParam>;

interface Validated {
  /** The settings passed, in the order they are applied. */
  readonly settings: ReadonlyMap<UserSettingName, UserSettingValue>;
  readonly targetUsers: TargetUsers | undefined;
}

/**
 * The real server's parameter validation: each parameter in turn, the first
 * type error reported once all are read, except that a JsonableError raised
 * by a validator (an unknown resolved_topic_notice_auto_read_policy, an empty
 * target_users) ends validation at once.
 */
function validateParameters(params: Params): Checked<Validated> {
  const settings = new Map<UserSettingName, UserSettingValue>();
  let targetUsers: TargetUsers | undefined;
  let firstError: ApiError | undefined;
  for (const name of PARAMETERS) {
    const raw = params[name];
    if (raw === undefined) continue;
    if (name === 'target_users') {
      const parsed = parseWire(targetUsersParam, name, raw);
      if (!parsed.ok) firstError ??= parsed.error;
      else if (parsed.value.user_ids.length === 0 && parsed.value.group_ids.length === 0) return reject(UserSettingErrors.noTargetUsers());
      else targetUsers = parsed.value;
      continue;
    }
    // email, full_name and the passwords are plain strings.
    if (!isUserSettingName(name)) continue;
    const parsed = parseUserSetting(name, raw);
    if (parsed.ok) settings.set(name, parsed.value);
    else if (parsed.aborts) return reject(parsed.error);
    else firstError ??= parsed.error;
  }
  if (firstError !== undefined) return reject(firstError);
  return accept({ settings, targetUsers });
}

/** authenticate() with the old password, then the strength rule; the new hash on success. */
function checkPasswordChange(state: State, actor: User, oldPassword: string | undefined, newPassword: string, entropy: EntropyReader): Checked<string> {
  if (!state.realm.passwordAuthEnabled || oldPassword === undefined || !verifyPassword(oldPassword, actor.passwordHash)) {
    return reject(UserSettingErrors.wrongPassword());
  }
  if (!isPasswordStrongEnough(newPassword)) return reject(UserSettingErrors.newPasswordTooWeak());
  return accept(hashPassword(newPassword, entropy.take(16)));
}

/**
 * validate_email_change_request. A valid request only starts the
 * confirmation e-mail on the real server; the address changes when the link
 * is followed, which chatref does not model, so nothing changes here.
 * Domain restrictions and the disposable-domain list are not modelled either.
 */
function checkEmailChange(state: State, actor: User, email: string): Checked<void> {
  if (state.realm.settings.emailChangesDisabled && !isAdministrator(actor)) return reject(UserSettingErrors.emailChangesDisabled());
  if (!isValidEmail(email)) return reject(UserSettingErrors.invalidAddress());
  if (email.toLowerCase() === state.systemBots.notificationBot.deliveryEmail.toLowerCase()) return reject(UserSettingErrors.reservedForSystemBots());
  const holder = selectUserByDeliveryEmail(state, email);
  if (holder !== undefined) return reject(holder.isActive ? UserSettingErrors.alreadyHasAccount() : UserSettingErrors.accountDeactivated());
  return accept(undefined);
}

/** PATCH /settings for the actor's own account: the view's checks in its order, then the changes in its order. */
function updateOwnSettings(state: State, ctx: AuthenticatedContext<Params>, settings: ReadonlyMap<UserSettingName, UserSettingValue>): Outcome {
  const { actor, params } = ctx;
  const checked = checkSettingValues(settings);
  if (!checked.ok) return fail(checked.error);

  let passwordHash: string | undefined;
  if (params.new_password !== undefined) {
    const hashed = checkPasswordChange(state, actor, params.old_password, params.new_password, ctx.entropy);
    if (!hashed.ok) return fail(hashed.error);
    passwordHash = hashed.value;
  }

  if (params.email !== undefined) {
    const email = params.email.trim();
    if (email !== actor.deliveryEmail) {
      const allowed = checkEmailChange(state, actor, email);
      if (!allowed.ok) return fail(allowed.error);
    }
  }

  let fullName: string | undefined;
  // Where name changes are disabled, a member's new name is silently ignored, as the real server does.
  if (params.full_name !== undefined && params.full_name !== actor.fullName && (!state.realm.settings.nameChangesDisabled || isAdministrator(actor))) {
    const name = checkFullName(state, params.full_name, actor.id);
    if (!name.ok) return fail(name.error);
    if (name.value !== actor.fullName) fullName = name.value;
  }

  // Timezone is compared as given (not canonical) and applied last, as the real server does.
  const changes = [...settings].filter(([name, value]) => name !== 'timezone' && readUserSetting(actor, name) !== value);
  const timezone = settings.get('timezone');
  if (timezone !== undefined && timezone !== actor.timezone) changes.push(['timezone', timezone]);

  if (passwordHash === undefined && fullName === undefined && changes.length === 0) return succeed(state);
  return succeed(
    commit(state, ctx.now, (tx) => {
      let user = actor;
      if (passwordHash !== undefined) user = changePassword(tx, user, passwordHash);
      if (fullName !== undefined) user = changeFullName(tx, user, fullName);
      for (const [name, value] of changes) user = changeUserSetting(tx, user, name, value, actor.id);
    }),
  );
}

/**
 * target_users: an administrator changes settings of other users (of the
 * users listed and the members of the groups, bots left out, deactivated
 * users included). The real server skips check_settings_values on this path.
 */
function updateOthersSettings(state: State, ctx: AuthenticatedContext<Params>, validated: Validated, target: TargetUsers): Outcome {
  const { actor, params } = ctx;
  if (!isAdministrator(actor)) return fail(Errors.mustBe('administrator'));
  if (params.email !== undefined || params.new_password !== undefined || params.timezone !== undefined) return fail(UserSettingErrors.cannotChangeForOthers());
  for (const name of validated.settings.keys()) {
    if (userSettingSpec(name)?.securitySensitive === true) return fail(UserSettingErrors.cannotChangeForOthers());
  }
  for (const groupId of target.group_ids) {
    if (getRow(state.groups, groupId) === undefined) return fail(Errors.invalidUserGroupId(groupId));
  }
  for (const userId of target.user_ids) {
    if (getRow(state.users, userId) === undefined) return fail(Errors.invalidUserId(userId));
  }
  const listed = new Set(target.user_ids);
  const users = [...rows(state.users)]
    .filter((user) => listed.has(user.id) || target.group_ids.some((groupId) => isUserInGroup(state, user, groupId, ctx.now)))
    .filter((user) => !isBot(user));

  const current = new Map(users.map((user) => [user.id, user]));
  const changes: [User['id'], UserSettingName, UserSettingValue][] = [];
  for (const [name, value] of validated.settings) {
    for (const user of users) {
      if (target.skip_if_already_edited && hasUserEditedSetting(user, name)) continue;
      if (readUserSetting(user, name) !== value) changes.push([user.id, name, value]);
    }
  }
  if (changes.length === 0) return succeed(state);
  return succeed(
    commit(state, ctx.now, (tx) => {
      for (const [userId, name, value] of changes) current.set(userId, changeUserSetting(tx, current.get(userId)!, name, value, actor.id));
    }),
  );
}

/**
 * PATCH /settings: every parameter optional, the real server's validation
 * order, and an empty success whether or not anything changed. The
 * real server applies the password, name and settings one by one; chatref
 * checks them all first, so a refused request changes nothing.
 */
export const updateSettings = defineEndpoint({
  operation: 'update-settings',
  method: 'PATCH',
  path: '/settings',
  auth: 'basic',
  allowBots: false,
  params: updateSettingsParams,
  reduce(state, ctx) {
    const validated = validateParameters(ctx.params);
    if (!validated.ok) return fail(validated.error);
    const target = validated.value.targetUsers;
    if (target !== undefined) return updateOthersSettings(state, ctx, validated.value, target);
    return updateOwnSettings(state, ctx, validated.value.settings);
  },
});
