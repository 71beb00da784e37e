/**
 * The model's State: one realm, its settings and sharded tables. Everything
 * here is immutable data; reducers change it only inside one immer `produce`.
 */
import type { Table } from './tables/table.js';

/** 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest. */
export type Role = 100 | 200 | 300 | 400 | 600;

/** 1 everyone, 2 members, 3 administrators, 4 nobody, 5 moderators. */
export type EmailVisibility = 1 | 2 | 3 | 4 | 5;

/** 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded. */
export type BotType = 1 | 2 | 3 | 4;

export type ReactionType = 'unicode_emoji' | 'realm_emoji' | 'service_extra_emoji';

export interface UserStatus {
  readonly statusText: string;
  readonly emojiName: string;
  readonly emojiCode: string;
  readonly reactionType: ReactionType;
}

export interface User {
  readonly id: number;
  /** The real address; logins and Basic auth use it. */
  readonly deliveryEmail: string;
  readonly fullName: string;
  readonly role: Role;
  readonly isActive: boolean;
  readonly isDeleted: boolean;
  readonly isImportedStub: boolean;
  readonly botType: BotType | null;
  readonly botOwnerId: number | null;
  readonly timezone: string;
  readonly avatarSource: 'G' | 'U';
  readonly avatarVersion: number;
  /** UNIX seconds the account was created. */
  readonly dateCreated: number;
  /** UNIX seconds of the first login (key fetch), or null before it. */
  readonly firstLoginAt: number | null;
  /** Whether the account was made through the API or an import (date_joined follows the first login). */
  readonly joinedByFirstLogin: boolean;
  readonly apiKey: string;
  /** scrypt hash record, or null when password login is impossible. */
  readonly passwordHash: string | null;
  readonly emailAddressVisibility: EmailVisibility;
  /** Special permissions the real server sets only with a management command. */
  readonly canCreateUsers: boolean;
  readonly canChangeUserEmails: boolean;
  readonly presenceEnabled: boolean;
  readonly status: UserStatus;
  /** Custom profile field id → stored value (Users fields keep their JSON text). */
  readonly profileData: { readonly [fieldId: string]: string };
}

export type ProfileFieldType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface ProfileField {
  readonly id: number;
  readonly type: ProfileFieldType;
  readonly order: number;
  readonly name: string;
  readonly hint: string;
  /** JSON text, as the real server stores and returns it ("" when the type has none). */
  readonly fieldData: string;
  readonly displayInProfileSummary: boolean;
  readonly required: boolean;
  readonly editableByUser: boolean;
}

export interface OutboxEmail {
  readonly id: number;
  readonly to: string;
  readonly template: 'user_deactivated';
  readonly subject: string;
  readonly body: string;
  readonly sentAt: number;
}

export interface RealmSettings {
  readonly requireUniqueNames: boolean;
  readonly nameChangesDisabled: boolean;
  readonly emailChangesDisabled: boolean;
  readonly avatarChangesDisabled: boolean;
  readonly emailsRestrictedToDomains: boolean;
  readonly disallowDisposableEmailAddresses: boolean;
}

export interface Realm {
  readonly id: number;
  readonly name: string;
  /** Host used for placeholder addresses (user<id>@host) and bot addresses. */
  readonly host: string;
  readonly dateCreated: number;
  readonly deactivated: boolean;
  readonly passwordAuthEnabled: boolean;
  /** Shared HS256 secret for /jwt/fetch_api_key, or null when JWT login is off. */
  readonly jwtKey: string | null;
  readonly settings: RealmSettings;
}

export interface Counters {
  readonly nextUserId: number;
  readonly nextProfileFieldId: number;
  readonly nextEmailId: number;
}

export interface State {
  readonly featureLevel: number;
  readonly zulipVersion: string;
  readonly realm: Realm;
  readonly counters: Counters;
  readonly users: Table<number, User>;
  /** Lower-cased delivery email → user id. */
  readonly userIdByEmail: Table<string, number>;
  /** Name key (NFKC, lower-cased) → ids of users with that name: the unique-names rule reads it. */
  readonly userIdsByName: Table<string, readonly number[]>;
  /** Ids of active human owners, kept by every reducer that changes a role or deactivates (a handful). */
  readonly activeHumanOwnerIds: readonly number[];
  /** Owner id → ids of the bots they own. */
  readonly botIdsByOwner: Table<number, readonly number[]>;
  /** Ordered by `order`; a realm has a handful of fields, so a plain array is right here. */
  readonly profileFields: readonly ProfileField[];
  /** Notification e-mails the server "sent", for inspection. */
  readonly outbox: Table<number, OutboxEmail>;
}
