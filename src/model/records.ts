/** Constructors of new records with the real server's defaults. */
import { ROLE_MEMBER } from './rules/roles.js';
import { DEFAULT_USER_SETTINGS } from './rules/user-settings.js';
import type { Channel, Subscription, User } from './state.js';

export const EMPTY_STATUS = { statusText: '', emojiName: '', emojiCode: '', reactionType: 'unicode_emoji' } as const;

export type NewUser = Pick<User, 'id' | 'deliveryEmail' | 'fullName' | 'role' | 'apiKey' | 'passwordHash' | 'dateCreated'> & Partial<User>;

export function makeUser(fields: NewUser): User {
  return {
    isActive: true,
    isDeleted: false,
    isImportedStub: false,
    botType: null,
    botOwnerId: null,
    timezone: '',
    avatarSource: 'G',
    avatarVersion: 1,
    firstLoginAt: null,
    joinedByFirstLogin: false,
    emailAddressVisibility: 1,
    canCreateUsers: false,
    canChangeUserEmails: false,
    presenceEnabled: true,
    status: EMPTY_STATUS,
    profileData: {},
    settings: DEFAULT_USER_SETTINGS,
    ...fields,
  };
}

/** The colours new subscriptions take, in the real server's order. */
export const SUBSCRIPTION_COLORS = [
  '#76ce90',
  '#fae589',
  '#a6c7e5',
  '#e79ab5',
  '#bfd56f',
  '#f4ae55',
  '#b0a5fd',
  '#addfe5',
  '#f5ce6e',
  '#c2726a',
  '#94c849',
  '#bd86e5',
  '#ee7e4a',
  '#a6dcbf',
  '#95a5fd',
  '#53a063',
  '#9987e1',
  '#e4523d',
  '#c2c2c2',
  '#4f8de4',
  '#c6a8ad',
  '#e7cc4d',
  '#c8bebf',
  '#a47462',
] as const;

/** The first palette colour the user does not use yet; once all are taken, one chosen by the channel id. */
export function pickSubscriptionColor(usedColors: ReadonlySet<string>, channelId: number): string {
  return SUBSCRIPTION_COLORS.find((color) => !usedColors.has(color)) ?? SUBSCRIPTION_COLORS[channelId % SUBSCRIPTION_COLORS.length]!;
}

export type NewSubscription = Pick<Subscription, 'userId' | 'channelId' | 'color'> & Partial<Subscription>;

/** A subscription with every personal setting inheriting the user's defaults. */
export function makeSubscription(fields: NewSubscription): Subscription {
  return {
    isMuted: false,
    pinToTop: false,
    desktopNotifications: null,
    emailNotifications: null,
    pushNotifications: null,
    audibleNotifications: null,
    wildcardMentionsNotify: null,
    ...fields,
  };
}

export type NewChannel = Pick<Channel, 'id' | 'name' | 'dateCreated' | 'creatorId' | 'settings'> & Partial<Channel>;

/**
 * A channel with the real server's defaults for a new one: public, no
 * description, inherited retention and topics policy, no history yet.
 * History is protected for private channels and public otherwise unless
 * the caller says so.
 */
export function makeChannel(fields: NewChannel): Channel {
  const inviteOnly = fields.inviteOnly ?? false;
  return {
    description: '',
    renderedDescription: '',
    inviteOnly,
    isWebPublic: false,
    historyPublicToSubscribers: !inviteOnly,
    isArchived: false,
    messageRetentionDays: null,
    topicsPolicy: 'inherit',
    firstMessageId: null,
    folderId: null,
    isRecentlyActive: true,
    subscriberCount: 0,
    ...fields,
  };
}

/**
 * Id of the Notification Bot. The real server's system bots belong to a
 * separate internal realm, so their ids are never a realm user's: this one
 * lies far above any id the user counter reaches.
 */
export const NOTIFICATION_BOT_ID = 1_000_000_001;

/** The cross-realm bot that posts the server's notices (announcements, channel events). */
export function makeNotificationBot(dateCreated: number): User {
  return makeUser({
    id: NOTIFICATION_BOT_ID,
    deliveryEmail: 'notification-bot@zulip.com',
    fullName: 'Notification Bot',
    role: ROLE_MEMBER,
    botType: 1,
    apiKey: '',
    passwordHash: null,
    dateCreated,
  });
}
