/**
 * The saved snippet endpoints: editing (the spec's), and listing, creating,
 * deleting and the limits (the real server's). Every check deletes the
 * snippets it made.
 */
import { type CheckContext, CheckFailure, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';
import { expectCode } from '../users/support.js';
import { createSnippet, findSnippet, goneSnippetId, listSnippets, snippetText, snippetTitle, withSnippets } from './support.js';

const LIST = 'GET /saved_snippets';
const CREATE = 'POST /saved_snippets';
const EDIT = 'PATCH /saved_snippets/{saved_snippet_id}';
const DELETE = 'DELETE /saved_snippets/{saved_snippet_id}';
const NOT_FOUND = 'Saved snippet does not exist.';

/** Plausible UNIX seconds (not milliseconds): 2001 to 2286. */
function isUnixSeconds(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) > 1_000_000_000 && (value as number) < 10_000_000_000;
}

async function editFields(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  await withSnippets(ctx, async (made) => {
    const title = snippetTitle(ctx, 'edit');
    const id = made(member, await createSnippet(ctx, member, title, 'First **content**'));
    const edit = (params: Record<string, string>, clause: string) =>
      ctx.call(member, 'PATCH', `/saved_snippets/${id}`, params).then((r) => expectSuccess(r, clause));
    const newTitle = snippetTitle(ctx, 'retitled');
    await edit({ title: newTitle }, 'snippets.edit.title');
    expectEqual(
      await snippetText(ctx, member, id),
      { title: newTitle, content: 'First **content**' },
      `snippet ${id} after a new title`,
      'snippets.edit.title',
    );
    await edit({ content: 'Second *content*' }, 'snippets.edit.content');
    expectEqual(
      await snippetText(ctx, member, id),
      { title: newTitle, content: 'Second *content*' },
      `snippet ${id} after new content`,
      'snippets.edit.content',
    );
    const bothTitle = snippetTitle(ctx, 'both');
    await edit({ title: bothTitle, content: 'Third' }, 'snippets.edit.both');
    expectEqual(await snippetText(ctx, member, id), { title: bothTitle, content: 'Third' }, `snippet ${id} after both changed`, 'snippets.edit.both');
    const listed = await findSnippet(ctx, member, id);
    expectTrue(
      typeof listed?.['title'] === 'string' && typeof listed['content'] === 'string',
      `a title and a content on snippet ${id}, got ${JSON.stringify(listed)}`,
      'snippets.record.fields',
    );
  });
}

async function editMissing(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  await withSnippets(ctx, async (made) => {
    const title = snippetTitle(ctx, 'theirs');
    const id = made(member, await createSnippet(ctx, member, title, 'not yours'));
    const gone = await goneSnippetId(ctx, otherMember);
    expectCode(await ctx.call(otherMember, 'PATCH', `/saved_snippets/${gone}`, { title: 'x' }), 'BAD_REQUEST', 'snippets.edit.missing');
    expectCode(await ctx.call(otherMember, 'PATCH', `/saved_snippets/${id}`, { title: 'x', content: 'y' }), 'BAD_REQUEST', 'snippets.edit.own');
    expectEqual(
      await snippetText(ctx, member, id),
      { title, content: 'not yours' },
      `the member's snippet ${id} after another user tried to edit it`,
      'snippets.edit.own',
    );
    expectEqual(await findSnippet(ctx, otherMember, id), undefined, 'the member’s snippet among the other member’s', 'snippets.edit.own');
  });
}

async function notFound(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  await withSnippets(ctx, async (made) => {
    const id = made(member, await createSnippet(ctx, member, snippetTitle(ctx, '404'), 'body'));
    const gone = await goneSnippetId(ctx, otherMember);
    const missing = expectError(
      await ctx.call(otherMember, 'PATCH', `/saved_snippets/${gone}`, { title: 'x' }),
      404,
      'BAD_REQUEST',
      NOT_FOUND,
      'snippets.edit.not-found',
    );
    const foreign = expectError(
      await ctx.call(otherMember, 'PATCH', `/saved_snippets/${id}`, { content: 'x' }),
      404,
      'BAD_REQUEST',
      NOT_FOUND,
      'snippets.edit.not-found',
    );
    expectEqual(foreign, missing, 'the answer for another user’s snippet, compared with a missing one', 'snippets.edit.not-found');
  });
}

async function editNothing(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  await withSnippets(ctx, async (made) => {
    const title = snippetTitle(ctx, 'nothing');
    const id = made(member, await createSnippet(ctx, member, title, 'unchanged'));
    const before = await listSnippets(ctx, member);
    const gone = await goneSnippetId(ctx, member);
    expectSuccess(await ctx.call(member, 'PATCH', `/saved_snippets/${id}`), 'snippets.edit.nothing');
    expectSuccess(await ctx.call(member, 'PATCH', `/saved_snippets/${gone}`), 'snippets.edit.nothing');
    expectSuccess(await ctx.call(otherMember, 'PATCH', `/saved_snippets/${id}`), 'snippets.edit.nothing');
    expectUnchanged(before, await listSnippets(ctx, member), 'the member’s snippets', 'snippets.edit.nothing');
  });
}

async function createAndList(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  await withSnippets(ctx, async (made) => {
    const title = snippetTitle(ctx, 'listed');
    const id = made(member, await createSnippet(ctx, member, `  ${title}\n`, '\n\t**Padded** content  ', 'snippets.create.response'));
    const listed = await findSnippet(ctx, member, id, 'snippets.list.own');
    if (listed === undefined) throw new CheckFailure(`snippet ${id} among the member's snippets`, undefined, 'snippets.create.response');
    expectEqual(Object.keys(listed).sort(), ['content', 'date_created', 'id', 'title'], `the keys of snippet ${id}`, 'snippets.list.own');
    expectEqual([listed['title'], listed['content']], [title, '**Padded** content'], `snippet ${id}'s title and content`, 'snippets.create.trimmed');
    expectTrue(isUnixSeconds(listed['date_created']), `date_created in UNIX seconds, got ${JSON.stringify(listed['date_created'])}`, 'snippets.list.own');
    expectEqual(await findSnippet(ctx, otherMember, id), undefined, `the member's snippet ${id} among another member's`, 'snippets.list.own');
  });
}

async function limits(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  await withSnippets(ctx, async (made) => {
    const title = snippetTitle(ctx, 'limits');
    const id = made(member, await createSnippet(ctx, member, title, 'body'));
    const before = await listSnippets(ctx, member);
    const create = (params: Record<string, string>) => ctx.call(member, 'POST', '/saved_snippets', params);
    const edit = (params: Record<string, string>) => ctx.call(member, 'PATCH', `/saved_snippets/${id}`, params);
    expectError(await create({ title: ' \t ', content: 'c' }), 400, 'BAD_REQUEST', 'title cannot be blank', 'snippets.limits');
    expectError(await create({ title: 't', content: '\n' }), 400, 'BAD_REQUEST', 'content cannot be blank', 'snippets.limits');
    expectError(await create({ title: 't'.repeat(61), content: 'c' }), 400, 'BAD_REQUEST', 'title is too long (limit: 60 characters)', 'snippets.limits');
    expectError(
      await create({ title: 't', content: 'c'.repeat(10_001) }),
      400,
      'BAD_REQUEST',
      'content is too long (limit: 10000 characters)',
      'snippets.limits',
    );
    expectError(await edit({ title: '  ' }), 400, 'BAD_REQUEST', 'title cannot be blank', 'snippets.edit.limits');
    expectError(await edit({ content: 'c'.repeat(10_001) }), 400, 'BAD_REQUEST', 'content is too long (limit: 10000 characters)', 'snippets.edit.limits');
    expectUnchanged(before, await listSnippets(ctx, member), 'the member’s snippets', 'snippets.limits');
    // The limit counts characters after the trim.
    const full = `${'🐙'.repeat(60)}`;
    expectSuccess(await edit({ title: `  ${full}  ` }), 'snippets.edit.limits');
    expectEqual((await snippetText(ctx, member, id))?.title, full, `snippet ${id}'s 60-character title`, 'snippets.edit.limits');
  });
}

async function remove(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  await withSnippets(ctx, async (made) => {
    const title = snippetTitle(ctx, 'deleted');
    const id = made(member, await createSnippet(ctx, member, title, 'to delete'));
    expectError(await ctx.call(otherMember, 'DELETE', `/saved_snippets/${id}`), 404, 'BAD_REQUEST', NOT_FOUND, 'snippets.delete.own');
    expectEqual(
      await snippetText(ctx, member, id),
      { title, content: 'to delete' },
      `snippet ${id} after another user tried to delete it`,
      'snippets.delete.own',
    );
    expectSuccess(await ctx.call(member, 'DELETE', `/saved_snippets/${id}`), 'snippets.delete.own');
    expectEqual(await findSnippet(ctx, member, id), undefined, `snippet ${id} after its deletion`, 'snippets.delete.own');
    expectError(await ctx.call(member, 'DELETE', `/saved_snippets/${id}`), 404, 'BAD_REQUEST', NOT_FOUND, 'snippets.delete.own');
  });
}

async function register(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  await withSnippets(ctx, async (made) => {
    made(member, await createSnippet(ctx, member, snippetTitle(ctx, 'registered'), 'in register'));
    const response = await ctx.call(member, 'POST', '/register', { fetch_event_types: '["saved_snippets"]' });
    const body = expectSuccess(response, 'snippets.register');
    if (typeof body['queue_id'] === 'string') await ctx.call(member, 'DELETE', '/events', { queue_id: body['queue_id'] });
    expectEqual(body['saved_snippets'], await listSnippets(ctx, member), 'register’s saved_snippets, compared with GET /saved_snippets', 'snippets.register');
  });
}

export const SAVED_SNIPPET_CHECKS = defineChecks([
  {
    id: 'snippets.edit.fields',
    title: 'Given a member’s snippet, when they send a title, then a content, then both, then each read-back shows just what was sent changed',
    clauses: ['snippets.edit.title', 'snippets.edit.content', 'snippets.edit.both', 'snippets.record.fields'],
    level: 'spec',
    endpoint: EDIT,
    run: editFields,
  },
  {
    id: 'snippets.edit.missing',
    title: 'Given a deleted snippet and a member’s snippet, when another member edits either, then it is BAD_REQUEST and the member’s snippet is as it was',
    clauses: ['snippets.edit.missing', 'snippets.edit.own'],
    level: 'spec',
    endpoint: EDIT,
    run: editMissing,
  },
  {
    id: 'snippets.edit.not-found',
    title: 'When a member edits a missing snippet or another’s, then both are 404 BAD_REQUEST "Saved snippet does not exist." and cannot be told apart',
    clauses: ['snippets.edit.not-found'],
    level: 'compat',
    endpoint: EDIT,
    run: notFound,
  },
  {
    id: 'snippets.edit.nothing',
    title: 'When a PATCH sends neither title nor content, for an own, a deleted or another’s snippet, then each succeeds and nothing changes',
    clauses: ['snippets.edit.nothing'],
    level: 'compat',
    endpoint: EDIT,
    run: editNothing,
  },
  {
    id: 'snippets.create.list',
    title: 'When a member creates a padded snippet, then it is listed trimmed under the answered id, with date_created in seconds, and only to them',
    clauses: ['snippets.create.response', 'snippets.create.trimmed', 'snippets.list.own'],
    level: 'compat',
    endpoint: CREATE,
    run: createAndList,
  },
  {
    id: 'snippets.limits',
    title: 'When titles or contents are blank or too long, on creation or edit, then each is refused with its text and the snippets stay as they were',
    clauses: ['snippets.limits', 'snippets.edit.limits'],
    level: 'compat',
    endpoint: CREATE,
    run: limits,
  },
  {
    id: 'snippets.delete',
    title:
      'Given a member’s snippet, when another member deletes it, then it is 404 and stays; when the member does, then it is gone and a second delete is 404',
    clauses: ['snippets.delete.own'],
    level: 'compat',
    endpoint: DELETE,
    run: remove,
  },
  {
    id: 'snippets.register',
    title: 'Given a member with a snippet, when they register for saved_snippets, then it lists what GET /saved_snippets lists',
    clauses: ['snippets.register'],
    level: 'compat',
    endpoint: LIST,
    run: register,
  },
]);
