/** Arranging and cleaning up what the administrator checks make, through the API only. */
import { type Actor, type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectSuccess } from '../../expect.js';

/** The realm's e-mail domain, from the owner's address: invitations go to unused addresses there. */
export function realmDomain(ctx: CheckContext): string {
  return ctx.cast.owner.email.slice(ctx.cast.owner.email.lastIndexOf('@') + 1);
}

export function integer(body: Body, key: string, clause?: string): number {
  const value = body[key];
  if (!Number.isInteger(value)) throw new CheckFailure(`an integer ${key}, got ${JSON.stringify(body)}`, undefined, clause);
  return value as number;
}

export async function listFolders(ctx: CheckContext, actor: Actor, includeArchived: boolean, clause?: string): Promise<Body[]> {
  const body = expectSuccess(await ctx.call(actor, 'GET', '/channel_folders', { include_archived: String(includeArchived) }), clause);
  return (body['channel_folders'] as Body[] | undefined) ?? [];
}

/** Runs `body`, then cleans up every id it recorded with `made`, whatever happened. */
async function withCleanup<T>(cleanup: (id: number) => Promise<unknown>, body: (made: (id: number) => number) => Promise<T>): Promise<T> {
  const created: number[] = [];
  try {
    return await body((id) => {
      created.push(id);
      return id;
    });
  } finally {
    for (const id of created) await cleanup(id);
  }
}

/** Runs `body`, then archives every folder it recorded (folders cannot be deleted), whatever happened. */
export function withFolders<T>(ctx: CheckContext, body: (made: (id: number) => number) => Promise<T>): Promise<T> {
  return withCleanup((id) => ctx.call(ctx.cast.administrator, 'PATCH', `/channel_folders/${id}`, { is_archived: 'true' }), body);
}

/** Runs `body`, then archives every channel it recorded, whatever happened. */
export function withChannels<T>(ctx: CheckContext, body: (made: (id: number) => number) => Promise<T>): Promise<T> {
  return withCleanup((id) => ctx.call(ctx.cast.owner, 'DELETE', `/streams/${id}`), body);
}

export async function listInvites(ctx: CheckContext, actor: Actor, clause?: string): Promise<Body[]> {
  const body = expectSuccess(await ctx.call(actor, 'GET', '/invites'), clause);
  return (body['invites'] as Body[] | undefined) ?? [];
}

/** What register shows `actor` for one fetch type. */
export async function registerKey(ctx: CheckContext, actor: Actor, type: string, key: string, clause?: string): Promise<unknown> {
  const body = expectSuccess(await ctx.call(actor, 'POST', '/register', { fetch_event_types: JSON.stringify([type]), event_types: '[]' }), clause);
  if (typeof body['queue_id'] === 'string') await ctx.call(actor, 'DELETE', '/events', { queue_id: body['queue_id'] });
  return body[key];
}
