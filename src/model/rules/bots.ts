/**
 * Rules for bots, after the real server's zerver/lib/users.py
 * (check_can_create_bot, check_valid_bot_type, access_bot_by_id,
 * check_bot_name_available, validate_short_name_and_construct_bot_email),
 * UserProfile.allowed_bot_types / can_admin_user and bot_owner_user_ids.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { BotProfile, BotType, State, User } from '../state.js';
import { getRow, rows } from '../tables/table.js';
import { canAccessChannelContent, selectChannelByName } from './channels.js';
import { isValidEmail } from './emails.js';
import { nameKey } from './names.js';
import { hasRealmPermission } from './realm-group-settings.js';
import { isAdministrator, isBot, isOwner } from './roles.js';
import { selectUser } from './users.js';

export const BOT_TYPE = { generic: 1, incomingWebhook: 2, outgoingWebhook: 3, embedded: 4 } as const;

/** Service.ALLOWED_INTERFACE_TYPES: 1 Zulip's outgoing webhook format, 2 Slack's. */
export const BOT_INTERFACE_TYPES: readonly number[] = [1, 2];

/**
 * The embedded bots a server offers (zerver/lib/integrations.py EMBEDDED_BOTS).
 * The development server turns them on (dev_settings EMBEDDED_BOTS_ENABLED =
 * True; production's default is False): chatref answers as the dev server.
 */
export const EMBEDDED_BOT_NAMES: readonly string[] = ['converter', 'encrypt', 'helloworld', 'virtual_fs', 'giphy', 'followup'];
export const EMBEDDED_BOTS_ENABLED = true;

export const DEFAULT_BOT_PROFILE: BotProfile = Object.freeze({
  defaultSendingChannelId: null,
  defaultEventsRegisterChannelId: null,
  defaultAllPublicStreams: false,
  service: null,
  config: Object.freeze({}),
});

export function selectBotProfile(state: State, botId: number): BotProfile {
  return getRow(state.botProfiles, botId) ?? DEFAULT_BOT_PROFILE;
}

/** UserProfile.allowed_bot_types: everything with can_create_bots_group, else incoming webhooks with can_create_write_only_bots_group. */
export function allowedBotTypes(state: State, actor: User, now: number): readonly BotType[] {
  if (hasRealmPermission(state, actor, 'can_create_bots_group', now)) {
    return EMBEDDED_BOTS_ENABLED ? [1, 2, 3, 4] : [1, 2, 3];
  }
  if (hasRealmPermission(state, actor, 'can_create_write_only_bots_group', now)) return [2];
  return [];
}

/** check_can_create_bot: any bot with can_create_bots_group; an incoming webhook also with can_create_write_only_bots_group. */
export function canCreateBot(state: State, actor: User, botType: number, now: number): boolean {
  if (hasRealmPermission(state, actor, 'can_create_bots_group', now)) return true;
  return botType === BOT_TYPE.incomingWebhook && hasRealmPermission(state, actor, 'can_create_write_only_bots_group', now);
}

/** UserProfile.can_admin_user for a bot: its owner, or any administrator. */
export function canAdministerBot(actor: User, bot: User): boolean {
  return bot.botOwnerId === actor.id || isAdministrator(actor);
}

/**
 * access_bot_by_id: deactivated bots included. A bot holding
 * can_create_users needs an owner to administer it.
 */
export function accessBotById(state: State, actor: User, botId: number): Checked<User> {
  const bot = selectUser(state, botId);
  if (bot === undefined || !isBot(bot)) return reject(Errors.noSuchBot());
  if (!canAdministerBot(actor, bot)) return reject(Errors.insufficientPermission());
  if (bot.canCreateUsers && !isOwner(actor)) return reject(Errors.mustBe('owner'));
  return accept(bot);
}

/**
 * The bot's address from its short name: the trimmed name, then "-bot",
 * at the realm's host (get_bot_domain). The real server always appends
 * "-bot", so "x-bot" becomes x-bot-bot@….
 */
export function botEmailFor(state: State, rawShortName: string): Checked<{ shortName: string; email: string }> {
  const shortName = rawShortName.trim();
  if (shortName === '') return reject(Errors.badNameOrUsername());
  const email = `${shortName}-bot@${state.realm.host}`;
  if (!isValidEmail(email)) return reject(Errors.badNameOrUsername());
  return accept({ shortName, email });
}

/**
 * check_bot_name_available: no active user (bot or human) may have exactly
 * this name; on reactivation the message names the bot.
 */
export function checkBotNameAvailable(state: State, fullName: string, isActivation: boolean, exceptUserId?: number): Checked<void> {
  const name = fullName.trim();
  const holders = getRow(state.userIdsByName, nameKey(name)) ?? [];
  const taken = holders.some((id) => {
    const user = getRow(state.users, id);
    return user !== undefined && id !== exceptUserId && user.isActive && user.fullName === name;
  });
  if (!taken) return accept(undefined);
  return reject(isActivation ? Errors.activeBotNameInUse(fullName) : Errors.nameInUse());
}

/** A bot whose default channels include a private one is "private": only its owner hears of it (bot_owner_user_ids). */
export function isPrivateBot(state: State, bot: User): boolean {
  const profile = selectBotProfile(state, bot.id);
  return [profile.defaultSendingChannelId, profile.defaultEventsRegisterChannelId].some((id) => {
    const channel = id === null ? undefined : getRow(state.channels, id);
    return channel?.inviteOnly === true;
  });
}

/** bot_owner_user_ids: the owner, and the human administrators unless the bot is private. */
export function hearsOfBot(state: State, user: User, bot: User): boolean {
  if (bot.botOwnerId === user.id) return true;
  return isAdministrator(user) && !isBot(user) && !isPrivateBot(state, bot);
}

/** The bots register lists as realm_bots (get_owned_bot_dicts): every bot of the realm for an administrator, else the user's own; deactivated ones included, by id. */
export function selectVisibleBots(state: State, viewer: User): User[] {
  const bots: User[] = [];
  if (isAdministrator(viewer)) {
    // Register lists every user anyway; one more pass over them costs no more than that.
    for (const user of rows(state.users)) if (isBot(user)) bots.push(user);
  } else {
    for (const id of getRow(state.botIdsByOwner, viewer.id) ?? []) bots.push(getRow(state.users, id)!);
  }
  return bots.sort((a, b) => a.id - b.id);
}

/** access_stream_by_name for a bot's default channel: one the actor can read, else "Invalid channel name". */
export function accessBotDefaultChannel(state: State, actor: User, name: string, now: number): Checked<number> {
  const channel = selectChannelByName(state, name);
  if (channel === undefined || channel.isArchived || !canAccessChannelContent(state, actor, channel, now)) return reject(Errors.invalidChannelName(name));
  return accept(channel.id);
}

export interface QueueDefaults {
  readonly allPublicStreams: boolean;
  /** A narrow to the bot's default events channel, or none. */
  readonly narrow: readonly (readonly [string, string])[];
}

const NO_QUEUE_DEFAULTS: QueueDefaults = Object.freeze({ allPublicStreams: false, narrow: [] });

/**
 * What a queue registered without all_public_streams or narrow takes
 * (do_events_register's _default_all_public_streams and _default_narrow): a
 * bot's default_all_public_streams and default_events_register_stream; for
 * people, nothing.
 */
export function selectQueueDefaults(state: State, user: User): QueueDefaults {
  if (!isBot(user)) return NO_QUEUE_DEFAULTS;
  const profile = getRow(state.botProfiles, user.id);
  if (profile === undefined) return NO_QUEUE_DEFAULTS;
  const channel = profile.defaultEventsRegisterChannelId === null ? undefined : getRow(state.channels, profile.defaultEventsRegisterChannelId);
  return { allPublicStreams: profile.defaultAllPublicStreams, narrow: channel === undefined ? [] : [['stream', channel.name]] };
}
