/**
 * Personal settings: the real server's UserBaseSettings.property_types plus
 * `timezone`, in one table (wire type, allowed values, default, legacy event
 * group), and the pure validators PATCH /settings runs on their raw values,
 * with the real server's messages. Facts from zerver/models/users.py,
 * zerver/views/user_settings.py and zerver/lib/typed_endpoint_validators.py
 * at the declared feature level (dense_mode is gone since FL 364).
 */
import type { z } from 'zod';
import { type ApiError, Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import { messageFor, varNameFor } from '../params/messages.js';
import { VAR, wire } from '../params/wire.js';
import type { State, User, UserSettings } from '../state.js';
import { AVAILABLE_LANGUAGES } from './realm-settings.js';
import { TIME_ZONE_LINKS, TIME_ZONES } from './timezones.js';

/** Settings stored on User under their own names rather than in User.settings. */
export type UserRecordSettingName = 'email_address_visibility' | 'presence_enabled' | 'timezone';

export type StoredUserSettingName = Exclude<keyof UserSettings, 'edited_by_user'>;

export type UserSettingName = StoredUserSettingName | UserRecordSettingName;

export type UserSettingValue = boolean | number | string;

/**
 * The legacy event (and register group) the real server also used for the
 * setting before FL 439: update_display_settings, update_global_notifications, or none.
 */
export type LegacySettingGroup = 'display' | 'notification' | null;

export interface UserSettingSpec {
  readonly name: UserSettingName;
  /** How the value travels: JSON booleans and integers, raw strings. */
  readonly wire: 'bool' | 'int' | 'string';
  readonly default: UserSettingValue;
  /** The values a request may set; absent where any value of the wire type passes the type check. */
  readonly choices?: readonly UserSettingValue[];
  readonly legacy: LegacySettingGroup;
  /** Administrators may not change it for other users (SECURITY_SENSITIVE_USER_SETTINGS). */
  readonly securitySensitive: boolean;
}

/** Up to this level (exclusive) the real server also sent the legacy update_display_settings / update_global_notifications forms. */
export const LEGACY_USER_SETTINGS_REMOVED_FEATURE_LEVEL = 439;

export function sendsLegacyUserSettingsForms(state: State): boolean {
  return state.featureLevel < LEGACY_USER_SETTINGS_REMOVED_FEATURE_LEVEL;
}

type Options = Partial<Pick<UserSettingSpec, 'choices' | 'securitySensitive'>>;

function spec(
  name: UserSettingName,
  wireType: UserSettingSpec['wire'],
  value: UserSettingValue,
  legacy: LegacySettingGroup,
  options: Options = {},
): UserSettingSpec {
  return {
    name,
    wire: wireType,
    default: value,
    legacy,
    securitySensitive: options.securitySensitive ?? false,
    ...(options.choices ? { choices: options.choices } : {}),
  };
}

const bool = (name: UserSettingName, value: boolean, legacy: LegacySettingGroup, options?: Options) => spec(name, 'bool', value, legacy, options);
const int = (name: UserSettingName, value: number, legacy: LegacySettingGroup, options?: Options) => spec(name, 'int', value, legacy, options);
const str = (name: UserSettingName, value: string, legacy: LegacySettingGroup, options?: Options) => spec(name, 'string', value, legacy, options);

/** The choices of the four automatic follow/unmute policies: participation, send, initiation, never. */
const VISIBILITY_POLICIES = [1, 2, 3, 4] as const;

export const EMOJISET_CHOICES = [
  { key: 'google', text: 'Google' },
  { key: 'twitter', text: 'Twitter' },
  { key: 'text', text: 'Plain text' },
  { key: 'google-blob', text: 'Google blobs' },
] as const;

/** get_available_notification_sounds(): the server's sound files, sorted ("none" is accepted besides). */
export const AVAILABLE_NOTIFICATION_SOUNDS = [
  'ascend',
  'beep_boop',
  'bink',
  'bright',
  'brlip',
  'chime',
  'deep tom',
  'ding',
  'double tap',
  'down',
  'dry bongos',
  'dutdut',
  'fast ascend',
  'flute',
  'friendly',
  'kick roll',
  'loud tintong',
  'metallic snare',
  'pan',
  'shaker',
  'simple',
  'stairs',
  'subtle',
  'swish',
  'tintong',
  'up',
  'wood block',
  'zaping',
  'zing',
  'zulip',
] as const;

/** ResolvedTopicNoticeAutoReadPolicyEnum: the API uses the names, the database the numbers. */
export const RESOLVED_TOPIC_NOTICE_AUTO_READ_POLICIES = ['always', 'except_followed', 'never'] as const;

/** The longest email batching period the real server accepts: one week. */
export const MAX_EMAIL_BATCHING_PERIOD_SECONDS = 7 * 24 * 60 * 60;

/**
 * Every setting, in the order of the real server's property_types (display
 * settings, notification settings, the rest), then timezone.
 */
export const USER_SETTINGS: readonly UserSettingSpec[] = [
  // display_settings_legacy
  int('color_scheme', 1, 'display', { choices: [1, 2, 3] }),
  str('default_language', 'en', 'display'),
  str('web_home_view', 'inbox', 'display', { choices: ['recent', 'inbox', 'all_messages'] }),
  int('demote_inactive_streams', 1, 'display', { choices: [1, 2, 3] }),
  str('emojiset', 'google', 'display', { choices: EMOJISET_CHOICES.map((choice) => choice.key) }),
  bool('enable_drafts_synchronization', true, 'display'),
  bool('enter_sends', false, 'display'),
  bool('fluid_layout_width', false, 'display'),
  bool('high_contrast_mode', false, 'display'),
  bool('left_side_userlist', false, 'display'),
  bool('starred_message_counts', true, 'display'),
  bool('translate_emoticons', false, 'display'),
  bool('twenty_four_hour_time', false, 'display'),
  // notification_settings_legacy
  int('desktop_icon_count_display', 1, 'notification', { choices: [1, 2, 3, 4] }),
  int('email_notifications_batching_period_seconds', 120, 'notification'),
  bool('enable_desktop_notifications', true, 'notification'),
  bool('enable_digest_emails', true, 'notification', { securitySensitive: true }),
  bool('enable_login_emails', true, 'notification', { securitySensitive: true }),
  bool('enable_marketing_emails', true, 'notification', { securitySensitive: true }),
  bool('enable_offline_email_notifications', true, 'notification'),
  bool('enable_offline_push_notifications', true, 'notification'),
  bool('enable_online_push_notifications', true, 'notification'),
  bool('enable_sounds', true, 'notification'),
  bool('enable_stream_audible_notifications', false, 'notification'),
  bool('enable_stream_desktop_notifications', false, 'notification'),
  bool('enable_stream_email_notifications', false, 'notification'),
  bool('enable_stream_push_notifications', false, 'notification'),
  bool('message_content_in_email_notifications', true, 'notification'),
  str('notification_sound', 'zulip', 'notification'),
  bool('pm_content_in_desktop_notifications', true, 'notification'),
  bool('presence_enabled', true, 'notification', { securitySensitive: true }),
  int('realm_name_in_email_notifications_policy', 1, 'notification', { choices: [1, 2, 3] }),
  bool('wildcard_mentions_notify', true, 'notification'),
  // modern_notification_settings
  bool('enable_followed_topic_desktop_notifications', true, null),
  bool('enable_followed_topic_email_notifications', true, null),
  bool('enable_followed_topic_push_notifications', true, null),
  bool('enable_followed_topic_audible_notifications', true, null),
  bool('enable_followed_topic_wildcard_mentions_notify', true, null),
  int('automatically_follow_topics_policy', 3, null, { choices: VISIBILITY_POLICIES }),
  int('automatically_unmute_topics_in_muted_streams_policy', 2, null, { choices: VISIBILITY_POLICIES }),
  bool('automatically_follow_topics_where_mentioned', true, null),
  // modern_settings
  bool('display_emoji_reaction_users', true, null),
  int('email_address_visibility', 1, null, { choices: [1, 2, 3, 4, 5], securitySensitive: true }),
  bool('web_escape_navigates_to_home_view', true, null),
  bool('receives_typing_notifications', true, null),
  bool('send_private_typing_notifications', true, null, { securitySensitive: true }),
  bool('send_read_receipts', true, null, { securitySensitive: true }),
  bool('send_stream_typing_notifications', true, null, { securitySensitive: true }),
  bool('allow_private_data_export', false, null, { securitySensitive: true }),
  int('web_mark_read_on_scroll_policy', 1, null, { choices: [1, 2, 3] }),
  int('web_channel_default_view', 1, null, { choices: [1, 2, 3, 4] }),
  int('user_list_style', 3, null, { choices: [1, 2, 3] }),
  str('web_animate_image_previews', 'on_hover', null, { choices: ['always', 'on_hover', 'never'] }),
  int('web_stream_unreads_count_display_policy', 2, null, { choices: [1, 2, 3] }),
  // No range check: the real server stores these in small positive integer columns without validating them first.
  int('web_font_size_px', 16, null),
  int('web_line_height_percent', 140, null),
  bool('web_navigate_to_sent_message', true, null),
  bool('web_suggest_update_timezone', true, null),
  bool('hide_ai_features', false, null),
  str('resolved_topic_notice_auto_read_policy', 'except_followed', null, { choices: RESOLVED_TOPIC_NOTICE_AUTO_READ_POLICIES }),
  bool('web_left_sidebar_unreads_count_summary', true, null),
  // Defaults of the two channel-folder settings: true (uncertain; the sources read gave no default).
  bool('web_left_sidebar_show_channel_folders', true, null),
  bool('web_inbox_show_channel_folders', true, null),
  // Not in property_types: PATCH /settings handles it last; the legacy display event carried it.
  str('timezone', '', 'display'),
];

export const USER_SETTING_NAMES: readonly UserSettingName[] = USER_SETTINGS.map((setting) => setting.name);

const SPECS: ReadonlyMap<string, UserSettingSpec> = new Map(USER_SETTINGS.map((setting) => [setting.name, setting]));

export function userSettingSpec(name: string): UserSettingSpec | undefined {
  return SPECS.get(name);
}

export function isUserSettingName(name: string): name is UserSettingName {
  return SPECS.has(name);
}

const RECORD_SETTINGS: ReadonlySet<string> = new Set<UserRecordSettingName>(['email_address_visibility', 'presence_enabled', 'timezone']);

function isStoredSettingName(name: UserSettingName): name is StoredUserSettingName {
  return !RECORD_SETTINGS.has(name);
}

/** A new user's settings: the real server's defaults (a realm's own defaults for new users are not modelled). */
export const DEFAULT_USER_SETTINGS: UserSettings = Object.freeze({
  ...(Object.fromEntries(USER_SETTINGS.filter((setting) => isStoredSettingName(setting.name)).map((setting) => [setting.name, setting.default])) as Omit<
    UserSettings,
    'edited_by_user'
  >),
  edited_by_user: [],
});

export function readUserSetting(user: User, name: UserSettingName): UserSettingValue {
  switch (name) {
    case 'email_address_visibility':
      return user.emailAddressVisibility;
    case 'presence_enabled':
      return user.presenceEnabled;
    case 'timezone':
      return user.timezone;
    default:
      return user.settings[name];
  }
}

/** The user with one setting changed, wherever it is stored; `byUser` records that the user changed it themselves. */
export function withUserSetting(user: User, name: UserSettingName, value: UserSettingValue, byUser: boolean): User {
  if (name === 'email_address_visibility') return { ...user, emailAddressVisibility: value as User['emailAddressVisibility'] };
  if (name === 'presence_enabled') return { ...user, presenceEnabled: value as boolean };
  if (name === 'timezone') return { ...user, timezone: value as string };
  const edited = byUser && !user.settings.edited_by_user.includes(name) ? [...user.settings.edited_by_user, name].sort() : user.settings.edited_by_user;
  return { ...user, settings: { ...user.settings, [name]: value, edited_by_user: edited } };
}

/** Whether the user changed this setting themselves (the real server asks its audit log). */
export function hasUserEditedSetting(user: User, name: UserSettingName): boolean {
  return user.settings.edited_by_user.includes(name);
}

// ---------------------------------------------------------------- time zones

const ZONES: ReadonlySet<string> = new Set(TIME_ZONES);

/** canonicalize_timezone: a link name becomes the zone it stands for; anything else is kept. */
export function canonicalizeTimezone(name: string): string {
  return Object.hasOwn(TIME_ZONE_LINKS, name) ? TIME_ZONE_LINKS[name]! : name;
}

/** Whether the real server's zoneinfo would load the name (after canonicalization); names are case-sensitive. */
export function isKnownTimezone(name: string): boolean {
  return ZONES.has(canonicalizeTimezone(name));
}

// ---------------------------------------------------------------- validation

/** The real server's messages for refused values (JsonableErrors raised by the view and its validators). */
export const UserSettingErrors = {
  /** parse_enum_from_string_value: raised during parameter validation, so it wins over every type error. */
  invalidEnum: (name: string): ApiError => Errors.invalidParam(`Invalid ${name}`),
  invalidDefaultLanguage: (): ApiError => Errors.invalidParam('Invalid default_language'),
  invalidNotificationSound: (sound: string): ApiError => Errors.invalidParam(`Invalid notification sound '${sound}'`),
  invalidEmailBatchingPeriod: (seconds: number): ApiError => Errors.invalidParam(`Invalid email batching period: ${seconds} seconds`),
  wrongPassword: (): ApiError => Errors.invalidParam('Wrong password!'),
  newPasswordTooWeak: (): ApiError => Errors.invalidParam('New password is too weak!'),
  emailChangesDisabled: (): ApiError => Errors.invalidParam('Email address changes are disabled in this organization.'),
  invalidAddress: (): ApiError => Errors.invalidParam('Invalid address.'),
  alreadyHasAccount: (): ApiError => Errors.invalidParam('Already has an account.'),
  accountDeactivated: (): ApiError => Errors.invalidParam('Account has been deactivated.'),
  reservedForSystemBots: (): ApiError => Errors.invalidParam('Reserved for system bots.'),
  cannotChangeForOthers: (): ApiError => Errors.invalidParam('Cannot change this setting for other users.'),
  noTargetUsers: (): ApiError => Errors.invalidParam('Either user_ids or group_ids must be provided.'),
} as const;

const NOT_IN_CHOICES = `Invalid ${VAR}: Value error, Not in the list of possible values`;
const NOT_A_TIME_ZONE = `Invalid ${VAR}: Value error, Not a recognized time zone`;

function schemaFor(setting: UserSettingSpec): z.ZodType<UserSettingValue> {
  const base: z.ZodType<UserSettingValue> = setting.wire === 'bool' ? wire.bool() : setting.wire === 'int' ? wire.int() : wire.string();
  if (setting.name === 'timezone') {
    return base.superRefine((value, ctx) => {
      if (!isKnownTimezone(value as string)) ctx.addIssue({ code: 'custom', message: NOT_A_TIME_ZONE });
    });
  }
  const choices = setting.choices;
  if (choices === undefined || setting.name === 'resolved_topic_notice_auto_read_policy') return base;
  return base.superRefine((value, ctx) => {
    if (!choices.includes(value)) ctx.addIssue({ code: 'custom', message: NOT_IN_CHOICES });
  });
}

const SCHEMAS: ReadonlyMap<string, z.ZodType<UserSettingValue>> = new Map(USER_SETTINGS.map((setting) => [setting.name, schemaFor(setting)]));

/** A raw parameter through a zod codec, failing with the message the real server gives for the first problem. */
export function parseWire<T>(schema: z.ZodType<T>, name: string, raw: string): Checked<T> {
  const result = schema.safeParse(raw, { reportInput: true });
  if (result.success) return accept(result.data);
  const issue = result.error.issues[0]!;
  return reject(Errors.invalidParam(messageFor(issue, varNameFor([name, ...issue.path]))));
}

/**
 * One setting's raw value as the real server's parameter validation sees it:
 * the wire type, then the allowed values. `aborts` marks the failures the
 * real server raises as a JsonableError in the middle of validation, which
 * therefore win over type errors in any other parameter.
 */
export type SettingParse = { readonly ok: true; readonly value: UserSettingValue } | { readonly ok: false; readonly error: ApiError; readonly aborts: boolean };

export function parseUserSetting(name: UserSettingName, raw: string): SettingParse {
  const parsed = parseWire(SCHEMAS.get(name)!, name, raw);
  if (!parsed.ok) return { ok: false, error: parsed.error, aborts: false };
  if (name === 'resolved_topic_notice_auto_read_policy' && !(RESOLVED_TOPIC_NOTICE_AUTO_READ_POLICIES as readonly string[]).includes(parsed.value as string)) {
    return { ok: false, error: UserSettingErrors.invalidEnum(name), aborts: true };
  }
  return { ok: true, value: parsed.value };
}

/** The checks the real server runs after parameter validation (check_settings_values), in its order. */
export function checkSettingValues(values: ReadonlyMap<UserSettingName, UserSettingValue>): Checked<void> {
  const language = values.get('default_language');
  if (language !== undefined && !AVAILABLE_LANGUAGES.has(language as string)) return reject(UserSettingErrors.invalidDefaultLanguage());
  const sound = values.get('notification_sound');
  if (sound !== undefined && sound !== 'none' && !(AVAILABLE_NOTIFICATION_SOUNDS as readonly string[]).includes(sound as string)) {
    return reject(UserSettingErrors.invalidNotificationSound(sound as string));
  }
  const period = values.get('email_notifications_batching_period_seconds');
  if (period !== undefined && ((period as number) <= 0 || (period as number) > MAX_EMAIL_BATCHING_PERIOD_SECONDS)) {
    return reject(UserSettingErrors.invalidEmailBatchingPeriod(period as number));
  }
  return accept(undefined);
}

// ---------------------------------------------------------------- languages

/**
 * get_language_name(): the name the real server's language list gives a
 * code, which is Django's name_local for it (uncertain for the codes Django
 * does not describe: si, no, pt-pt, zh-tw).
 */
const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  ar: 'العربيّة',
  be: 'беларуская',
  bg: 'български',
  bn: 'বাংলা',
  ca: 'català',
  cs: 'česky',
  cy: 'Cymraeg',
  da: 'dansk',
  de: 'Deutsch',
  el: 'Ελληνικά',
  en: 'English',
  'en-gb': 'British English',
  eo: 'Esperanto',
  es: 'español',
  fa: 'فارسی',
  fi: 'suomi',
  fr: 'français',
  gl: 'galego',
  gu: 'ગુજરાતી',
  hi: 'हिंदी',
  hu: 'Magyar',
  id: 'Bahasa Indonesia',
  it: 'italiano',
  ja: '日本語',
  ko: '한국어',
  lt: 'Lietuviškai',
  lv: 'latviešu',
  ml: 'മലയാളം',
  mn: 'Монгол',
  nl: 'Nederlands',
  no: 'norsk',
  pa: 'Punjabi',
  pl: 'polski',
  pt: 'Português',
  'pt-br': 'Português Brasileiro',
  'pt-pt': 'Português',
  ro: 'Română',
  ru: 'Русский',
  si: 'සිංහල',
  sr: 'српски',
  sv: 'svenska',
  ta: 'தமிழ்',
  te: 'తెలుగు',
  tl: 'Tagalog',
  tr: 'Türkçe',
  uk: 'Українська',
  uz: 'oʻzbek tili',
  vi: 'Tiếng Việt',
  'zh-hans': '简体中文',
  'zh-hant': '繁體中文',
  'zh-tw': '繁體中文',
};

/** The language name events carry with default_language ("Unknown" for a code the list lacks, as the real server answers). */
export function languageName(code: string): string {
  return LANGUAGE_NAMES[code] ?? 'Unknown';
}
