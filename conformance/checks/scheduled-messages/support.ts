/** Scheduling, reading and cleaning up scheduled messages and reminders through the API, for their checks. */
import { type Actor, type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectSuccess } from '../../expect.js';

/** A delivery time far enough ahead that no moved clock reaches it during a run. */
export function farFuture(): number {
  return Math.floor(Date.now() / 1000) + 10 * 365 * 86400;
}

export async function scheduleMessage(ctx: CheckContext, actor: Actor, params: Readonly<Record<string, string>>, clause?: string): Promise<number> {
  const body = expectSuccess(await ctx.call(actor, 'POST', '/scheduled_messages', { scheduled_delivery_timestamp: String(farFuture()), ...params }), clause);
  const id = body['scheduled_message_id'];
  if (!Number.isInteger(id)) throw new CheckFailure(`an integer scheduled_message_id, got ${JSON.stringify(body)}`, undefined, clause);
  return id as number;
}

export async function listScheduled(ctx: CheckContext, actor: Actor, clause?: string): Promise<Body[]> {
  const body = expectSuccess(await ctx.call(actor, 'GET', '/scheduled_messages'), clause);
  if (!Array.isArray(body['scheduled_messages'])) throw new CheckFailure(`a scheduled_messages list, got ${JSON.stringify(body)}`, undefined, clause);
  return body['scheduled_messages'] as Body[];
}

export async function findScheduled(ctx: CheckContext, actor: Actor, id: number, clause?: string): Promise<Body | undefined> {
  return (await listScheduled(ctx, actor, clause)).find((message) => message['scheduled_message_id'] === id);
}

export async function remind(ctx: CheckContext, actor: Actor, messageId: number, at: number, clause?: string): Promise<number> {
  const body = expectSuccess(await ctx.call(actor, 'POST', '/reminders', { message_id: String(messageId), scheduled_delivery_timestamp: String(at) }), clause);
  const id = body['reminder_id'];
  if (!Number.isInteger(id)) throw new CheckFailure(`an integer reminder_id, got ${JSON.stringify(body)}`, undefined, clause);
  return id as number;
}

export async function listReminders(ctx: CheckContext, actor: Actor, clause?: string): Promise<Body[]> {
  const body = expectSuccess(await ctx.call(actor, 'GET', '/reminders'), clause);
  if (!Array.isArray(body['reminders'])) throw new CheckFailure(`a reminders list, got ${JSON.stringify(body)}`, undefined, clause);
  return body['reminders'] as Body[];
}

/** Runs `body`, then deletes what it recorded (`/scheduled_messages/{id}` or `/reminders/{id}` paths), whatever happened. */
export async function withScheduled<T>(ctx: CheckContext, body: (made: (owner: Actor, path: string) => void) => Promise<T>): Promise<T> {
  const created: [Actor, string][] = [];
  try {
    return await body((owner, path) => {
      created.push([owner, path]);
    });
  } finally {
    for (const [owner, path] of created) await ctx.call(owner, 'DELETE', path);
  }
}
