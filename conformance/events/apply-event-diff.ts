/**
 * Comparing the state a client built from events with a fresh register:
 * both are brought to a comparable form first, then compared key by key so
 * that a mismatch names the exact path (list entries by their id).
 *
 * What the comparable form leaves out or reorders, and why:
 * - queue_id and last_event_id: they name the queue, not the state.
 * - subscriber_count in channel dicts: the real server's applier leaves it as
 *   it was on peer_add / peer_remove (it cannot tell whether a peer was
 *   counted), and the real server's own events test drops it likewise.
 * - subscriptions, unsubscribed, never_subscribed, streams: sorted by
 *   stream_id. The real applier appends subscriptions, and sorts the others
 *   by name only when a channel is created, so a rename or a resubscription
 *   leaves an order register would not give; the order carries no meaning.
 * - subscriber, member and subgroup id lists, the anonymous group settings'
 *   direct_members / direct_subgroups, realm_default_streams: sorted, being sets.
 * - a channel the events brought into view is accepted under unsubscribed
 *   as well as never_subscribed, its personal settings unknown: only the
 *   real server's database knows whether the user was subscribed before.
 * Everything else keeps its order: realm_users and realm_non_active_users
 * (register sorts them by user id), realm_user_groups (by id),
 * custom_profile_fields (the realm's field order).
 */
import { isDeepStrictEqual } from 'node:util';
import { isUnknownValue, PLACEMENT_UNKNOWN, type RegisterState, unknownValue } from './apply-event.js';

export interface Difference {
  /** Where, e.g. `subscriptions[stream_id=12].subscribers` (undefined values mean absent). */
  readonly path: string;
  /** What applying the events gave. */
  readonly applied: unknown;
  /** What a fresh register showed. */
  readonly registered: unknown;
}

const QUEUE_KEYS = ['queue_id', 'last_event_id'] as const;
const CHANNEL_LISTS = ['subscriptions', 'unsubscribed', 'never_subscribed', 'streams'] as const;
const ID_SETS: ReadonlySet<string> = new Set(['subscribers', 'partial_subscribers', 'members', 'direct_subgroup_ids', 'direct_members', 'direct_subgroups']);
/** The key that identifies an entry of a list, tried in this order. */
const IDENTITY_KEYS = ['stream_id', 'user_id', 'id'] as const;

function isObject(value: unknown): value is Record<string, any> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function sortIdSets(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) sortIdSets(item);
    return;
  }
  if (!isObject(value)) return;
  for (const [key, inner] of Object.entries(value)) {
    if (ID_SETS.has(key) && Array.isArray(inner) && inner.every((id) => typeof id === 'number')) inner.sort((a, b) => a - b);
    else sortIdSets(inner);
  }
}

/** A copy of a register state (or of one built from events) in the form the two are compared in. */
export function comparableState(state: Readonly<RegisterState>): RegisterState {
  return makeComparable(structuredClone(state) as RegisterState);
}

/** Brings a state the caller owns into comparable form in place (no copy: the register states carry every user of the realm). */
export function makeComparable(copy: RegisterState): RegisterState {
  for (const key of QUEUE_KEYS) delete copy[key];
  for (const key of CHANNEL_LISTS) {
    const list = copy[key];
    if (!Array.isArray(list)) continue;
    for (const channel of list) if (isObject(channel)) delete channel['subscriber_count'];
    list.sort((a: Record<string, any>, b: Record<string, any>) => Number(a?.['stream_id']) - Number(b?.['stream_id']));
  }
  const defaults = copy['realm_default_streams'];
  if (Array.isArray(defaults) && defaults.every((id) => typeof id === 'number')) defaults.sort((a, b) => a - b);
  sortIdSets(copy);
  return copy;
}

function identityKey(list: readonly unknown[]): string | undefined {
  if (list.length === 0 || !list.every(isObject)) return undefined;
  return IDENTITY_KEYS.find((key) => list.every((item) => typeof (item as Record<string, unknown>)[key] === 'number'));
}

function walk(path: string, applied: unknown, registered: unknown, out: Difference[], limit: number): void {
  if (out.length >= limit) return;
  if (isUnknownValue(applied)) return;
  if (isDeepStrictEqual(applied, registered)) return;
  if (Array.isArray(applied) && Array.isArray(registered)) {
    const key = identityKey(applied.length > 0 ? applied : registered);
    if (key !== undefined && (identityKey(registered) === key || registered.length === 0) && (identityKey(applied) === key || applied.length === 0)) {
      const index = (list: readonly Record<string, any>[]) => new Map(list.map((item) => [item[key], item]));
      const left = index(applied as Record<string, any>[]);
      const right = index(registered as Record<string, any>[]);
      if (left.size < applied.length || right.size < registered.length) {
        // The same entry twice (an event applied twice, or sent twice).
        const ids = (list: readonly Record<string, any>[]) => list.map((item) => item[key]);
        out.push({
          path: `${path} (${key}s, one listed twice)`,
          applied: ids(applied as Record<string, any>[]),
          registered: ids(registered as Record<string, any>[]),
        });
        return;
      }
      const before = out.length;
      for (const [id, item] of left) walk(`${path}[${key}=${String(id)}]`, item, right.get(id), out, limit);
      for (const [id, item] of right) if (!left.has(id)) walk(`${path}[${key}=${String(id)}]`, undefined, item, out, limit);
      const ids = (list: readonly Record<string, any>[]) => list.map((item) => item[key]);
      const order = { applied: ids(applied as Record<string, any>[]), registered: ids(registered as Record<string, any>[]) };
      // Equal entries (up to unknown values) in another order.
      if (out.length === before && out.length < limit && !isDeepStrictEqual(order.applied, order.registered))
        out.push({ path: `${path} (order of ${key}s)`, ...order });
      return;
    }
    if (applied.length === registered.length) {
      applied.forEach((item, at) => {
        walk(`${path}[${at}]`, item, registered[at], out, limit);
      });
      return;
    }
    out.push({ path, applied, registered });
    return;
  }
  if (isObject(applied) && isObject(registered)) {
    for (const key of new Set([...Object.keys(applied), ...Object.keys(registered)]))
      walk(path === '' ? key : `${path}.${key}`, applied[key], registered[key], out, limit);
    return;
  }
  out.push({ path, applied, registered });
}

/**
 * A channel the client filed as never subscribed without knowing better
 * goes where register has it: under unsubscribed, its personal settings
 * (the keys register shows that the channel event lacks) unknown.
 */
function settlePlacements(applied: RegisterState, registered: Readonly<RegisterState>): void {
  const never = applied['never_subscribed'];
  if (!Array.isArray(never)) return;
  const registeredIn = (key: string, id: unknown): Record<string, any> | undefined =>
    Array.isArray(registered[key]) ? (registered[key] as Record<string, any>[]).find((channel) => channel?.['stream_id'] === id) : undefined;
  const stay: Record<string, any>[] = [];
  for (const channel of never as Record<string, any>[]) {
    if (!isObject(channel) || channel[PLACEMENT_UNKNOWN] !== true) {
      stay.push(channel);
      continue;
    }
    delete channel[PLACEMENT_UNKNOWN];
    const former = registeredIn('unsubscribed', channel['stream_id']);
    if (former === undefined || registeredIn('never_subscribed', channel['stream_id']) !== undefined || !Array.isArray(applied['unsubscribed'])) {
      stay.push(channel);
      continue;
    }
    for (const key of Object.keys(former)) if (!(key in channel)) channel[key] = unknownValue('a personal setting of a subscription the client never saw');
    applied['unsubscribed'].push(channel);
  }
  applied['never_subscribed'] = stay;
  if (Array.isArray(applied['unsubscribed']))
    applied['unsubscribed'].sort((a: Record<string, any>, b: Record<string, any>) => Number(a['stream_id']) - Number(b['stream_id']));
}

/** The first `limit` differences between the state built from events and a fresh register (both in comparable form). */
export function diffStates(applied: Readonly<RegisterState>, registered: Readonly<RegisterState>, limit = 8): Difference[] {
  return diffOwnedStates(structuredClone(applied) as RegisterState, registered, limit);
}

/** diffStates for an applied state the caller owns and no longer needs (it is changed in place rather than copied). */
export function diffOwnedStates(applied: RegisterState, registered: Readonly<RegisterState>, limit = 8): Difference[] {
  settlePlacements(applied, registered);
  const out: Difference[] = [];
  walk('', applied, registered, out, limit);
  return out;
}

function show(value: unknown, max: number): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

/** One line per difference: the path, then what the events gave and what register shows. */
export function describeDifference(difference: Difference, max = 400): string {
  return `${difference.path}: applying the events gave ${show(difference.applied, max)}; a fresh register shows ${show(difference.registered, max)}`;
}
