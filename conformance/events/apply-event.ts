/**
 * A client-side event applier: given a POST /register response and the
 * events its queue delivered, the register state a client holds afterwards.
 * It follows the real server's own applier (zerver/lib/events.py
 * apply_event, which its test suite uses to check that events and register
 * agree) for the state keys chatref serves: realm_user, subscription,
 * stream, realm_user_groups, realm, custom_profile_fields, default_streams,
 * user_status, video_calls, saved_snippets, realm_linkifiers, realm_emoji, realm_bot, presence,
 * alert_words, muted_users, user_topic, muted_topics, the compose and admin
 * sections, the message keys (apply-message-events.ts) and the settings
 * (apply-settings-events.ts). Facts were taken from that function; the
 * code is ours and works on the post-processed form register answers
 * (realm_users / realm_non_active_users rather than the server's raw_users).
 *
 * Where the real server's applier reads its database, a client cannot; the
 * applier then derives what it can from the state itself (permissions from
 * groups and settings) or marks the value unknown (see `unknownValue`).
 * Places where it knowingly differs from the real function say so.
 */

import { applyChannelFolder, applyRealmPlaygrounds, applyRealmUserSettingsDefaults } from './apply-admin-events.js';
import { applyDrafts, applyNavigationView, applyReminders, applyScheduledMessages } from './apply-compose-events.js';
import { applyDeleteMessage, applyMessage, applyMessageFlags, applyUpdateMessage, finishMessages } from './apply-message-events.js';
import { applyLegacySetting, applyPushDevice, applyRealmDomains, applyUserSettings, REPLACING_EVENTS } from './apply-settings-events.js';

/** A register response or a state derived from one. */
export type RegisterState = Record<string, any>;

/** An event as a queue delivers it. */
export type StateEvent = Readonly<Record<string, any>> & { readonly type: string };

export interface ApplyOptions {
  /** client_gravatar the queue was registered with (the server's default for an authenticated client is true). */
  readonly clientGravatar: boolean;
  /** include_subscribers was true (or "partial"): channel dicts carry subscriber lists to keep up to date. */
  readonly includeSubscribers: boolean;
  /** Capability user_list_incomplete: a user the client loses access to is dropped, not replaced by a placeholder. */
  readonly userListIncomplete: boolean;
  /** Capability include_deactivated_groups (the events carry the difference; kept for completeness). */
  readonly includeDeactivatedGroups: boolean;
  /** Capability archived_channels (the events carry the difference; kept for completeness). */
  readonly archivedChannels: boolean;
  /** Capability linkifier_url_template: without it realm_linkifiers stays the empty list register gave (default false). */
  readonly linkifierUrlTemplate?: boolean;
  /** slim_presence the queue was registered with: `presences` is keyed by user id in the modern format (default false). */
  readonly slimPresence?: boolean;
}

export const DEFAULT_APPLY_OPTIONS: ApplyOptions = {
  clientGravatar: true,
  includeSubscribers: false,
  userListIncomplete: false,
  includeDeactivatedGroups: false,
  archivedChannels: false,
};

/** What applying a batch gave, and the event types the applier had no rule for (left without effect). */
export interface Applied {
  readonly state: RegisterState;
  readonly unknownTypes: readonly string[];
}

const UNKNOWN = '__apply_event_unknown__';

/**
 * A value the client cannot know from what it was sent (the real server's
 * applier reads it from its database). The comparison accepts anything in
 * its place; `reason` says why it is unknown.
 */
export function unknownValue(reason: string): Record<string, string> {
  return { [UNKNOWN]: reason };
}

export function isUnknownValue(value: unknown): value is Record<string, string> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && UNKNOWN in value;
}

/**
 * Set on a channel a stream/create event filed under never_subscribed
 * without the client knowing whether the user was subscribed before (the
 * real server's applier asks its database and may file it under
 * unsubscribed, with the old subscription's personal settings). The
 * comparison accepts either place, personal settings unknown.
 */
export const PLACEMENT_UNKNOWN = '__apply_event_placement_unknown__';

/** Event types that never change the state keys above (the real applier ignores them too). */
const NO_STATE_EFFECT: ReadonlySet<string> = new Set([
  'heartbeat',
  'reaction',
  'submessage',
  'typing',
  'typing_edit_message',
  'attachment',
  'restart',
  'web_reload_client',
  'invites_changed',
  'realm_export',
  'realm_export_consent',
]);

/** The placeholder avatar the real server shows for a user one may not access. */
export const INACCESSIBLE_USER_AVATAR_URL = '/static/images/unknown-user-avatar.png';
export const INACCESSIBLE_USER_NAME = 'Unknown user';

const ROLE = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 } as const;

/** The settings behind the actor's own can_* register keys (all refuse guests: none may be "everyone"). */
const OWN_PERMISSIONS: Readonly<Record<string, string>> = {
  can_create_private_streams: 'can_create_private_channel_group',
  can_create_public_streams: 'can_create_public_channel_group',
  can_create_web_public_streams: 'can_create_web_public_channel_group',
  can_invite_others_to_realm: 'can_invite_users_group',
  // In register below feature level 341.
  can_subscribe_other_users: 'can_add_subscribers_group',
};
const PERMISSION_SETTINGS: ReadonlySet<string> = new Set([...Object.values(OWN_PERMISSIONS), 'enable_spectator_access', 'plan_type']);

const CHANNEL_LISTS = ['subscriptions', 'unsubscribed', 'never_subscribed'] as const;

function isObject(value: unknown): value is Record<string, any> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function byName(a: Record<string, any>, b: Record<string, any>): number {
  const left = String(a['name']);
  const right = String(b['name']);
  return left < right ? -1 : left > right ? 1 : 0;
}

function ascending(ids: Iterable<number>): number[] {
  return [...ids].sort((a, b) => a - b);
}

/** A group-setting value: a group id, or an anonymous group {direct_members, direct_subgroups}. */
function isAnonymousGroup(value: unknown): value is { direct_members: number[]; direct_subgroups: number[] } {
  return isObject(value) && Array.isArray(value['direct_members']) && Array.isArray(value['direct_subgroups']);
}

/** The keys of a choice field's field_data (JSON text), or none when it does not parse. */
function choiceKeys(fieldData: unknown): Set<string> {
  try {
    const parsed: unknown = JSON.parse(String(fieldData));
    return new Set(isObject(parsed) ? Object.keys(parsed) : []);
  } catch {
    return new Set();
  }
}

function isAdministratorRole(role: unknown): boolean {
  return role === ROLE.owner || role === ROLE.administrator;
}

class Applier {
  private readonly unknown = new Set<string>();
  /** Whether the actor's own permissions must be derived again after this batch (a role, a setting or a group changed). */
  private permissionsStale = false;
  /** Channels dropped from unsubscribed by stream/delete: where they go back, with their personal settings, if they come back. */
  private readonly formerlySubscribed = new Map<unknown, Record<string, any>>();

  constructor(
    private readonly s: RegisterState,
    private readonly options: ApplyOptions,
  ) {}

  get unknownTypes(): string[] {
    return [...this.unknown];
  }

  apply(event: StateEvent): void {
    switch (event.type) {
      case 'realm_user':
        return this.realmUser(event);
      case 'stream':
        return this.stream(event);
      case 'subscription':
        return this.subscription(event);
      case 'realm':
        return this.realm(event);
      case 'user_group':
        return this.userGroup(event);
      case 'custom_profile_fields':
        return this.customProfileFields(event);
      case 'user_status':
        return this.userStatus(event);
      case 'saved_snippets':
        return this.savedSnippets(event);
      case 'drafts':
        return applyDrafts(this.s, event);
      case 'scheduled_messages':
        return applyScheduledMessages(this.s, event);
      case 'reminders':
        return applyReminders(this.s, event);
      case 'navigation_view':
        return applyNavigationView(this.s, event);
      case 'realm_bot':
        return this.realmBot(event);
      case 'realm_linkifiers':
        // As the real applier: only a client with linkifier_url_template takes the list (the server sends it only to such queues).
        if (this.options.linkifierUrlTemplate === true && 'realm_linkifiers' in this.s) this.s['realm_linkifiers'] = structuredClone(event['realm_linkifiers']);
        return;
      case 'presence':
        return this.presence(event);
      case 'user_topic':
        return this.userTopic(event);
      case 'channel_folder':
        return applyChannelFolder(this.s, event);
      case 'realm_playgrounds':
        return applyRealmPlaygrounds(this.s, event);
      case 'realm_user_settings_defaults':
        return applyRealmUserSettingsDefaults(this.s, event);
      case 'has_zoom_token':
      case 'has_provider_token':
        // chatref serves the spec's has_provider_token and the real server's has_zoom_token for the same fact.
        for (const key of ['has_zoom_token', 'has_provider_token']) if (key in this.s) this.s[key] = event['value'];
        return;
      case 'message':
        return applyMessage(this.s, event, this.myId);
      case 'delete_message':
        return applyDeleteMessage(this.s, event);
      case 'update_message':
        return applyUpdateMessage(this.s, event);
      case 'update_message_flags':
        return applyMessageFlags(this.s, event, this.myId);
      case 'user_settings':
        return applyUserSettings(this.s, event);
      case 'update_display_settings':
      case 'update_global_notifications':
        return applyLegacySetting(this.s, event);
      case 'realm_domains':
        return applyRealmDomains(this.s, event);
      case 'push_device':
        return applyPushDevice(this.s, event);
      default: {
        const replacing = REPLACING_EVENTS[event.type];
        if (replacing !== undefined) {
          if (replacing[0] in this.s) this.s[replacing[0]] = structuredClone(event[replacing[1]]);
        } else if (!NO_STATE_EFFECT.has(event.type)) this.unknown.add(event.type);
      }
    }
  }

  /** After the batch: the actor's own permissions, derived again where something they depend on changed. */
  finish(): void {
    if (this.permissionsStale) this.derivePermissions();
    // The time register read the presences at: a later register reads them later.
    if ('server_timestamp' in this.s) this.s['server_timestamp'] = unknownValue('the time of the fetch');
    finishMessages(this.s);
  }

  // ------------------------------------------------------------------ users

  private get myId(): unknown {
    return this.s['user_id'];
  }

  private userLists(): Record<string, any>[][] {
    const lists: Record<string, any>[][] = [];
    for (const key of ['realm_users', 'realm_non_active_users']) if (Array.isArray(this.s[key])) lists.push(this.s[key]);
    return lists;
  }

  private findUser(userId: unknown): { list: Record<string, any>[]; index: number; active: boolean } | undefined {
    for (const key of ['realm_users', 'realm_non_active_users'] as const) {
      const list = this.s[key];
      if (!Array.isArray(list)) continue;
      const index = list.findIndex((user: Record<string, any>) => user['user_id'] === userId);
      if (index !== -1) return { list, index, active: key === 'realm_users' };
    }
    return undefined;
  }

  /** Puts a user dict into realm_users or realm_non_active_users, both kept in user id order (as register sorts them). */
  private placeUser(user: Record<string, any>, active: boolean): void {
    const list = this.s[active ? 'realm_users' : 'realm_non_active_users'];
    if (!Array.isArray(list)) return;
    const at = list.findIndex((other: Record<string, any>) => Number(other['user_id']) > Number(user['user_id']));
    if (at === -1) list.push(user);
    else list.splice(at, 0, user);
  }

  private removeUser(userId: unknown): Record<string, any> | undefined {
    const found = this.findUser(userId);
    if (found === undefined) return undefined;
    return found.list.splice(found.index, 1)[0];
  }

  /**
   * A client that computes Gravatar URLs itself gets null for them where it
   * can see the real address the hash is of (the spec's User.avatar_url; the
   * real server's applier asks instead whether everyone may see it).
   */
  private withClientGravatar(person: Record<string, any>, deliveryEmail: unknown): void {
    if (!this.options.clientGravatar) return;
    if (typeof deliveryEmail !== 'string' || deliveryEmail === '') return;
    if (typeof person['avatar_url'] === 'string' && person['avatar_url'].startsWith('https://secure.gravatar.com/')) {
      person['avatar_url'] = null;
      if ('avatar_url_medium' in person) person['avatar_url_medium'] = null;
    }
  }

  private realmUser(event: StateEvent): void {
    const person = event['person'];
    if (!isObject(person)) return;
    const userId = person['user_id'];
    switch (event['op']) {
      case 'add': {
        if (!('realm_users' in this.s)) return;
        const added = structuredClone(person);
        this.withClientGravatar(added, added['delivery_email']);
        // The real applier always starts a new user's profile_data empty; a person that carries profile_data (a guest newly seeing an existing user) keeps it here.
        if (added['is_bot'] !== true && !isObject(added['profile_data'])) added['profile_data'] = {};
        delete added['is_active'];
        this.removeUser(userId);
        this.placeUser(added, true);
        return;
      }
      case 'update':
        return this.updateUser(userId, person);
      case 'remove': {
        const found = this.findUser(userId);
        if (found !== undefined) {
          found.list.splice(found.index, 1);
          if (!this.options.userListIncomplete) this.placeUser(this.inaccessibleUser(userId), true);
        }
        this.dropSubscriber(userId);
        // Register lists the statuses of users one may access only; the real applier keeps this one.
        if (isObject(this.s['user_status'])) delete this.s['user_status'][String(userId)];
        return;
      }
    }
  }

  /** The placeholder the real server lists for a user one may not access (get_data_for_inaccessible_user). */
  private inaccessibleUser(userId: unknown): Record<string, any> {
    const existing = this.userLists()
      .flat()
      .find((user) => user['full_name'] === INACCESSIBLE_USER_NAME && user['delivery_email'] === null);
    const domain =
      typeof this.s['realm_bot_domain'] === 'string'
        ? this.s['realm_bot_domain']
        : typeof existing?.['email'] === 'string'
          ? existing['email'].slice(existing['email'].indexOf('@') + 1)
          : String(this.s['email'] ?? '').slice(String(this.s['email'] ?? '').indexOf('@') + 1);
    return {
      email: `user${String(userId)}@${domain}`,
      user_id: userId,
      avatar_version: 1,
      is_admin: false,
      is_owner: false,
      is_guest: false,
      role: ROLE.member,
      is_bot: false,
      full_name: INACCESSIBLE_USER_NAME,
      timezone: '',
      date_joined: '1970-01-01T00:00:00+00:00',
      delivery_email: null,
      avatar_url: existing?.['avatar_url'] ?? INACCESSIBLE_USER_AVATAR_URL,
      profile_data: {},
      // User objects carried is_billing_admin below feature level 363.
      ...(Number(this.s['zulip_feature_level']) < 363 ? { is_billing_admin: false } : {}),
    };
  }

  private updateUser(userId: unknown, person: Record<string, any>): void {
    const incoming = structuredClone(person);
    if (userId === this.myId) this.updateMe(incoming);

    const found = this.findUser(userId);
    if (found === undefined) return;
    const user = found.list[found.index]!;
    if ('avatar_url' in incoming) this.withClientGravatar(incoming, 'delivery_email' in incoming ? incoming['delivery_email'] : user['delivery_email']);
    for (const field of Object.keys(user)) if (field in incoming) user[field] = incoming[field];
    if ('role' in incoming) {
      user['is_admin'] = isAdministratorRole(incoming['role']);
      user['is_owner'] = incoming['role'] === ROLE.owner;
      user['is_guest'] = incoming['role'] === ROLE.guest;
    }
    const custom = incoming['custom_profile_field'];
    if (isObject(custom)) {
      const profile: Record<string, any> = isObject(user['profile_data']) ? user['profile_data'] : (user['profile_data'] = {});
      const id = String(custom['id']);
      if (custom['value'] === null) delete profile[id];
      else profile[id] = 'rendered_value' in custom ? { value: custom['value'], rendered_value: custom['rendered_value'] } : { value: custom['value'] };
    }
    if ('new_email' in incoming) user['email'] = incoming['new_email'];
    if ('is_active' in incoming && incoming['is_active'] !== found.active) {
      found.list.splice(found.index, 1);
      this.placeUser(user, incoming['is_active'] === true);
      if (incoming['is_active'] === false) this.forgetDeactivatedUser(userId);
    }
  }

  /** The actor's own top-level fields. */
  private updateMe(person: Record<string, any>): void {
    const s = this.s;
    if ('avatar_url' in person && 'avatar_url' in s) {
      s['avatar_source'] = person['avatar_source'];
      s['avatar_url'] = person['avatar_url'];
      s['avatar_url_medium'] = person['avatar_url_medium'];
    }
    if ('role' in person) {
      const role = person['role'];
      const wasGuest = s['is_guest'] === true;
      if ('is_admin' in s) {
        s['is_admin'] = isAdministratorRole(role);
        s['is_owner'] = role === ROLE.owner;
        // From feature level 380 administrators and owners are flagged as moderators too.
        s['is_moderator'] = role === ROLE.moderator || (isAdministratorRole(role) && !(Number(s['zulip_feature_level']) < 380));
        s['is_guest'] = role === ROLE.guest;
      }
      if ('realm_default_streams' in s) {
        // Guests are told there are no default channels. The real applier reads them from its database when a guest stops being one; a client cannot know them.
        if (role === ROLE.guest) s['realm_default_streams'] = [];
        else if (wasGuest) s['realm_default_streams'] = unknownValue('the default channels of a user who just stopped being a guest (no event carries them)');
      }
      this.permissionsStale = true;
    }
    for (const field of ['delivery_email', 'email', 'full_name']) if (field in person && field in s) s[field] = person[field];
    if ('new_email' in person && 'email' in s) s['email'] = person['new_email'];
  }

  /**
   * A deactivated user leaves subscriber lists, group memberships and
   * anonymous group settings (realm and groups), as the real applier has it,
   * and their status, which register lists for active users only (the real
   * applier keeps it).
   */
  private forgetDeactivatedUser(userId: unknown): void {
    this.dropSubscriber(userId);
    if (isObject(this.s['user_status'])) delete this.s['user_status'][String(userId)];
    const without = (ids: unknown): unknown => (Array.isArray(ids) ? ids.filter((id) => id !== userId) : ids);
    const groups = this.s['realm_user_groups'];
    if (Array.isArray(groups)) {
      for (const group of groups as Record<string, any>[]) {
        group['members'] = without(group['members']);
        for (const [key, value] of Object.entries(group))
          if (key.startsWith('can_') && isAnonymousGroup(value)) value.direct_members = without(value.direct_members) as number[];
      }
    }
    for (const [key, value] of Object.entries(this.s)) {
      if (key.startsWith('realm_') && isAnonymousGroup(value)) value.direct_members = without(value.direct_members) as number[];
    }
    this.permissionsStale = true;
  }

  private dropSubscriber(userId: unknown): void {
    if (!this.options.includeSubscribers) return;
    for (const key of CHANNEL_LISTS) {
      const list = this.s[key];
      if (!Array.isArray(list)) continue;
      for (const channel of list as Record<string, any>[]) {
        for (const listKey of ['subscribers', 'partial_subscribers']) {
          if (Array.isArray(channel[listKey])) channel[listKey] = channel[listKey].filter((id: unknown) => id !== userId);
        }
      }
    }
  }

  // ---------------------------------------------------------------- channels

  private stream(event: StateEvent): void {
    const s = this.s;
    switch (event['op']) {
      case 'create': {
        const streams = Array.isArray(event['streams']) ? (event['streams'] as Record<string, any>[]) : [];
        for (const stream of streams) {
          const former = this.formerlySubscribed.get(stream['stream_id']);
          if (former !== undefined && Array.isArray(s['unsubscribed'])) {
            // A channel this client saw as unsubscribed before it lost access: back there, with its personal settings.
            const entry = { ...former, ...structuredClone(stream) };
            if (this.options.includeSubscribers) entry['subscribers'] = [];
            s['unsubscribed'].push(entry);
          } else if (Array.isArray(s['never_subscribed'])) {
            const entry = structuredClone(stream);
            if (this.options.includeSubscribers) entry['subscribers'] = [];
            // The real applier files it under unsubscribed when its database holds a past subscription; a client cannot tell.
            entry[PLACEMENT_UNKNOWN] = true;
            s['never_subscribed'].push(entry);
          }
          // Below feature level 378 register's streams leaves archived channels out, and so does the client.
          const listed = stream['is_archived'] !== true || !(Number(s['zulip_feature_level']) < 378);
          if (Array.isArray(s['streams']) && listed) s['streams'].push(structuredClone(stream));
        }
        for (const key of ['unsubscribed', 'never_subscribed', 'streams']) if (Array.isArray(s[key])) s[key].sort(byName);
        return;
      }
      case 'delete': {
        const ids = new Set<unknown>([
          ...(Array.isArray(event['stream_ids']) ? event['stream_ids'] : []),
          ...(Array.isArray(event['streams']) ? event['streams'].map((stream: Record<string, any>) => stream['stream_id']) : []),
        ]);
        if (Array.isArray(s['unsubscribed'])) {
          for (const channel of s['unsubscribed'] as Record<string, any>[])
            if (ids.has(channel['stream_id'])) this.formerlySubscribed.set(channel['stream_id'], channel);
        }
        for (const key of [...CHANNEL_LISTS, 'streams']) {
          if (Array.isArray(s[key])) s[key] = s[key].filter((channel: Record<string, any>) => !ids.has(channel['stream_id']));
        }
        return;
      }
      case 'update': {
        // The real applier finds the channel by its (old) name; the id names it unambiguously.
        const property = String(event['property']);
        const touch = (channel: Record<string, any>, onlyKnownKeys: boolean): void => {
          if (channel['stream_id'] !== event['stream_id']) return;
          if (onlyKnownKeys && !(property in channel)) return;
          channel[property] = structuredClone(event['value']);
          if (property === 'description') channel['rendered_description'] = event['rendered_description'];
          if (event['history_public_to_subscribers'] !== undefined && event['history_public_to_subscribers'] !== null) {
            channel['history_public_to_subscribers'] = event['history_public_to_subscribers'];
          }
          if (event['is_web_public'] !== undefined && event['is_web_public'] !== null) channel['is_web_public'] = event['is_web_public'];
        };
        for (const key of CHANNEL_LISTS) if (Array.isArray(s[key])) for (const channel of s[key]) touch(channel, false);
        if (Array.isArray(s['streams'])) for (const channel of s['streams']) touch(channel, true);
        return;
      }
    }
  }

  private subscription(event: StateEvent): void {
    const s = this.s;
    if (!Array.isArray(s['subscriptions'])) return;
    switch (event['op']) {
      case 'add': {
        const added = (Array.isArray(event['subscriptions']) ? event['subscriptions'] : []) as Record<string, any>[];
        const ids = new Set(added.map((sub) => sub['stream_id']));
        const existing = new Set((s['subscriptions'] as Record<string, any>[]).map((sub) => sub['stream_id']));
        for (const sub of added) {
          if (existing.has(sub['stream_id'])) continue;
          const entry = structuredClone(sub);
          if (!this.options.includeSubscribers) {
            delete entry['subscribers'];
            delete entry['partial_subscribers'];
          }
          s['subscriptions'].push(entry);
        }
        for (const key of ['unsubscribed', 'never_subscribed']) {
          if (Array.isArray(s[key])) s[key] = s[key].filter((channel: Record<string, any>) => !ids.has(channel['stream_id']));
        }
        return;
      }
      case 'remove': {
        const ids = new Set(((Array.isArray(event['subscriptions']) ? event['subscriptions'] : []) as Record<string, any>[]).map((sub) => sub['stream_id']));
        const removed = (s['subscriptions'] as Record<string, any>[]).filter((sub) => ids.has(sub['stream_id']));
        if (this.options.includeSubscribers) {
          for (const sub of removed) {
            for (const listKey of ['subscribers', 'partial_subscribers']) {
              if (Array.isArray(sub[listKey])) sub[listKey] = sub[listKey].filter((id: unknown) => id !== this.myId);
            }
          }
        }
        if (Array.isArray(s['unsubscribed'])) s['unsubscribed'].push(...removed);
        s['subscriptions'] = (s['subscriptions'] as Record<string, any>[]).filter((sub) => !ids.has(sub['stream_id']));
        return;
      }
      case 'update':
        for (const sub of s['subscriptions'] as Record<string, any>[])
          if (sub['stream_id'] === event['stream_id']) sub[String(event['property'])] = structuredClone(event['value']);
        return;
      case 'peer_add':
      case 'peer_remove': {
        // subscriber_count is left as it was, as the real applier does (it cannot tell whether a peer was counted already).
        if (!this.options.includeSubscribers) return;
        const channels = new Set<unknown>(Array.isArray(event['stream_ids']) ? event['stream_ids'] : []);
        const users = (Array.isArray(event['user_ids']) ? event['user_ids'] : []) as number[];
        for (const key of CHANNEL_LISTS) {
          if (!Array.isArray(s[key])) continue;
          for (const channel of s[key] as Record<string, any>[]) {
            if (!channels.has(channel['stream_id'])) continue;
            const listKey = 'subscribers' in channel ? 'subscribers' : 'partial_subscribers';
            const current = new Set<number>(Array.isArray(channel[listKey]) ? channel[listKey] : []);
            for (const user of users) {
              if (event['op'] === 'peer_add') current.add(user);
              else current.delete(user);
            }
            channel[listKey] = ascending(current);
          }
        }
        return;
      }
    }
  }

  // ------------------------------------------------------------------ realm

  private realm(event: StateEvent): void {
    const s = this.s;
    if (event['op'] === 'update') {
      const property = String(event['property']);
      this.setRealmKey(property, event['value']);
      if (property === 'message_edit_history_visibility_policy' && 'realm_allow_edit_history' in s) s['realm_allow_edit_history'] = event['value'] !== 'none';
      return;
    }
    if (event['op'] === 'update_dict' && isObject(event['data'])) {
      for (const [key, value] of Object.entries(event['data'])) {
        if (key === 'max_file_upload_size_mib') {
          if (key in s) s[key] = value;
          continue;
        }
        this.setRealmKey(key, value);
        if (key === 'authentication_methods' && isObject(value)) {
          const enabled = (name: string) => isObject(value[name]) && value[name]['enabled'] === true;
          if ('realm_password_auth_enabled' in s) s['realm_password_auth_enabled'] = enabled('Email') || enabled('LDAP');
          if ('realm_email_auth_enabled' in s) s['realm_email_auth_enabled'] = enabled('Email');
        }
      }
    }
  }

  private setRealmKey(key: string, value: unknown): void {
    const s = this.s;
    // A client that did not fetch the realm part has nothing to update.
    if (!('realm_name' in s) && !(`realm_${key}` in s)) return;
    s[`realm_${key}`] = structuredClone(value);
    if (key === 'jitsi_server_url' && 'jitsi_server_url' in s) s['jitsi_server_url'] = value ?? s['server_jitsi_server_url'];
    if (key === 'plan_type' && 'zulip_plan_is_not_limited' in s) s['zulip_plan_is_not_limited'] = value !== 2;
    if (PERMISSION_SETTINGS.has(key)) this.permissionsStale = true;
  }

  // ----------------------------------------------------------------- groups

  private userGroup(event: StateEvent): void {
    const groups = this.s['realm_user_groups'];
    if (!Array.isArray(groups)) return;
    const find = (): Record<string, any> | undefined => (groups as Record<string, any>[]).find((group) => group['id'] === event['group_id']);
    this.permissionsStale = true;
    switch (event['op']) {
      case 'add':
        groups.push(structuredClone(event['group']));
        groups.sort((a: Record<string, any>, b: Record<string, any>) => Number(a['id']) - Number(b['id']));
        return;
      case 'update': {
        const group = find();
        if (group !== undefined && isObject(event['data'])) Object.assign(group, structuredClone(event['data']));
        return;
      }
      case 'add_members':
      case 'add_subgroups': {
        const group = find();
        const key = event['op'] === 'add_members' ? 'members' : 'direct_subgroup_ids';
        const ids = event[event['op'] === 'add_members' ? 'user_ids' : 'direct_subgroup_ids'];
        // Appended, not merged, as the real applier does: an id sent twice shows up twice.
        if (group !== undefined && Array.isArray(ids)) group[key] = [...(Array.isArray(group[key]) ? group[key] : []), ...ids].sort((a, b) => a - b);
        return;
      }
      case 'remove_members':
      case 'remove_subgroups': {
        const group = find();
        const key = event['op'] === 'remove_members' ? 'members' : 'direct_subgroup_ids';
        const ids = new Set(event[event['op'] === 'remove_members' ? 'user_ids' : 'direct_subgroup_ids'] ?? []);
        if (group !== undefined && Array.isArray(group[key])) group[key] = ascending(new Set((group[key] as number[]).filter((id) => !ids.has(id))));
        return;
      }
      case 'remove':
        this.s['realm_user_groups'] = (groups as Record<string, any>[]).filter((group) => group['id'] !== event['group_id']);
        return;
    }
  }

  // ------------------------------------------------------ profile and status

  private customProfileFields(event: StateEvent): void {
    if (!('custom_profile_fields' in this.s)) return;
    const fields = Array.isArray(event['fields']) ? (event['fields'] as Record<string, any>[]) : [];
    this.s['custom_profile_fields'] = structuredClone(fields);
    const ids = new Set(fields.map((field) => String(field['id'])));
    // The server also drops values of a choice it no longer offers, without an event: a client finds them by the new choices.
    const choices = new Map(fields.filter((field) => field['type'] === 3).map((field) => [String(field['id']), choiceKeys(field['field_data'])]));
    for (const user of this.userLists().flat()) {
      const profile = user['profile_data'];
      if (!isObject(profile)) continue;
      for (const id of Object.keys(profile)) {
        const offered = choices.get(id);
        if (!ids.has(id) || (offered !== undefined && !offered.has(String(profile[id]?.['value'])))) delete profile[id];
      }
    }
  }

  /** The caller's own saved snippets, kept in id order as register lists them. */
  /**
   * realm_bots, as the real applier keeps it: add appends the bot dict,
   * update merges the fields it carries, delete drops the bot (the real
   * server sends delete when a bot leaves a non-administrator owner).
   */
  private realmBot(event: StateEvent): void {
    const bots = this.s['realm_bots'];
    if (!Array.isArray(bots)) return;
    const bot = event['bot'] as Record<string, any>;
    const index = bots.findIndex((entry: Record<string, any>) => entry['user_id'] === bot['user_id']);
    switch (event['op']) {
      case 'add':
        if (index === -1) {
          bots.push(structuredClone(bot));
          bots.sort((a: Record<string, any>, b: Record<string, any>) => a['user_id'] - b['user_id']);
        }
        return;
      case 'update':
        // Only the fields register's dict has: the rest describe the bot's user, kept in realm_users.
        if (index !== -1) for (const [key, value] of Object.entries(bot)) if (key in bots[index]) bots[index][key] = structuredClone(value);
        return;
      case 'delete':
      case 'remove':
        if (index !== -1) bots.splice(index, 1);
        return;
    }
  }

  private savedSnippets(event: StateEvent): void {
    const snippets = this.s['saved_snippets'];
    if (!Array.isArray(snippets)) return;
    const list = snippets as Record<string, any>[];
    switch (event['op']) {
      case 'add':
      case 'update': {
        const snippet = event['saved_snippet'];
        if (!isObject(snippet)) return;
        const at = list.findIndex((other) => other['id'] === snippet['id']);
        if (at !== -1) list[at] = structuredClone(snippet);
        else list.push(structuredClone(snippet));
        list.sort((a, b) => Number(a['id']) - Number(b['id']));
        return;
      }
      case 'remove':
        this.s['saved_snippets'] = list.filter((snippet) => snippet['id'] !== event['saved_snippet_id']);
        return;
    }
  }

  /**
   * A user's presence as the event states it. Presence is mostly polled (a
   * user who stays online gets no event), so events keep `presences` right
   * only for the changes the server announces. The modern event sets the
   * entries of the user ids it names; a legacy event rebuilds the legacy
   * entry (keyed by email) but cannot give the modern one, which needs two
   * timestamps.
   */
  private presence(event: StateEvent): void {
    const all = this.s['presences'];
    if (!isObject(all)) return;
    // As the real applier says: no event carries the last_update_id of the presence it reports.
    if ('presence_last_update_id' in this.s) this.s['presence_last_update_id'] = unknownValue('the newest presence update id (no presence event carries it)');
    if (isObject(event['presences'])) {
      for (const [key, value] of Object.entries(event['presences'])) all[key] = structuredClone(value);
      return;
    }
    const website = isObject(event['presence']) ? event['presence']['website'] : undefined;
    if (!isObject(website)) return;
    if (this.options.slimPresence === true) {
      all[String(event['user_id'])] = unknownValue('modern presence from a legacy presence event');
    } else if (typeof event['email'] === 'string') {
      all[event['email']] = {
        aggregated: { client: website['client'], status: website['status'], timestamp: website['timestamp'] },
        website: structuredClone(website),
      };
    }
  }

  /**
   * One topic's visibility policy: 0 drops the entry, else it is set (a
   * topic is one whatever its case, and keeps the spelling it was first set
   * with, as the server's row does). Kept by channel id, then lower-cased name.
   */
  private userTopic(event: StateEvent): void {
    const list = this.s['user_topics'];
    if (!Array.isArray(list)) return;
    const key = String(event['topic_name']).toLowerCase();
    const at = (list as Record<string, any>[]).findIndex(
      (entry) => entry['stream_id'] === event['stream_id'] && String(entry['topic_name']).toLowerCase() === key,
    );
    const existing = at === -1 ? undefined : (list[at] as Record<string, any>);
    if (at !== -1) list.splice(at, 1);
    if (event['visibility_policy'] === 0) return;
    list.push({
      stream_id: event['stream_id'],
      topic_name: existing?.['topic_name'] ?? event['topic_name'],
      last_updated: event['last_updated'],
      visibility_policy: event['visibility_policy'],
    });
    const sortKey = (entry: Record<string, any>) => String(entry['topic_name']).toLowerCase();
    (list as Record<string, any>[]).sort((a, b) =>
      a['stream_id'] !== b['stream_id'] ? Number(a['stream_id']) - Number(b['stream_id']) : sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0,
    );
  }

  private userStatus(event: StateEvent): void {
    const all = this.s['user_status'];
    if (!isObject(all)) return;
    const key = String(event['user_id']);
    const status: Record<string, any> = isObject(all[key]) ? all[key] : {};
    const set = (name: string, value: unknown, cleared: boolean): void => {
      if (cleared) delete status[name];
      else status[name] = value;
    };
    if (typeof event['away'] === 'boolean') set('away', true, !event['away']);
    if (typeof event['status_text'] === 'string') set('status_text', event['status_text'], event['status_text'] === '');
    // The real applier only reads the emoji fields of an event that also carries status_text; a client takes them on their own.
    const emojiName = event['emoji_name'];
    if (typeof emojiName === 'string') {
      set('emoji_name', emojiName, emojiName === '');
      if (typeof event['emoji_code'] === 'string') set('emoji_code', event['emoji_code'], event['emoji_code'] === '');
      if (typeof event['reaction_type'] === 'string')
        set('reaction_type', event['reaction_type'], event['reaction_type'] === 'unicode_emoji' && emojiName === '');
    }
    if (Object.keys(status).length === 0) delete all[key];
    else all[key] = status;
  }

  // ------------------------------------------------------------ permissions

  /** The actor's own can_* keys, from their role, the realm's settings and the groups, where the state holds them all. */
  private derivePermissions(): void {
    const s = this.s;
    const groups = s['realm_user_groups'];
    const me = this.findUser(this.myId);
    const role = me?.list[me.index]?.['role'];
    if (!Array.isArray(groups) || typeof role !== 'number') return;
    const byId = new Map<unknown, Record<string, any>>((groups as Record<string, any>[]).map((group) => [group['id'], group]));
    const inGroup = (groupId: unknown, seen: Set<unknown>): boolean => {
      if (seen.has(groupId)) return false;
      seen.add(groupId);
      const group = byId.get(groupId);
      if (group === undefined) return false;
      if (Array.isArray(group['members']) && group['members'].includes(this.myId)) return true;
      return Array.isArray(group['direct_subgroup_ids']) && group['direct_subgroup_ids'].some((id: unknown) => inGroup(id, seen));
    };
    const has = (setting: string): boolean | undefined => {
      if (role === ROLE.guest) return false;
      if (!(`realm_${setting}` in s)) return undefined;
      const value = s[`realm_${setting}`];
      if (isAnonymousGroup(value)) return value.direct_members.includes(this.myId as number) || value.direct_subgroups.some((id) => inGroup(id, new Set()));
      return inGroup(value, new Set());
    };
    for (const [key, setting] of Object.entries(OWN_PERMISSIONS)) {
      if (!(key in s)) continue;
      let allowed: unknown = has(setting);
      // Older levels show a role policy in place of the group setting; the client has no group to evaluate.
      if (allowed === undefined) allowed = unknownValue(`${key} from a realm policy (the level predates realm_${setting})`);
      // Web-public channels exist only where the server allows them and the realm lets spectators in.
      // (Realm.web_public_streams_enabled: the server setting, a plan other than "limited" (2), spectator access.)
      if (
        key === 'can_create_web_public_streams' &&
        (s['server_web_public_streams_enabled'] === false || s['realm_plan_type'] === 2 || s['realm_enable_spectator_access'] === false)
      ) {
        allowed = false;
      }
      s[key] = allowed;
    }
    if ('can_create_streams' in s) {
      const parts = ['can_create_private_streams', 'can_create_public_streams', 'can_create_web_public_streams'].map((key) => s[key]);
      const unknown = parts.find(isUnknownValue);
      s['can_create_streams'] = parts.includes(true) ? true : (unknown ?? false);
    }
  }
}

/** The state after applying `events` in order to `state` (which is not changed). */
export function applyEvents(state: Readonly<RegisterState>, events: readonly StateEvent[], options: ApplyOptions = DEFAULT_APPLY_OPTIONS): Applied {
  const copy = structuredClone(state) as RegisterState;
  const applier = new Applier(copy, options);
  for (const event of events) applier.apply(event);
  applier.finish();
  return { state: copy, unknownTypes: applier.unknownTypes };
}

/** The state after applying one event. */
export function applyEvent(state: Readonly<RegisterState>, event: StateEvent, options: ApplyOptions = DEFAULT_APPLY_OPTIONS): RegisterState {
  return applyEvents(state, [event], options).state;
}
