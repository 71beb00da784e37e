/**
 * Helpers the subscription checks share. Everything goes through the public
 * API (subscribe, GET /users/me/subscriptions, GET /streams), so the helpers
 * work against any target.
 */
import { type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectSuccess } from '../../expect.js';
import type { TargetAuth, TargetResponse } from '../../target.js';
import { everyChannelParams, listChannels, wire } from '../streams/support.js';

export { systemGroupIds } from '../groups/support.js';
export { wire };

/** Changelog 289: subscribed and already_subscribed are keyed by user id; before, by the user's Zulip API e-mail. */
export const SUBSCRIBED_BY_ID_SINCE = 289;

/** The key a subscribe answer names the user by at the target's level: the id, or before 289 the API e-mail `viewer` sees. */
export async function subscribedKey(ctx: CheckContext, viewer: TargetAuth, userId: number): Promise<string> {
  if (ctx.featureLevel >= SUBSCRIBED_BY_ID_SINCE) return String(userId);
  const user = expectSuccess(await ctx.call(viewer, 'GET', `/users/${userId}`))['user'] as Body | undefined;
  if (typeof user?.['email'] !== 'string') throw new CheckFailure(`GET /users/${userId} to answer the user's email, got ${JSON.stringify(user)}`);
  return user['email'];
}

/** POST /users/me/subscriptions for these names; other parameters as values (JSON-encoded unless strings). */
export function subscribe(
  ctx: CheckContext,
  actor: TargetAuth,
  names: readonly string[],
  params: Readonly<Record<string, unknown>> = {},
): Promise<TargetResponse> {
  return ctx.call(actor, 'POST', '/users/me/subscriptions', wire({ subscriptions: names.map((name) => ({ name })), ...params }));
}

export function unsubscribe(
  ctx: CheckContext,
  actor: TargetAuth,
  names: readonly string[],
  params: Readonly<Record<string, unknown>> = {},
): Promise<TargetResponse> {
  return ctx.call(actor, 'DELETE', '/users/me/subscriptions', wire({ subscriptions: names, ...params }));
}

export async function mySubscriptions(ctx: CheckContext, actor: TargetAuth, params: Readonly<Record<string, string>> = {}): Promise<Body[]> {
  const body = expectSuccess(await ctx.call(actor, 'GET', '/users/me/subscriptions', params));
  const list = body['subscriptions'];
  if (!Array.isArray(list)) throw new CheckFailure(`a subscriptions array in GET /users/me/subscriptions, got ${JSON.stringify(body)}`);
  return list as Body[];
}

/** The actor's subscription to the channel of that name, or undefined. */
export async function subscriptionTo(
  ctx: CheckContext,
  actor: TargetAuth,
  name: string,
  params: Readonly<Record<string, string>> = {},
): Promise<Body | undefined> {
  return (await mySubscriptions(ctx, actor, params)).find((entry) => entry['name'] === name);
}

export async function subscribedNames(ctx: CheckContext, actor: TargetAuth, among: readonly string[]): Promise<string[]> {
  const wanted = new Set(among);
  return (await mySubscriptions(ctx, actor)).map((entry) => entry['name'] as string).filter((name) => wanted.has(name));
}

/** The channel of that name as the owner sees it in GET /streams (every channel, archived included), or undefined. */
export async function channelNamed(ctx: CheckContext, name: string): Promise<Body | undefined> {
  const all = await listChannels(ctx, ctx.cast.owner, everyChannelParams(ctx));
  return all.find((stream) => typeof stream['name'] === 'string' && stream['name'].toLowerCase() === name.toLowerCase());
}

/** Names of ours that exist at all (for "nothing was created" read-backs). */
export async function existingNames(ctx: CheckContext, names: readonly string[]): Promise<string[]> {
  const all = await listChannels(ctx, ctx.cast.owner, everyChannelParams(ctx));
  const lower = new Set(all.map((stream) => String(stream['name']).toLowerCase()));
  return names.filter((name) => lower.has(name.toLowerCase()));
}

/** A channel made by `creator` (subscribed to it) with extra parameters; returns its id and name. */
export async function makeChannel(
  ctx: CheckContext,
  creator: TargetAuth,
  label: string,
  params: Readonly<Record<string, unknown>> = {},
): Promise<{ id: number; name: string }> {
  const name = ctx.unique(label);
  expectSuccess(await subscribe(ctx, creator, [name], params));
  const channel = await channelNamed(ctx, name);
  if (channel === undefined) throw new CheckFailure(`the new channel ${name} in the owner's GET /streams?${new URLSearchParams(everyChannelParams(ctx))}`);
  return { id: Number(channel['stream_id']), name };
}
