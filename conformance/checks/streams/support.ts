/**
 * Helpers the channel checks share. Channels are made with POST
 * /users/me/subscriptions and read back through the listing, so the helpers
 * work against any target.
 */
import { type Actor, type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectSuccess } from '../../expect.js';
import { paramSince } from '../../feature-level.js';
import type { TargetAuth, TargetResponse } from '../../target.js';

export interface MadeChannel {
  readonly id: number;
  readonly name: string;
}

/** A channel id no realm has: far above any the run can reach. */
export const MISSING_CHANNEL_ID = 2_000_000_000;

/** Wire form: strings as they are, everything else JSON. */
export function wire(params: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));
}

/** A new channel made by `creator` (who is subscribed to it); extra subscribe parameters as values. */
/** Creates a channel through subscribe; `description` travels inside the subscription object, the rest as parameters. */
export async function createChannel(ctx: CheckContext, creator: Actor, label: string, params: Readonly<Record<string, unknown>> = {}): Promise<MadeChannel> {
  const name = ctx.unique(label);
  const { description, ...settings } = params;
  const subscription = description === undefined ? { name } : { name, description };
  expectSuccess(await ctx.call(creator, 'POST', '/users/me/subscriptions', wire({ subscriptions: [subscription], ...settings })));
  const found = expectSuccess(await ctx.call(creator, 'GET', '/get_stream_id', { stream: name }));
  if (typeof found['stream_id'] !== 'number') throw new CheckFailure(`a stream_id for the new channel ${name}, got ${JSON.stringify(found)}`);
  return { id: found['stream_id'], name };
}

/** Changelog 356: include_all (for everyone) replaced the administrators' include_all_active. */
export const INCLUDE_ALL_SINCE = paramSince('get-streams', 'include_all') ?? 0;
/** Changelog 315: exclude_archived of GET /streams (and is_archived); before, archived channels were never listed. */
export const EXCLUDE_ARCHIVED_SINCE = paramSince('get-streams', 'exclude_archived') ?? 0;

/**
 * The level each field of a channel object appeared at, from the
 * feature-level table's rows (a field not named here is older than 185).
 * can_remove_subscribers_group was can_remove_subscribers_group_id before
 * 197 and a plain group id before 320 (CHANNEL_GROUP_SETTING_VALUE_SINCE).
 */
export const CHANNEL_FIELD_SINCE: Readonly<Record<string, number>> = {
  can_remove_subscribers_group: 197,
  stream_weekly_traffic: 199,
  creator_id: 254,
  is_archived: 315,
  is_recently_active: 323,
  can_administer_channel_group: 325,
  can_send_message_group: 333,
  can_add_subscribers_group: 342,
  can_subscribe_group: 357,
  folder_id: 389,
  topics_policy: 392,
  subscriber_count: 394,
  can_move_messages_out_of_channel_group: 396,
  can_move_messages_within_channel_group: 396,
  can_resolve_topics_group: 402,
  can_delete_any_message_group: 407,
  can_delete_own_message_group: 407,
};

/** Whether a server at `level` sends this field in channel objects. */
export function channelFieldAt(level: number, field: string): boolean {
  return level >= (CHANNEL_FIELD_SINCE[field] ?? 0);
}

/** Changelog 320: can_remove_subscribers_group became a group-setting value (and took {new, old} updates); before, a group id. */
export const CHANNEL_GROUP_SETTING_VALUE_SINCE = 320;

/**
 * GET /streams parameters that list every channel for an administrator at the
 * target's level: include_all (include_all_active before 356), archived ones
 * included from 315 (before, the listing never had them).
 */
export function everyChannelParams(ctx: CheckContext): Record<string, string> {
  const all: Record<string, string> = { [includeAllParam(ctx)]: 'true' };
  return ctx.featureLevel >= EXCLUDE_ARCHIVED_SINCE ? { ...all, exclude_archived: 'false' } : all;
}

/** The include_all parameter in the target level's spelling (include_all_active before 356, administrators only). */
export function includeAllParam(ctx: CheckContext): 'include_all' | 'include_all_active' {
  return ctx.featureLevel >= INCLUDE_ALL_SINCE ? 'include_all' : 'include_all_active';
}

export async function listChannels(ctx: CheckContext, viewer: TargetAuth, params: Readonly<Record<string, string>> = {}): Promise<Body[]> {
  const body = expectSuccess(await ctx.call(viewer, 'GET', '/streams', params));
  const streams = body['streams'];
  if (!Array.isArray(streams)) throw new CheckFailure(`a streams array in GET /streams, got ${JSON.stringify(body)}`);
  return streams as Body[];
}

/** Ids of the listed channels among `ours`. */
export async function listedIds(
  ctx: CheckContext,
  viewer: TargetAuth,
  ours: readonly MadeChannel[],
  params: Readonly<Record<string, string>> = {},
): Promise<number[]> {
  const wanted = new Set(ours.map((channel) => channel.id));
  return (await listChannels(ctx, viewer, params)).map((stream) => stream['stream_id'] as number).filter((id) => wanted.has(id));
}

/** The channel as the owner sees it (archived ones included). */
export async function readChannel(ctx: CheckContext, id: number): Promise<Body> {
  const params = everyChannelParams(ctx);
  const stream = (await listChannels(ctx, ctx.cast.owner, params)).find((entry) => entry['stream_id'] === id);
  if (stream === undefined) throw new CheckFailure(`channel ${id} in the owner's GET /streams?${new URLSearchParams(params)}`);
  return stream;
}

export function updateChannel(ctx: CheckContext, actor: TargetAuth, id: number, params: Readonly<Record<string, unknown>>): Promise<TargetResponse> {
  return ctx.call(actor, 'PATCH', `/streams/${id}`, wire(params));
}

/** The parts of an error answer that must not tell two cases apart. */
export function errorShape(response: TargetResponse): unknown {
  return { status: response.status, body: response.body };
}
