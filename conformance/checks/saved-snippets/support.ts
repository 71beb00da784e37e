/** Creating, reading and cleaning up saved snippets through the API, for the snippet checks. */
import { type Actor, type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectSuccess } from '../../expect.js';

/** Creates a snippet as `actor` and returns its id. */
export async function createSnippet(ctx: CheckContext, actor: Actor, title: string, content: string, clause?: string): Promise<number> {
  const body = expectSuccess(await ctx.call(actor, 'POST', '/saved_snippets', { title, content }), clause);
  const id = body['saved_snippet_id'];
  if (!Number.isInteger(id)) throw new CheckFailure(`an integer saved_snippet_id, got ${JSON.stringify(body)}`, undefined, clause);
  return id as number;
}

/** `actor`'s snippets as GET /saved_snippets lists them. */
export async function listSnippets(ctx: CheckContext, actor: Actor, clause?: string): Promise<Body[]> {
  const body = expectSuccess(await ctx.call(actor, 'GET', '/saved_snippets'), clause);
  const snippets = body['saved_snippets'];
  if (!Array.isArray(snippets)) throw new CheckFailure(`a saved_snippets list, got ${JSON.stringify(body)}`, undefined, clause);
  return snippets as Body[];
}

export async function findSnippet(ctx: CheckContext, actor: Actor, id: number, clause?: string): Promise<Body | undefined> {
  return (await listSnippets(ctx, actor, clause)).find((snippet) => snippet['id'] === id);
}

/** The title and content `actor` reads for snippet `id` (undefined when it is not listed). */
export async function snippetText(ctx: CheckContext, actor: Actor, id: number, clause?: string): Promise<{ title: unknown; content: unknown } | undefined> {
  const found = await findSnippet(ctx, actor, id, clause);
  return found === undefined ? undefined : { title: found['title'], content: found['content'] };
}

/** A title unique to this run, within the 60-character limit. */
export function snippetTitle(ctx: CheckContext, label: string): string {
  return ctx.unique(label).slice(-60);
}

/**
 * Runs `body` with the ids it creates recorded in `made`, then deletes them
 * as their owner whatever happened, so repeated runs leave no snippets behind.
 */
export async function withSnippets<T>(ctx: CheckContext, body: (made: (owner: Actor, id: number) => number) => Promise<T>): Promise<T> {
  const created: [Actor, number][] = [];
  try {
    return await body((owner, id) => {
      created.push([owner, id]);
      return id;
    });
  } finally {
    for (const [owner, id] of created) await ctx.call(owner, 'DELETE', `/saved_snippets/${id}`);
  }
}

/** The id of a snippet that existed and was deleted: an id no snippet has. */
export async function goneSnippetId(ctx: CheckContext, actor: Actor): Promise<number> {
  const id = await createSnippet(ctx, actor, snippetTitle(ctx, 'gone'), 'deleted at once');
  expectSuccess(await ctx.call(actor, 'DELETE', `/saved_snippets/${id}`));
  return id;
}
