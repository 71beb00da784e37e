/** POST /messages/render: a few representative renderings (server-markdown.md; reference §15), and that nothing is stored. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectSuccess, expectUnchanged } from '../../expect.js';
import { fetchMessages, idsOf, mention } from './support.js';

const RENDER = 'POST /messages/render';

async function rendered(ctx: CheckContext, content: string, clause: string): Promise<unknown> {
  return expectSuccess(await ctx.call(ctx.cast.member, 'POST', '/messages/render', { content }), clause)['rendered'];
}

async function expectRenderings(ctx: CheckContext, cases: readonly (readonly [string, string])[], clause: string): Promise<void> {
  for (const [source, html] of cases) expectEqual(await rendered(ctx, source, clause), html, `the rendering of ${JSON.stringify(source)}`, clause);
}

async function storesNothing(ctx: CheckContext): Promise<void> {
  const newest = async () => idsOf(await fetchMessages(ctx, ctx.cast.member, { anchor: 'newest', num_before: 5, num_after: 0 }));
  const before = await newest();
  expectEqual(
    await rendered(ctx, 'only a preview', 'messages.render.stores-nothing'),
    '<p>only a preview</p>',
    'the preview',
    'messages.render.stores-nothing',
  );
  expectUnchanged(before, await newest(), 'the member’s newest messages', 'messages.render.stores-nothing');
}

export const RENDER_CHECKS = defineChecks([
  {
    id: 'messages.render.stores-nothing',
    title: 'When a member renders a preview, then `rendered` is its HTML and their newest messages are unchanged',
    clauses: ['messages.render.stores-nothing'],
    level: 'compat',
    endpoint: RENDER,
    run: storesNothing,
  },
  {
    id: 'messages.render.paragraphs',
    title: 'Paragraphs render as <p>, a single newline as <br>, and raw HTML is escaped',
    clauses: ['messages.render.paragraphs'],
    level: 'compat',
    endpoint: RENDER,
    run: (ctx) =>
      expectRenderings(
        ctx,
        [
          ['hi', '<p>hi</p>'],
          ['a\nb', '<p>a<br>\nb</p>'],
          ['a\n\nb', '<p>a</p>\n<p>b</p>'],
          ['<b>hi</b> & <i>', '<p>&lt;b&gt;hi&lt;/b&gt; &amp; &lt;i&gt;</p>'],
        ],
        'messages.render.paragraphs',
      ),
  },
  {
    id: 'messages.render.inline',
    title: 'Emphasis, strong, strikethrough and inline code render as <em>, <strong>, <del> and <code>',
    clauses: ['messages.render.inline'],
    level: 'compat',
    endpoint: RENDER,
    run: (ctx) =>
      expectRenderings(
        ctx,
        [
          ['*x* **y** ~~z~~ `c`', '<p><em>x</em> <strong>y</strong> <del>z</del> <code>c</code></p>'],
          ['`<b>`', '<p><code>&lt;b&gt;</code></p>'],
        ],
        'messages.render.inline',
      ),
  },
  {
    id: 'messages.render.mention',
    title: 'A mention of another member (any letter case) renders as a user-mention span with their id and stored name',
    clauses: ['messages.render.mention'],
    level: 'compat',
    endpoint: RENDER,
    run: (ctx) => {
      const other = ctx.cast.otherMember;
      const span = `<p>hi <span class="user-mention" data-user-id="${other.userId}">@${other.fullName}</span></p>`;
      return expectRenderings(
        ctx,
        [
          [`hi ${mention(other)}`, span],
          [`hi @**${other.fullName.toUpperCase()}**`, span],
        ],
        'messages.render.mention',
      );
    },
  },
  {
    id: 'messages.render.emoji',
    title: 'An emoji name in colons renders as the emoji span',
    clauses: ['messages.render.emoji'],
    level: 'compat',
    endpoint: RENDER,
    run: (ctx) =>
      expectRenderings(
        ctx,
        [[':cat:', '<p><span aria-label="cat" class="emoji emoji-1f408" role="img" title="cat">:cat:</span></p>']],
        'messages.render.emoji',
      ),
  },
]);
