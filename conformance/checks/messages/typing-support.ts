/**
 * Helpers the typing checks share: the two endpoints, the queues that watch
 * them, the API email events name users by, and personal settings that are
 * put back afterwards.
 */
import { type Actor, type CheckContext, CheckFailure } from '../../check.js';
import type { OpenOptions, QueueEvent } from '../../events/queue.js';
import { expectSuccess } from '../../expect.js';
import type { TargetResponse } from '../../target.js';
import { wire } from './support.js';

export const TYPING = 'POST /typing';
export const EDIT_TYPING = 'POST /messages/{message_id}/typing';

/** POST /typing with these parameters (JSON-encoded unless strings). */
export function postTyping(ctx: CheckContext, actor: Actor, params: Readonly<Record<string, unknown>>): Promise<TargetResponse> {
  return ctx.call(actor, 'POST', '/typing', wire(params));
}

/** Typing notifications for message edits appeared here (as POST /message_edit_typing). */
export const EDIT_TYPING_LEVEL = 351;
/** The edit-typing path moved here to POST /messages/{message_id}/typing; before, message_id was a body parameter. */
export const EDIT_TYPING_PATH_LEVEL = 361;

/** The clause for the edit-typing path at the target's level. */
export function editTypingPathClause(ctx: CheckContext): string {
  return ctx.featureLevel >= EDIT_TYPING_PATH_LEVEL ? 'typing.edit.path' : 'typing.edit.legacy-path';
}

/** POST /messages/{id}/typing (POST /message_edit_typing with message_id before feature level 361); `op` left out when null. */
export function postEditTyping(ctx: CheckContext, actor: Actor, id: number, op: string | null = 'start'): Promise<TargetResponse> {
  const withOp: Record<string, string> = op === null ? {} : { op };
  if (ctx.featureLevel < EDIT_TYPING_PATH_LEVEL) return ctx.call(actor, 'POST', '/message_edit_typing', { message_id: String(id), ...withOp });
  return ctx.call(actor, 'POST', `/messages/${id}/typing`, withOp);
}

/** A queue for typing events (and user_status, which `settle` needs); channel typing needs the capability. */
export function typingQueue(actor: Actor, capabilities: readonly string[] = ['stream_typing_notifications']): readonly [Actor, OpenOptions] {
  return [actor, { eventTypes: ['typing', 'typing_edit_message', 'user_status'], capabilities }];
}

export function isTyping(event: QueueEvent): boolean {
  return event.type === 'typing' || event.type === 'typing_edit_message';
}

/** The user's API email (what events name them by), as the owner reads it. */
export async function apiEmailOf(ctx: CheckContext, actor: Actor): Promise<string> {
  const user = expectSuccess(await ctx.call(ctx.cast.owner, 'GET', `/users/${actor.userId}`))['user'];
  if (typeof user?.['email'] !== 'string') throw new CheckFailure(`an email in GET /users/${actor.userId}, got ${JSON.stringify(user)}`);
  return user['email'];
}

/** `{user_id, email}`, as typing events name a person. */
export async function personOf(ctx: CheckContext, actor: Actor): Promise<{ user_id: number; email: string }> {
  return { user_id: actor.userId, email: await apiEmailOf(ctx, actor) };
}

/** Runs `body` with the actor's boolean personal setting `name` turned off, then turns it back on (new users' default). */
export async function withSettingOff(ctx: CheckContext, actor: Actor, name: string, body: () => Promise<void>): Promise<void> {
  expectSuccess(await ctx.call(actor, 'PATCH', '/settings', { [name]: 'false' }));
  try {
    await body();
  } finally {
    await ctx.call(actor, 'PATCH', '/settings', { [name]: 'true' });
  }
}
