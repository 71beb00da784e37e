/** Creating, reading and cleaning up drafts and navigation views through the API, for their checks. */
import { type Actor, type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectSuccess } from '../../expect.js';

/** Creates drafts as `actor` and returns their ids. */
export async function createDrafts(ctx: CheckContext, actor: Actor, drafts: readonly Record<string, unknown>[], clause?: string): Promise<number[]> {
  const body = expectSuccess(await ctx.call(actor, 'POST', '/drafts', { drafts: JSON.stringify(drafts) }), clause);
  const ids = body['ids'];
  if (!Array.isArray(ids) || ids.length !== drafts.length || !ids.every((id) => Number.isInteger(id))) {
    throw new CheckFailure(`ids: one integer per draft sent (${drafts.length}), got ${JSON.stringify(body)}`, undefined, clause);
  }
  return ids as number[];
}

/** `actor`'s drafts as GET /drafts lists them, with the count it answers. */
export async function listDrafts(ctx: CheckContext, actor: Actor, clause?: string): Promise<{ count: unknown; drafts: Body[] }> {
  const body = expectSuccess(await ctx.call(actor, 'GET', '/drafts'), clause);
  if (!Array.isArray(body['drafts'])) throw new CheckFailure(`a drafts list, got ${JSON.stringify(body)}`, undefined, clause);
  return { count: body['count'], drafts: body['drafts'] as Body[] };
}

/** Runs `body`, then deletes every draft it recorded, as its owner, whatever happened. */
export async function withDrafts<T>(ctx: CheckContext, body: (made: (owner: Actor, ids: readonly number[]) => readonly number[]) => Promise<T>): Promise<T> {
  const created: [Actor, number][] = [];
  try {
    return await body((owner, ids) => {
      for (const id of ids) created.push([owner, id]);
      return ids;
    });
  } finally {
    for (const [owner, id] of created) await ctx.call(owner, 'DELETE', `/drafts/${id}`);
  }
}

/** A fragment unique to this run: a custom view. */
export function viewFragment(ctx: CheckContext, label: string): string {
  return `narrow/conformance/${ctx.unique(label)}`;
}

export async function listViews(ctx: CheckContext, actor: Actor, clause?: string): Promise<Body[]> {
  const body = expectSuccess(await ctx.call(actor, 'GET', '/navigation_views'), clause);
  if (!Array.isArray(body['navigation_views'])) throw new CheckFailure(`a navigation_views list, got ${JSON.stringify(body)}`, undefined, clause);
  return body['navigation_views'] as Body[];
}

/** Runs `body`, then removes every view it recorded, as its owner, whatever happened. */
export async function withViews<T>(ctx: CheckContext, body: (made: (owner: Actor, fragment: string) => string) => Promise<T>): Promise<T> {
  const created: [Actor, string][] = [];
  try {
    return await body((owner, fragment) => {
      created.push([owner, fragment]);
      return fragment;
    });
  } finally {
    for (const [owner, fragment] of created) await ctx.call(owner, 'DELETE', `/navigation_views/${encodeURIComponent(fragment)}`);
  }
}
