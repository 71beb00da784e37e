/** saved_snippets events: the owner hears of each change, nobody else does. */
import { type CheckContext, defineChecks } from '../../check.js';
import { exactEvent, expectEvents, expectNoEvents } from '../../events/expect-events.js';
import { settle, withQueues } from '../../events/queue.js';
import { expectSuccess } from '../../expect.js';
import { createSnippet, findSnippet, snippetTitle, withSnippets } from './support.js';

const TYPES = ['saved_snippets', 'user_status'];

async function events(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  await withSnippets(ctx, async (made) => {
    await withQueues(ctx, { owner: [member, { eventTypes: TYPES }], other: [otherMember, { eventTypes: TYPES }] }, async (queues) => {
      const title = snippetTitle(ctx, 'heard');
      const id = made(member, await createSnippet(ctx, member, title, 'first'));
      const created = await findSnippet(ctx, member, id);
      expectSuccess(await ctx.call(member, 'PATCH', `/saved_snippets/${id}`, { content: 'second' }));
      expectSuccess(await ctx.call(member, 'DELETE', `/saved_snippets/${id}`));
      await settle(ctx, [queues.owner, queues.other]);
      const snippet = { id, title, content: 'first', date_created: created?.['date_created'] };
      await expectEvents(queues.owner, [exactEvent({ type: 'saved_snippets', op: 'add', saved_snippet: snippet })], {
        what: 'creating a snippet',
        clause: 'events.snippets.add',
      });
      await expectEvents(queues.owner, [exactEvent({ type: 'saved_snippets', op: 'update', saved_snippet: { ...snippet, content: 'second' } })], {
        what: 'editing a snippet',
        clause: 'events.snippets.update',
      });
      await expectEvents(queues.owner, [exactEvent({ type: 'saved_snippets', op: 'remove', saved_snippet_id: id })], {
        what: 'deleting a snippet',
        clause: 'events.snippets.remove',
      });
      expectNoEvents(queues.other, (event) => event.type === 'saved_snippets', {
        what: 'another user’s snippets',
        clause: 'events.snippets.owner-only',
      });
    });
  });
}

export const SAVED_SNIPPET_EVENT_CHECKS = defineChecks([
  {
    id: 'events.snippets',
    title: 'Given queues of two members, when one creates, edits and deletes a snippet, then they get add, update and remove and the other gets nothing',
    clauses: ['events.snippets.add', 'events.snippets.update', 'events.snippets.remove', 'events.snippets.owner-only'],
    level: 'compat',
    endpoint: 'POST /saved_snippets',
    run: events,
  },
]);
