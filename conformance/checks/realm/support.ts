/** Helpers the realm checks share: the initial state through POST /register, and settings that are restored afterwards. */

import { type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectSuccess } from '../../expect.js';
import { sendsKeyAt } from '../../feature-level.js';
import type { TargetAuth } from '../../target.js';

export async function register(ctx: CheckContext, actor: TargetAuth, params: Record<string, string> = {}): Promise<Body> {
  const body = expectSuccess(await ctx.call(actor, 'POST', '/register', params));
  // Only the state is wanted: the queue register made is deleted at once, so runs do not pile queues up on the target.
  if (typeof body['queue_id'] === 'string') await ctx.call(actor, 'DELETE', '/events', { queue_id: body['queue_id'] });
  return body;
}

/** The organization settings as register reports them (realm_ prefix). */
export async function realmState(ctx: CheckContext): Promise<Body> {
  return register(ctx, ctx.cast.owner, { fetch_event_types: JSON.stringify(['realm']) });
}

/** The current value of realm_<name>. */
export async function realmSetting(ctx: CheckContext, name: string): Promise<unknown> {
  const state = await realmState(ctx);
  if (!(`realm_${name}` in state)) throw new CheckFailure(`realm_${name} in the register response`);
  return state[`realm_${name}`];
}

/** The wire form of a time limit for PATCH /realm: seconds, or "unlimited" for no limit. */
export function timeLimitParam(value: unknown): string {
  return value === null ? JSON.stringify('unlimited') : JSON.stringify(value);
}

/** Runs `body`, then puts the settings back with `restore` (best effort, whatever happened). */
export async function restoring(ctx: CheckContext, restore: Record<string, string>, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } finally {
    await ctx.call(ctx.cast.owner, 'PATCH', '/realm', restore);
  }
}

/**
 * A realm group setting the level has, for checks about changing one:
 * can_resolve_topics_group (367), or before it can_delete_any_message_group
 * (281); undefined below 281.
 */
export function realmGroupSettingAt(level: number): string | undefined {
  if (sendsKeyAt(level, 'register-queue', 'realm_can_resolve_topics_group')) return 'can_resolve_topics_group';
  if (sendsKeyAt(level, 'register-queue', 'realm_can_delete_any_message_group')) return 'can_delete_any_message_group';
  return undefined;
}
