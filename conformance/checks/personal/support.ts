/** What the personal-state checks share: register read-backs and clean-up helpers. */
import { type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectSuccess } from '../../expect.js';
import type { TargetAuth } from '../../target.js';

/** Register's state for these fetch types, as `actor` sees it; the queue it made is deleted again. */
export async function registered(ctx: CheckContext, actor: TargetAuth, types: readonly string[], clause?: string): Promise<Body> {
  const body = expectSuccess(await ctx.call(actor, 'POST', '/register', { fetch_event_types: JSON.stringify(types) }), clause);
  if (typeof body['queue_id'] === 'string') await ctx.call(actor, 'DELETE', '/events', { queue_id: body['queue_id'] });
  return body;
}

export async function alertWords(ctx: CheckContext, actor: TargetAuth, clause?: string): Promise<string[]> {
  const words = expectSuccess(await ctx.call(actor, 'GET', '/users/me/alert_words'), clause)['alert_words'];
  if (!Array.isArray(words)) throw new CheckFailure(`an alert_words list, got ${JSON.stringify(words)}`, undefined, clause);
  return words as string[];
}

/** Runs `body`, then removes the given alert words whatever happened. */
export async function withAlertWords(ctx: CheckContext, actor: TargetAuth, words: readonly string[], body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } finally {
    await ctx.call(actor, 'DELETE', '/users/me/alert_words', { alert_words: JSON.stringify(words) });
  }
}

/** The ids `actor` has muted, from register. */
export async function mutedIds(ctx: CheckContext, actor: TargetAuth, clause?: string): Promise<number[]> {
  const list = (await registered(ctx, actor, ['muted_users'], clause))['muted_users'];
  if (!Array.isArray(list)) throw new CheckFailure(`a muted_users list in register, got ${JSON.stringify(list)}`, undefined, clause);
  return (list as Body[]).map((entry) => entry['id'] as number);
}

/** The user's visibility policies for one channel, from register: topic (lower-cased) → policy. */
export async function topicPolicies(ctx: CheckContext, actor: TargetAuth, channelId: number, clause?: string): Promise<Record<string, unknown>> {
  const list = (await registered(ctx, actor, ['user_topic'], clause))['user_topics'];
  if (!Array.isArray(list)) throw new CheckFailure(`a user_topics list in register, got ${JSON.stringify(list)}`, undefined, clause);
  const policies: Record<string, unknown> = {};
  for (const entry of list as Body[]) if (entry['stream_id'] === channelId) policies[String(entry['topic_name']).toLowerCase()] = entry['visibility_policy'];
  return policies;
}

export function setTopicPolicy(ctx: CheckContext, actor: TargetAuth, channelId: number, topic: string, policy: number | string) {
  return ctx.call(actor, 'POST', '/user_topics', { stream_id: String(channelId), topic, visibility_policy: String(policy) });
}
