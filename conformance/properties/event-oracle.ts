/**
 * The strong events oracle. Observers (the run's owner, a member and a
 * guest the check creates) each register two queues with the state keys
 * chatref serves, one with the capabilities that change event forms and one
 * without; a random sequence of writes by various users follows; every
 * queue is drained as a client does (dont_block, acknowledging what it got)
 * and its events are applied to its register response
 * (events/apply-event.ts); a fresh register must show the same state
 * (events/apply-event-diff.ts says what is left out of the comparison).
 *
 * A mismatch names the observer, its queue's options, the key path that
 * differs with both values, and the events the queue got; the runner adds
 * the fast-check seed and path, the shrunk command sequence and a curl
 * script. On a live server the check keeps to users, channels and groups it
 * makes (deactivated or archived at the end), fills in the suite's own
 * profile fields, adds at most one field per realm (under a fixed name), and
 * puts back the realm settings and the owner's status it changed.
 */
import fc from 'fast-check';
import { type Actor, type Check, type CheckContext, CheckFailure } from '../check.js';
import { profileFields } from '../checks/profile/fields.js';
import { oracleCommandSequences } from '../commands/oracle-index.js';
import { ORACLE_FIELD_NAME } from '../commands/oracle-profile.js';
import type { GuestAccess, OracleCommand, OracleModel, OracleRegistry, RealmSettingRef } from '../commands/oracle-world.js';
import { type TargetWorld, worldOverTarget } from '../commands/world-over-target.js';
import { type ApplyOptions, applyEvents, INACCESSIBLE_USER_NAME, type RegisterState } from '../events/apply-event.js';
import { comparableState, type Difference, describeDifference, diffOwnedStates, makeComparable } from '../events/apply-event-diff.js';
import { EVENT_WAIT_MS, type EventQueue, openQueue, type QueueEvent } from '../events/queue.js';
import { describeResponse, isSuccess } from './envelope.js';
import { checkProperty, Recorder } from './recorder.js';

const CLAUSE = 'events.oracle.register-agrees';

/** The register keys under test: every section the oracle's writes change (the message ones by their events). */
export const ORACLE_FETCH_TYPES = [
  'realm_user',
  'subscription',
  'stream',
  'realm_user_groups',
  'realm',
  'custom_profile_fields',
  'default_streams',
  'user_status',
  'video_calls',
  'message',
  'update_message_flags',
  'starred_messages',
  'recent_private_conversations',
] as const;

/** How long a queue waits for another observer's sync status when it may see that user (its own is waited for EVENT_WAIT_MS). */
const PEER_SYNC_MS = 2_000;

/** The register options of one queue that change what it is sent. */
export interface QueueVariant {
  readonly archived_channels: boolean;
  readonly include_deactivated_groups: boolean;
  readonly user_list_incomplete: boolean;
  readonly include_subscribers: boolean;
  readonly client_gravatar: boolean;
}

const CAPABILITY_NAMES = ['archived_channels', 'include_deactivated_groups', 'user_list_incomplete'] as const;

const variants: fc.Arbitrary<QueueVariant> = fc.record({
  archived_channels: fc.boolean(),
  include_deactivated_groups: fc.boolean(),
  user_list_incomplete: fc.boolean(),
  include_subscribers: fc.boolean(),
  client_gravatar: fc.boolean(),
});

function complement(variant: QueueVariant): QueueVariant {
  return {
    archived_channels: !variant.archived_channels,
    include_deactivated_groups: !variant.include_deactivated_groups,
    user_list_incomplete: !variant.user_list_incomplete,
    include_subscribers: !variant.include_subscribers,
    client_gravatar: !variant.client_gravatar,
  };
}

/** The POST /register parameters of a variant (event_types absent: the queue takes every event). */
function registerParams(variant: QueueVariant): Record<string, string> {
  const capabilities: Record<string, boolean> = { notification_settings_null: true };
  for (const name of CAPABILITY_NAMES) capabilities[name] = variant[name];
  return {
    fetch_event_types: JSON.stringify(ORACLE_FETCH_TYPES),
    include_subscribers: String(variant.include_subscribers),
    client_gravatar: String(variant.client_gravatar),
    client_capabilities: JSON.stringify(capabilities),
  };
}

function applyOptions(variant: QueueVariant): ApplyOptions {
  return {
    clientGravatar: variant.client_gravatar,
    includeSubscribers: variant.include_subscribers,
    userListIncomplete: variant.user_list_incomplete,
    includeDeactivatedGroups: variant.include_deactivated_groups,
    archivedChannels: variant.archived_channels,
  };
}

function describeVariant(variant: QueueVariant): string {
  const on = CAPABILITY_NAMES.filter((name) => variant[name]);
  return `capabilities {${on.join(', ') || 'none'}}, include_subscribers ${variant.include_subscribers}, client_gravatar ${variant.client_gravatar}`;
}

function bodyOf(response: { readonly body: unknown }): Record<string, any> {
  return response.body !== null && typeof response.body === 'object' ? (response.body as Record<string, any>) : {};
}

function roleIn(state: RegisterState): number {
  return state['is_owner'] === true ? 100 : state['is_admin'] === true ? 200 : state['is_moderator'] === true ? 300 : state['is_guest'] === true ? 600 : 400;
}

interface OracleQueue {
  readonly queue: EventQueue;
  readonly variant: QueueVariant;
}

/** One observer slot: a user the check made to watch with (replaced by a new one when a command deactivated it). */
interface Slot {
  readonly role: number;
  actor: Actor;
}

// ----------------------------------------------------------------- provision

async function registerOnce(ctx: CheckContext, actor: Actor, params: Record<string, string>): Promise<Record<string, any>> {
  const response = await ctx.call(actor, 'POST', '/register', params);
  const body = bodyOf(response);
  if (typeof body['queue_id'] === 'string') await ctx.call(actor, 'DELETE', '/events', { queue_id: body['queue_id'] });
  if (!isSuccess(response))
    throw new CheckFailure(`POST /register as ${actor.email} to succeed; got ${describeResponse(response)}`, undefined, 'events.register.queue');
  return body;
}

/** The settings UpdateRealmCommand may change: values to set (wire form) and the one that puts the setting back. */
function realmSettings(realm: Record<string, any>, groupIds: ReadonlyMap<string, number>): RealmSettingRef[] {
  const settings: RealmSettingRef[] = [];
  const add = (name: string, values: readonly string[], restore: string) => {
    if (`realm_${name}` in realm) settings.push({ name, values, restore });
  };
  add('description', ['Changed by the event oracle.', 'Changed again by the event oracle.'], String(realm['realm_description'] ?? ''));
  add('topics_policy', ['allow_empty_topic', 'disable_empty_topic'], String(realm['realm_topics_policy']));
  add('waiting_period_threshold', ['0', '3'], JSON.stringify(realm['realm_waiting_period_threshold']));
  const administrators = groupIds.get('role:administrators');
  const members = groupIds.get('role:members');
  if (administrators !== undefined && members !== undefined) {
    for (const name of ['can_create_public_channel_group', 'can_invite_users_group']) {
      add(name, [JSON.stringify({ new: administrators }), JSON.stringify({ new: members })], JSON.stringify({ new: realm[`realm_${name}`] }));
    }
  }
  return settings;
}

/** The owner's status as POST /users/me/status parameters (the runs change it; the check puts it back). */
async function ownerStatus(ctx: CheckContext): Promise<Record<string, string>> {
  const owner = ctx.cast.owner;
  const read = await ctx.call(owner, 'GET', `/users/${owner.userId}/status`);
  const status = bodyOf(read)['status'];
  const value = (key: string) => (status !== null && typeof status === 'object' && typeof status[key] === 'string' ? (status[key] as string) : '');
  return {
    status_text: value('status_text'),
    emoji_name: value('emoji_name'),
    emoji_code: value('emoji_code'),
    reaction_type: value('reaction_type') || 'unicode_emoji',
    away: String(status !== null && typeof status === 'object' && status['away'] === true),
  };
}

async function provision(ctx: CheckContext): Promise<OracleRegistry> {
  const owner = ctx.cast.owner;
  const state = await registerOnce(ctx, owner, { fetch_event_types: JSON.stringify(['realm', 'realm_user_groups', 'custom_profile_fields']) });
  const groups = Array.isArray(state['realm_user_groups']) ? (state['realm_user_groups'] as Record<string, any>[]) : [];
  const groupIds = new Map(groups.filter((group) => group['is_system_group'] === true).map((group) => [String(group['name']), Number(group['id'])]));
  const fields = await profileFields(ctx);
  const existing = Array.isArray(state['custom_profile_fields']) ? (state['custom_profile_fields'] as Record<string, any>[]) : [];
  const members = groupIds.get('role:members');
  const access = state['realm_can_access_all_users_group'];
  const registry: OracleRegistry = {
    channels: [],
    groups: [],
    fieldIds: [fields.short, fields.long],
    realmSettings: realmSettings(state, groupIds),
    touchedSettings: new Set(),
    fieldCreated: existing.some((field) => field['name'] === ORACLE_FIELD_NAME),
    messageIds: [],
  };
  if (members !== undefined && access !== undefined) {
    const original: GuestAccess = access === members ? 'restricted' : 'open';
    registry.guestAccess = {
      restricted: JSON.stringify({ new: members }),
      open: JSON.stringify({ new: access === members ? groupIds.get('role:everyone') : access }),
      original,
      current: original,
    };
  }
  return registry;
}

/**
 * Before a run registers: guests see everyone, or only the users they
 * share a channel with (then subscriptions change what guests see, and
 * user_list_incomplete changes the events they get). Changed here, not by
 * a command, because the real server sends no events for this setting.
 */
async function setGuestAccess(ctx: CheckContext, registry: OracleRegistry, wanted: GuestAccess): Promise<void> {
  const access = registry.guestAccess;
  if (access === undefined || access.current === wanted) return;
  const response = await ctx.call(ctx.cast.owner, 'PATCH', '/realm', { can_access_all_users_group: access[wanted] });
  // A server that does not offer the setting (e.g. on a plan without it) keeps its guests as they are.
  if (!isSuccess(response)) return;
  access.current = wanted;
}

/** Puts back everything the check changed (best effort: whatever happened, every step is tried). */
async function cleanUp(ctx: CheckContext, registry: OracleRegistry, world: TargetWorld, status: Record<string, string>): Promise<void> {
  const owner = ctx.cast.owner;
  const attempt = async (method: string, path: string, params: Record<string, string> = {}) => {
    try {
      await ctx.call(owner, method, path, params);
    } catch {
      // A target that went away: nothing more to put back.
    }
  };
  for (const channel of registry.channels) await attempt('DELETE', `/streams/${channel.id}`);
  for (const group of registry.groups) await attempt('POST', `/user_groups/${group.id}/deactivate`);
  for (const setting of registry.realmSettings)
    if (registry.touchedSettings.has(setting.name)) await attempt('PATCH', '/realm', { [setting.name]: setting.restore });
  const access = registry.guestAccess;
  if (access !== undefined && access.current !== access.original) await attempt('PATCH', '/realm', { can_access_all_users_group: access[access.original] });
  for (const id of world.createdIds) await attempt('DELETE', `/users/${id}`);
  await attempt('POST', '/users/me/status', status);
}

// ---------------------------------------------------------------- one run

/** Whether the user can still authenticate (a command may have deactivated them). */
async function canAuthenticate(ctx: CheckContext, actor: Actor): Promise<boolean> {
  return (await ctx.call(actor, 'GET', '/users/me')).status !== 401;
}

/** Every slot's observer, replacing the deactivated ones with new users of the slot's role. */
async function observers(ctx: CheckContext, slots: readonly Slot[], world: TargetWorld): Promise<Actor[]> {
  const actors: Actor[] = [ctx.cast.owner];
  for (const slot of slots) {
    if (!(await canAuthenticate(ctx, slot.actor))) {
      slot.actor = await ctx.newUser(slot.role);
      world.adopt(slot.actor);
    }
    actors.push(slot.actor);
  }
  return actors;
}

function isOwnSync(userId: number, token: string): (event: QueueEvent) => boolean {
  return (event) => event.type === 'user_status' && event['user_id'] === userId && event['status_text'] === token;
}

/**
 * The active users the queue's owner sees (not as a placeholder) once its
 * realm_user events are applied: what applying every event would list in
 * realm_users, without copying the whole state (which carries every user).
 */
function visibleUsers(registered: Readonly<RegisterState>, events: readonly QueueEvent[]): Set<unknown> {
  // Each listed user's name and whether they are active; the applier changes only users it lists.
  const listed = new Map<unknown, { name: unknown; active: boolean }>();
  for (const [key, active] of [
    ['realm_non_active_users', false],
    ['realm_users', true],
  ] as const) {
    const users = Array.isArray(registered[key]) ? (registered[key] as Record<string, any>[]) : [];
    for (const user of users) listed.set(user['user_id'], { name: user['full_name'], active });
  }
  for (const event of events) {
    const person = event.type === 'realm_user' ? event['person'] : undefined;
    if (person === null || typeof person !== 'object') continue;
    const userId = person['user_id'];
    const known = listed.get(userId);
    if (event['op'] === 'add') listed.set(userId, { name: person['full_name'], active: true });
    // A removed user becomes a placeholder, or leaves the list (user_list_incomplete): not visible either way.
    else if (event['op'] === 'remove') listed.delete(userId);
    else if (event['op'] === 'update' && known !== undefined) {
      if ('full_name' in person) known.name = person['full_name'];
      if (typeof person['is_active'] === 'boolean') known.active = person['is_active'];
    }
  }
  return new Set([...listed].filter(([, user]) => user.active && user.name !== INACCESSIBLE_USER_NAME).map(([userId]) => userId));
}

/**
 * Waits until each queue holds everything the writes sent it: each observer
 * sets a fresh status text; a queue delivers in order, so once its own
 * user's arrives nothing sent earlier is still on its way. The other
 * observers' statuses are waited for too where the queue's owner sees them
 * (their events then belong in the state as well).
 */
async function synchronize(ctx: CheckContext, queues: readonly OracleQueue[]): Promise<void> {
  const tokens = new Map<number, string>();
  for (const { queue } of queues) {
    if (tokens.has(queue.actor.userId)) continue;
    const token = ctx.unique('sync').slice(-60);
    const response = await ctx.call(queue.actor, 'POST', '/users/me/status', { status_text: token });
    if (!isSuccess(response))
      throw new CheckFailure(`${queue.label} to set a status (to mark the end of the writes); got ${describeResponse(response)}`, undefined, CLAUSE);
    tokens.set(queue.actor.userId, token);
  }
  for (const { queue } of queues) {
    await queue.drain();
    const own = await queue.waitFor(isOwnSync(queue.actor.userId, tokens.get(queue.actor.userId)!), EVENT_WAIT_MS);
    if (own === undefined) {
      throw new CheckFailure(
        `${queue.label}'s queue to receive the user_status event of their own status change within ${EVENT_WAIT_MS} ms`,
        undefined,
        CLAUSE,
      );
    }
    const visible = visibleUsers(queue.registered, queue.received);
    for (const [userId, token] of tokens) {
      if (userId !== queue.actor.userId && visible.has(userId)) await queue.waitFor(isOwnSync(userId, token), PEER_SYNC_MS);
    }
  }
}

/** `type/op` of each event, in order: which events a queue got, short enough to sit in a one-line failure. */
function eventKinds(events: readonly QueueEvent[], max: number): string {
  const text = events
    .filter((event) => event.type !== 'heartbeat')
    .map((event) => (typeof event['op'] === 'string' ? `${event.type}/${event['op']}` : event.type))
    .join(', ');
  return text.length > max ? `${text.slice(0, max)}…` : text || '(none)';
}

interface Mismatch {
  readonly queue: EventQueue;
  readonly variant: QueueVariant;
  readonly roles: readonly [number, number];
  readonly differences: readonly Difference[];
  readonly unknownTypes: readonly string[];
}

/** A disagreement: the short text consoles show, and every queue's differences with their values and events. */
export class OracleMismatch extends CheckFailure {
  constructor(
    expected: string,
    readonly details: string,
  ) {
    super(expected, undefined, CLAUSE);
  }
}

function describeInFull(mismatches: readonly Mismatch[]): string {
  return mismatches
    .map(({ queue, variant, roles, differences, unknownTypes }) =>
      [
        `observer ${queue.actor.email} (user ${queue.actor.userId}, role ${roles[0]} at register, ${roles[1]} now), queue ${queue.queueId} with ${describeVariant(variant)}:`,
        ...differences.map((difference) => `  - ${describeDifference(difference, 2_000)}`),
        `  events (in order): ${JSON.stringify(queue.received.map(({ id: _id, ...rest }) => rest))}`,
        ...(unknownTypes.length > 0 ? [`  event types without a rule: ${unknownTypes.join(', ')}`] : []),
      ].join('\n'),
    )
    .join('\n');
}

/** Registers each live queue's owner again and compares; returns the queues that disagree. */
async function compare(ctx: CheckContext, queues: readonly OracleQueue[]): Promise<Mismatch[]> {
  const mismatches: Mismatch[] = [];
  for (const { queue, variant } of queues) {
    const applied = applyEvents(queue.registered, queue.received, applyOptions(variant));
    const fresh = await registerOnce(ctx, queue.actor, registerParams(variant));
    // The applied state is this function's own copy: brought to comparable form in place (the fresh one is the recorded response, so copied).
    const differences = diffOwnedStates(makeComparable(applied.state), comparableState(fresh), 6);
    if (differences.length > 0)
      mismatches.push({ queue, variant, roles: [roleIn(queue.registered), roleIn(fresh)], differences, unknownTypes: applied.unknownTypes });
  }
  return mismatches;
}

/**
 * The failure text. Its start is what consoles show (the runner clips
 * long texts, and the property adds the fast-check seed and path after
 * it), so it is short: the first differing path of the first queue that
 * disagrees with both values, the other paths, and that queue's events by
 * type; the requests and full answers are in the reproduction script.
 */
function describeMismatches(mismatches: readonly Mismatch[], live: number): string {
  const [first] = mismatches;
  if (first === undefined) return '';
  const { queue, variant, roles, differences } = first;
  const [head, ...rest] = differences;
  const others = [
    ...rest.map((difference) => difference.path),
    ...mismatches.slice(1).map((mismatch) => `${mismatch.queue.actor.email}: ${mismatch.differences.map((difference) => difference.path).join(', ')}`),
  ];
  const more = others.join('; ');
  return [
    `${mismatches.length} of ${live} queues disagree with a fresh register; observer ${queue.actor.email} (user ${queue.actor.userId}, role ${roles[0]} at register, ${roles[1]} now), queue with ${describeVariant(variant)}:`,
    `  ${describeDifference(head!, 140)}`,
    ...(more === '' ? [] : [`  also: ${more.length > 160 ? `${more.slice(0, 160)}…` : more}`]),
    `  that queue got: ${eventKinds(queue.received, 160)}${first.unknownTypes.length > 0 ? ` (no rule for: ${first.unknownTypes.join(', ')})` : ''}`,
  ].join('\n');
}

async function oneRun(
  ctx: CheckContext,
  world: TargetWorld,
  registry: OracleRegistry,
  slots: readonly Slot[],
  variant: QueueVariant,
  commands: Iterable<OracleCommand>,
  guests: GuestAccess,
): Promise<void> {
  await setGuestAccess(ctx, registry, guests);
  const watchers = await observers(ctx, slots, world);
  const model: OracleModel = { ...(await world.readModel()), registry, channelsMade: 0, groupsMade: 0 };
  const queues: OracleQueue[] = [];
  try {
    for (const actor of watchers) {
      for (const options of [variant, complement(variant)]) {
        const capabilities = ['notification_settings_null', ...CAPABILITY_NAMES.filter((name) => options[name])];
        const queue = await openQueue(ctx, actor, { capabilities, params: registerParams(options) });
        queues.push({ queue, variant: options });
      }
    }
    await fc.asyncModelRun(async () => ({ model, real: world }), commands);
    // Queues of observers a command deactivated are gone with their users' credentials: only the others are compared.
    const active = new Set<Actor>([ctx.cast.owner]);
    for (const actor of watchers) if (!active.has(actor) && (await canAuthenticate(ctx, actor))) active.add(actor);
    const live = queues.filter((entry) => active.has(entry.queue.actor));
    await synchronize(ctx, live);
    const mismatches = await compare(ctx, live);
    if (mismatches.length > 0) throw new OracleMismatch(describeMismatches(mismatches, live.length), describeInFull(mismatches));
  } finally {
    for (const { queue } of queues) await queue.close();
  }
}

/** The oracle's setup for one check: the world, the registry and the observer slots, and one run over them. */
export interface OracleSession {
  /** One run: queues, the writes, the comparison; throws a CheckFailure naming the queues that disagree. */
  run(variant: QueueVariant, commands: Iterable<OracleCommand>, guests?: GuestAccess): Promise<void>;
  /** Archives, deactivates and restores what the runs made or changed. */
  cleanUp(): Promise<void>;
}

/** Provisions what the runs share; `call` is where requests go (the property's recorder). */
export async function oracleSession(ctx: CheckContext): Promise<OracleSession> {
  const world = worldOverTarget(ctx, ctx.call);
  const status = await ownerStatus(ctx);
  const registry = await provision(ctx);
  const slots: Slot[] = [];
  try {
    for (const role of [400, 600]) {
      const actor = await ctx.newUser(role);
      world.adopt(actor);
      slots.push({ role, actor });
    }
  } catch (error) {
    await cleanUp(ctx, registry, world, status);
    throw error;
  }
  return {
    run: (variant, commands, guests = 'open') => oneRun(ctx, world, registry, slots, variant, commands, guests),
    cleanUp: () => cleanUp(ctx, registry, world, status),
  };
}

/** Queue options for a single run outside the property (tests, diagnostics): no capabilities, with subscribers. */
export const PLAIN_VARIANT: QueueVariant = {
  archived_channels: false,
  include_deactivated_groups: false,
  user_list_incomplete: false,
  include_subscribers: true,
  client_gravatar: true,
};

async function runOracle(ctx: CheckContext): Promise<void> {
  const recorder = new Recorder(ctx);
  // Everything the runs send is recorded, so the failing run's curl script shows the queues and their fetches too.
  const session = await oracleSession({ ...ctx, call: recorder.call });
  try {
    const guests = fc.constantFrom<GuestAccess>('open', 'restricted');
    const property = fc.asyncProperty(variants, guests, oracleCommandSequences(), (variant, access, commands) =>
      recorder.execute(() => session.run(variant, commands, access)),
    );
    await checkProperty(
      ctx,
      recorder,
      { claim: 'events applied to each register state give the state of a fresh register', clause: CLAUSE, share: 0.6 },
      property,
    );
  } finally {
    await session.cleanUp();
  }
}

export const EVENT_ORACLE_CHECK: Check = {
  id: 'properties.events.oracle',
  title:
    'Given queues of the owner, a member and a guest (with and without the capabilities that change event forms), when any sequence of user, channel, subscription, group, status, profile and realm writes runs, then each register state with its queue’s events applied equals a fresh register',
  clauses: [CLAUSE],
  level: 'compat',
  endpoint: 'POST /register',
  run: runOracle,
};
