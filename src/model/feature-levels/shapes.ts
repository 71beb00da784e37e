/**
 * Where each kind of object appears in answers and events: the walk builders
 * the range files (levels-*.ts) share. Each builder takes an edit of one
 * object (a channel, a group, a user, a settings object) and returns the
 * Downgrade parts that apply it everywhere that object is sent. They edit
 * with walk.ts's helpers, which change an answer's own copies in place.
 */
import type { State } from '../state.js';
import type { Body, Downgrade, DowngradeContext, EventWalk, RawParams } from './change.js';
import { composeWalks, type ItemEdit, located, omitting } from './fuse.js';
import { editKey } from './walk.js';

export type Json = Readonly<Record<string, unknown>>;
export type Edit = (item: Json) => Json;
export type BodyWalk = (body: Body, context: DowngradeContext) => Body;
type RequestWalk = (params: RawParams, state: State) => RawParams;

export const REGISTER = 'register-queue';

// ── Small helpers ────────────────────────────────────────────────────────

export function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A value that is an object, edited (other values pass). */
export const ifObject =
  (edit: Edit) =>
  (value: unknown): unknown =>
    isObject(value) ? edit(value) : value;

/** An edit that takes `keys` out of an object. */
export const without = (keys: readonly string[]): Edit => omitting(keys);

/** The objects of the array under `key`, edited. */
export const eachOf = (key: string, edit: Edit) => located([{ kind: 'each', key, edit }]) as unknown as <T extends Json>(body: T) => T;

/** The objects of the arrays under each of `keys`, edited. */
export const eachOfKeys = (keys: readonly string[], edit: Edit) =>
  located(keys.map((key) => ({ kind: 'each', key, edit }))) as unknown as <T extends Json>(body: T) => T;

/** A body walk that removes keys from the objects of one array-valued key (e.g. `members` of GET /users). */
export function omitFromEach(listKey: string, keys: readonly string[]): BodyWalk {
  return located([{ kind: 'each', key: listKey, edit: omitting(keys) }]);
}

/** The object under `key`, edited. */
export const objectAt = (key: string, edit: Edit) => located([{ kind: 'at', key, edit }]) as unknown as <T extends Json>(body: T) => T;

// ── Composing parts ──────────────────────────────────────────────────────

function composeInto<W>(into: Record<string, W>, walks: Readonly<Record<string, W>> | undefined, compose: (first: W, second: W) => W): void {
  for (const [key, walk] of Object.entries(walks ?? {})) {
    const before = into[key];
    into[key] = before === undefined ? walk : compose(before, walk);
  }
}

const composeBodies = composeWalks;
const composeRequests =
  (first: RequestWalk, second: RequestWalk): RequestWalk =>
  (params, state) =>
    second(first(params, state), state);
const composeEvents =
  (first: EventWalk, second: EventWalk): EventWalk =>
  (event, state) => {
    const walked = first(event, state);
    return walked === null ? null : second(walked, state);
  };

/** Several Downgrade parts as one: lists joined, walks of one key run in order (first part first), empty parts left out. */
export function merged(...parts: readonly Downgrade[]): Downgrade {
  const response: Record<string, BodyWalk> = {};
  const event: Record<string, EventWalk> = {};
  const request: Record<string, RequestWalk> = {};
  const error: Record<string, BodyWalk> = {};
  const addsParams: Record<string, string[]> = {};
  const addsResponseKeys: Record<string, string[]> = {};
  for (const part of parts) {
    composeInto(response, part.response, composeBodies);
    composeInto(error, part.error, composeBodies);
    composeInto(event, part.event, composeEvents);
    composeInto(request, part.request, composeRequests);
    for (const [key, names] of Object.entries(part.addsParams ?? {})) addsParams[key] = [...(addsParams[key] ?? []), ...names];
    for (const [key, names] of Object.entries(part.addsResponseKeys ?? {})) addsResponseKeys[key] = [...(addsResponseKeys[key] ?? []), ...names];
  }
  const endpoints = parts.flatMap((part) => [...(part.addsEndpoints ?? [])]);
  const eventTypes = parts.flatMap((part) => [...(part.addsEventTypes ?? [])]);
  const removed = parts.flatMap((part) => [...(part.removesEndpoints ?? [])]);
  return {
    ...(endpoints.length > 0 ? { addsEndpoints: endpoints } : {}),
    ...(removed.length > 0 ? { removesEndpoints: removed } : {}),
    ...(eventTypes.length > 0 ? { addsEventTypes: eventTypes } : {}),
    ...(Object.keys(addsParams).length > 0 ? { addsParams } : {}),
    ...(Object.keys(addsResponseKeys).length > 0 ? { addsResponseKeys } : {}),
    ...(Object.keys(request).length > 0 ? { request } : {}),
    ...(Object.keys(response).length > 0 ? { response } : {}),
    ...(Object.keys(error).length > 0 ? { error } : {}),
    ...(Object.keys(event).length > 0 ? { event } : {}),
  };
}

/** The same parameter names, new at a level, for each of `operations`. */
function paramsOf(operations: readonly string[], names: readonly string[]): Downgrade['addsParams'] {
  return Object.fromEntries(operations.map((operation) => [operation, names]));
}

// ── Channel and subscription objects ─────────────────────────────────────

/** A channel (or subscription) object edited; `state` is the answer's, null in events. */
export type ChannelEdit = (channel: Json, state: State | null) => Json;

/** A channel edit as an answer's item edit: given the answer's state (an edit that reads no state, such as a removal, as it is). */
function channelInAnswer(edit: ChannelEdit): ItemEdit {
  return edit.length < 2 ? (edit as Edit) : (channel, { state }) => edit(channel, state);
}

/**
 * Channel dicts (not subscriptions): GET /streams, GET /streams/{id}, register's
 * streams and realm_default_streams, stream events' `streams` and default_streams
 * events. realm_default_streams and default_streams hold ids in the newest form
 * (nothing to walk); a row of levels-278-334.ts turns register's back into
 * channel dicts, which the rows below it walk too. A stream update of one of
 * `droppedUpdates` is not sent.
 */
export function streamObjects(edit: ChannelEdit, droppedUpdates: readonly string[] = []): Downgrade {
  const each: Edit = (channel) => edit(channel, null);
  const inAnswer = channelInAnswer(edit);
  return {
    response: {
      'get-streams': located([{ kind: 'each', key: 'streams', edit: inAnswer }]),
      'get-stream-by-id': located([{ kind: 'at', key: 'stream', edit: inAnswer }]),
      [REGISTER]: located(['streams', 'realm_default_streams'].map((key) => ({ kind: 'each', key, edit: inAnswer }))),
    },
    event: {
      stream: (event) => {
        if (event['op'] === 'update') return droppedUpdates.includes(String(event['property'])) ? null : event;
        return eachOf('streams', each)(event);
      },
      default_streams: eachOf('default_streams', each),
    },
  };
}

/** Subscription dicts: register's subscriptions, unsubscribed and never_subscribed, GET /users/me/subscriptions, subscription events. */
function subscriptionObjects(edit: ChannelEdit): Downgrade {
  const inAnswer = channelInAnswer(edit);
  return {
    response: {
      'get-subscriptions': located([{ kind: 'each', key: 'subscriptions', edit: inAnswer }]),
      [REGISTER]: located(['subscriptions', 'unsubscribed', 'never_subscribed'].map((key) => ({ kind: 'each', key, edit: inAnswer }))),
    },
    event: { subscription: eachOf('subscriptions', (channel) => edit(channel, null)) },
  };
}

/** Every answer and event carrying channel or subscription objects, each object walked by `edit`. */
export function channelObjects(edit: ChannelEdit, droppedUpdates: readonly string[] = []): Downgrade {
  return merged(streamObjects(edit, droppedUpdates), subscriptionObjects(edit));
}

/**
 * Channel keys new at a level: absent from every channel and subscription
 * object, their stream update events not sent, and (`operations`, e.g.
 * subscribe and update-stream) unknown parameters of the endpoints that set them.
 */
export function channelKeysAdded(keys: readonly string[], operations: readonly string[] = []): Downgrade {
  const omit = without(keys);
  return {
    ...(operations.length === 0 ? {} : { addsParams: paramsOf(operations, keys) }),
    ...channelObjects(omit, keys),
  };
}

// ── User group objects ───────────────────────────────────────────────────

/**
 * Walks of every user group object (register's realm_user_groups, GET /user_groups,
 * user_group add events) and of user_group update data (`updateData`, the same
 * edit unless given); an update with no data left is not sent.
 */
export function groupObjects(edit: Edit, updateData: Edit = edit): Downgrade {
  return {
    response: { [REGISTER]: eachOf('realm_user_groups', edit), 'get-user-groups': eachOf('user_groups', edit) },
    event: {
      user_group: (event) => {
        if (event['op'] === 'add') return objectAt('group', edit)(event);
        const data = event['data'];
        if (event['op'] !== 'update' || !isObject(data)) return event;
        const walked = updateData(data);
        if (walked === data) return event;
        return Object.keys(walked).length === 0 ? null : editKey(event, 'data', () => walked);
      },
    },
  };
}

/** User group keys new at a level: absent from group objects and update events. */
export function groupKeysAdded(keys: readonly string[]): Downgrade {
  return groupObjects(without(keys));
}

// ── User objects ─────────────────────────────────────────────────────────

/**
 * Walks of every user object: GET /users, GET /users/{id}, GET /users/{email},
 * GET /users/me, the JWT API key answer, register's three user lists, and
 * realm_user events' person (add events only, unless `everyEvent`).
 */
export function userObjects(edit: Edit, everyEvent = false): Downgrade {
  return {
    response: {
      'get-users': eachOf('members', edit),
      'get-user': objectAt('user', edit),
      'get-user-by-email': objectAt('user', edit),
      'get-own-user': (body) => edit(body),
      'jwt-fetch-api-key': objectAt('user', edit),
      [REGISTER]: eachOfKeys(['realm_users', 'realm_non_active_users', 'cross_realm_bots'], edit),
    },
    event: { realm_user: (event) => (everyEvent || event['op'] === 'add' ? objectAt('person', edit)(event) : event) },
  };
}

// ── Custom profile fields ────────────────────────────────────────────────

/** Custom profile field objects (register, GET /realm/profile_fields, custom_profile_fields events), each walked by `edit`. */
export function profileFields(edit: Edit): Pick<Downgrade, 'response' | 'event'> {
  return {
    response: { [REGISTER]: eachOf('custom_profile_fields', edit), 'get-custom-profile-fields': eachOf('custom_fields', edit) },
    event: { custom_profile_fields: eachOf('fields', edit) },
  };
}

// ── Personal settings ────────────────────────────────────────────────────

/** The events naming a personal setting, and the key that names it. */
const USER_SETTING_EVENTS: Readonly<Record<string, string>> = {
  user_settings: 'property',
  update_display_settings: 'setting_name',
  update_global_notifications: 'notification_name',
  realm_user_settings_defaults: 'property',
};

/**
 * register's forms of the personal settings (user_settings and
 * realm_user_settings_defaults), each walked by `edit`; with `legacyKeys`,
 * also the top-level copies of the legacy display and notification settings
 * (the register keys `edit` reads or writes there).
 */
export function userSettingForms(edit: ItemEdit, legacyKeys?: readonly string[]): BodyWalk {
  return located([
    { kind: 'at', key: 'user_settings', edit },
    { kind: 'at', key: 'realm_user_settings_defaults', edit },
    ...(legacyKeys === undefined ? [] : [{ kind: 'top' as const, keys: legacyKeys, edit }]),
  ]);
}

/** The events naming personal settings, with each name walked by `rename` (null: the event is not sent). */
export function userSettingEvents(rename: (name: string) => string | null): Record<string, EventWalk> {
  const event: Record<string, EventWalk> = {};
  for (const [type, key] of Object.entries(USER_SETTING_EVENTS)) {
    event[type] = (value) => {
      const name = value[key];
      if (typeof name !== 'string') return value;
      const renamed = rename(name);
      if (renamed === name) return value;
      return renamed === null ? null : editKey(value, key, () => renamed);
    };
  }
  return event;
}

/** The events of a change of one of `names`, not sent. */
export function userSettingEventsWithout(names: readonly string[]): Record<string, EventWalk> {
  return userSettingEvents((name) => (names.includes(name) ? null : name));
}

/**
 * Personal settings new at a level: absent from register's user_settings and
 * realm_user_settings_defaults, their events not sent, and unknown parameters
 * of PATCH /settings and (`defaults`: a setting the realm has a default for)
 * PATCH /realm/user_settings_defaults.
 */
export function userSettingsAdded(names: readonly string[], defaults = true): Downgrade {
  return {
    addsParams: paramsOf(defaults ? ['update-settings', 'update-realm-user-settings-defaults'] : ['update-settings'], names),
    response: { [REGISTER]: userSettingForms(without(names)) },
    event: userSettingEventsWithout(names),
  };
}

// ── Realm settings ───────────────────────────────────────────────────────

/**
 * A realm settings event (update_dict's `data`, or update's `property`) as the
 * level below sends it: `edit` rewrites the data; no data left, no event.
 */
export function realmEventWalk(edit: Edit): EventWalk {
  return (event) => {
    const data = event['data'];
    if (event['op'] === 'update_dict' && isObject(data)) {
      const walked = edit(data);
      if (walked === data) return event;
      return Object.keys(walked).length === 0 ? null : editKey(event, 'data', () => walked);
    }
    if (event['op'] === 'update' && typeof event['property'] === 'string') {
      const single = { [event['property']]: event['value'] };
      const walked = edit(single);
      if (walked === single) return event;
      const [entry] = Object.entries(walked);
      if (entry === undefined) return null;
      return entry[0] === event['property'] && entry[1] === event['value'] ? event : { ...event, property: entry[0], value: entry[1] };
    }
    return event;
  };
}

/** Realm events without `names`: update_dict data without them (not sent when nothing is left), an update of one of them not sent. */
export function realmEventWithout(names: readonly string[]): EventWalk {
  return realmEventWalk(without(names));
}

/**
 * Organization settings new at a level: unknown parameters of PATCH /realm,
 * absent from register (realm_<name>, and `extraRegisterKeys`), and out of
 * realm events.
 */
export function realmSettingsAdded(names: readonly string[], extraRegisterKeys: readonly string[] = []): Downgrade {
  return {
    addsParams: { 'update-realm': names },
    addsResponseKeys: { [REGISTER]: [...names.map((name) => `realm_${name}`), ...extraRegisterKeys] },
    event: { realm: realmEventWithout(names) },
  };
}
