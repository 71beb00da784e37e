/**
 * What the event oracle's commands act on beyond the user pool: the
 * channels, groups and profile fields the check made, the realm settings
 * it may change (and restores at the end). Commands reach everything by
 * position, so each drawn command applies whatever exists. The oracle does
 * not predict outcomes: a write may succeed or be refused, and the events
 * (or their absence) must agree with register either way.
 */
import type fc from 'fast-check';
import type { Actor } from '../check.js';
import { expectOutcome } from './outcome.js';
import { type Caller, callerLabel, type Model, pick, type World, type WorldRequest } from './world.js';

export interface ChannelRef {
  readonly id: number;
  name: string;
  /** As far as the check's own successful writes tell. */
  archived: boolean;
}

export interface GroupRef {
  readonly id: number;
  name: string;
  deactivated: boolean;
}

/** One realm setting the commands may change: its PATCH /realm values, and the wire value that restores it. */
export interface RealmSettingRef {
  readonly name: string;
  readonly values: readonly string[];
  readonly restore: string;
}

/** Whether guests see every user ('open') or only those they share a channel with ('restricted'). */
export type GuestAccess = 'open' | 'restricted';

/** What outlives one run of the property: everything the check made, for later runs to use and for cleanup. */
export interface OracleRegistry {
  readonly channels: ChannelRef[];
  readonly groups: GroupRef[];
  /** Custom profile fields members may fill in. */
  readonly fieldIds: readonly number[];
  readonly realmSettings: readonly RealmSettingRef[];
  /** Settings changed at least once (restored when the check ends). */
  readonly touchedSettings: Set<string>;
  /** The check's own profile field: created at most once per realm (the API cannot delete it). */
  fieldCreated: boolean;
  /** Messages the check sent and has not deleted, newest last (the message commands pick among them). */
  readonly messageIds: number[];
  /**
   * can_access_all_users_group, which some runs set to members only before
   * they register (guests then see only users they share a channel with):
   * the wire values for both, and whether it is restricted now.
   */
  guestAccess?: { readonly restricted: string; readonly open: string; readonly original: GuestAccess; current: GuestAccess };
}

/** The model of one run: the user pool plus the registry and this run's creation counts. */
export interface OracleModel extends Model {
  readonly registry: OracleRegistry;
  channelsMade: number;
  groupsMade: number;
}

/** At most this many live channels and active groups at a time, this many made per check (each archived or deactivated at the end), and per run. */
export const MAX_CHANNELS = 6;
export const MAX_GROUPS = 5;
export const MAX_MADE_PER_CHECK = 24;
export const MAX_MADE_PER_RUN = 2;

/** The oracle's commands: any fast-check command over its model and the target world. */
export type OracleCommand = fc.AsyncCommand<OracleModel, World>;

export function actorOf(world: World, caller: Caller): Actor {
  return caller.kind === 'owner' ? world.owner : caller.user.actor;
}

/** A user id by position among the owner (0) and the active pool users. */
export function pickUserId(world: World, model: Model, position: number): number {
  return actorOf(world, pickActiveCaller(model, position)).userId;
}

/** Callers by position among the owner (0) and the pool users who can still authenticate: a refusal for a deactivated caller tells the oracle nothing. */
export function pickActiveCaller(model: Model, position: number): Caller {
  const active = model.pool.filter((user) => user.active);
  const index = position % (active.length + 1);
  return index === 0 ? { kind: 'owner' } : { kind: 'pool', user: active[index - 1]! };
}

/** The channels still in use (or, with `archived`, the archived ones). */
export function liveChannels(model: Readonly<OracleModel>, archived = false): ChannelRef[] {
  return model.registry.channels.filter((channel) => channel.archived === archived);
}

export function activeGroups(model: Readonly<OracleModel>): GroupRef[] {
  return model.registry.groups.filter((group) => !group.deactivated);
}

export function pickChannel(model: OracleModel, position: number, archived = false): ChannelRef {
  return pick(liveChannels(model, archived), position);
}

export function pickGroup(model: OracleModel, position: number): GroupRef {
  return pick(activeGroups(model), position);
}

/**
 * Sends a write and requires only a well-formed answer: success or a
 * refusal (the oracle judges the state, not the permission rules).
 */
export async function sendWrite(world: World, request: WorldRequest, what: string): Promise<{ readonly ok: boolean; readonly body: Record<string, unknown> }> {
  const response = await world.send(request);
  const outcome = expectOutcome(response, 'either', `${callerLabel(request.caller)} ${what}`, 'events.oracle.register-agrees');
  const body = response.body !== null && typeof response.body === 'object' ? (response.body as Record<string, unknown>) : {};
  return { ok: outcome === 'success', body };
}

/** `Name(args) /* what was sent *\/`, the form counterexamples print in. */
export function commandLabel(name: string, args: readonly unknown[], sent: string): string {
  return `${name}(${args.map((arg) => String(arg)).join(', ')})${sent ? ` /* ${sent} */` : ''}`;
}
