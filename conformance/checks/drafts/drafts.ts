/** The draft endpoints (the real server's): creating, listing, editing, deleting, register and events. Every check deletes its drafts. */
import { type CheckContext, defineChecks } from '../../check.js';
import { exactEvent, expectEvents, expectNoEvents } from '../../events/expect-events.js';
import { settle, withQueues } from '../../events/queue.js';
import { expectEqual, expectError, expectSuccess, expectUnchanged } from '../../expect.js';
import { messagesChannel } from '../messages/support.js';
import { createDrafts, listDrafts, withDrafts } from './support.js';

const CREATE = 'POST /drafts';
const EDIT = 'PATCH /drafts/{draft_id}';
const DELETE = 'DELETE /drafts/{draft_id}';
const NOT_FOUND = 'Draft does not exist';
/** A fixed past time in whole seconds, so the listing can be compared exactly. */
const EDITED_AT = 1_700_000_000;

async function createAndList(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  await withDrafts(ctx, async (made) => {
    const topic = ctx.unique('draft').slice(-50);
    const drafts = [
      { type: 'stream', to: [channel.id], topic, content: 'First draft', timestamp: EDITED_AT },
      { type: 'private', to: [otherMember.userId], topic: '', content: 'Second draft', timestamp: EDITED_AT + 1 },
    ];
    const [first, second] = made(member, await createDrafts(ctx, member, drafts, 'drafts.create.list'));
    const listed = await listDrafts(ctx, member, 'drafts.create.list');
    const mine = listed.drafts.filter((draft) => draft['id'] === first || draft['id'] === second);
    expectEqual(
      mine,
      [
        { id: first, ...drafts[0] },
        { id: second, ...drafts[1] },
      ],
      'the two drafts as GET /drafts lists them (oldest edit first)',
      'drafts.create.list',
    );
    expectEqual(listed.count, listed.drafts.length, 'count: the number of drafts listed', 'drafts.create.list');
    const theirs = await listDrafts(ctx, otherMember);
    expectEqual(theirs.drafts.filter((draft) => draft['id'] === first).length, 0, 'the member’s draft among the other member’s', 'drafts.create.list');
    const registered = expectSuccess(await ctx.call(member, 'POST', '/register', { fetch_event_types: '["drafts"]' }), 'drafts.register')[
      'drafts'
    ] as unknown[];
    const order = (registered as { id: number }[]).map((draft) => draft.id).filter((id) => id === first || id === second);
    expectEqual(order, [second, first], 'the two drafts in register (newest edit first)', 'drafts.register');
  });
}

async function refused(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const good = { type: 'stream', to: [channel.id], topic: 'refused', content: 'x' };
  const before = await listDrafts(ctx, member);
  const refuse = async (drafts: unknown[], msg: string) =>
    expectError(await ctx.call(member, 'POST', '/drafts', { drafts: JSON.stringify(drafts) }), 400, 'BAD_REQUEST', msg, 'drafts.create.refused');
  await refuse([good, { ...good, to: [] }], 'Must specify exactly 1 channel ID for channel messages');
  await refuse([{ ...good, timestamp: -5 }], 'Timestamp must not be negative.');
  await refuse([{ ...good, content: '  ' }], 'drafts[0]["content"] cannot be blank');
  expectUnchanged(before, await listDrafts(ctx, member), 'the member’s drafts after refused creations', 'drafts.create.refused');
}

async function editAndDelete(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  await withDrafts(ctx, async (made) => {
    const [id] = made(member, await createDrafts(ctx, member, [{ type: 'stream', to: [channel.id], topic: 'before', content: 'Before' }]));
    const edited = { type: '', to: [], topic: '', content: 'After', timestamp: EDITED_AT };
    expectSuccess(await ctx.call(member, 'PATCH', `/drafts/${id}`, { draft: JSON.stringify(edited) }), 'drafts.edit');
    const find = async () => (await listDrafts(ctx, member)).drafts.find((draft) => draft['id'] === id);
    expectEqual(await find(), { id, ...edited }, `draft ${id} after the edit`, 'drafts.edit');
    expectError(await ctx.call(otherMember, 'PATCH', `/drafts/${id}`, { draft: JSON.stringify(edited) }), 404, 'BAD_REQUEST', NOT_FOUND, 'drafts.edit');
    expectError(await ctx.call(otherMember, 'DELETE', `/drafts/${id}`), 404, 'BAD_REQUEST', NOT_FOUND, 'drafts.delete');
    expectEqual(await find(), { id, ...edited }, `draft ${id} after another user tried to change it`, 'drafts.delete');
    expectSuccess(await ctx.call(member, 'DELETE', `/drafts/${id}`), 'drafts.delete');
    expectEqual(await find(), undefined, `draft ${id} after its deletion`, 'drafts.delete');
    expectError(await ctx.call(member, 'DELETE', `/drafts/${id}`), 404, 'BAD_REQUEST', NOT_FOUND, 'drafts.delete');
  });
}

async function events(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const types = ['drafts', 'user_status'];
  await withDrafts(ctx, async (made) => {
    await withQueues(ctx, { owner: [member, { eventTypes: types }], other: [otherMember, { eventTypes: types }] }, async (queues) => {
      const draft = { type: '', to: [], topic: '', content: 'Heard', timestamp: EDITED_AT };
      const [id] = made(member, await createDrafts(ctx, member, [draft]));
      expectSuccess(await ctx.call(member, 'PATCH', `/drafts/${id}`, { draft: JSON.stringify({ ...draft, content: 'Heard again' }) }));
      expectSuccess(await ctx.call(member, 'DELETE', `/drafts/${id}`));
      await settle(ctx, [queues.owner, queues.other]);
      await expectEvents(
        queues.owner,
        [
          exactEvent({ type: 'drafts', op: 'add', drafts: [{ id, ...draft }] }),
          exactEvent({ type: 'drafts', op: 'update', draft: { id, ...draft, content: 'Heard again' } }),
          exactEvent({ type: 'drafts', op: 'remove', draft_id: id }),
        ],
        { what: 'creating, editing and deleting a draft', clause: 'events.drafts', ordered: true },
      );
      expectNoEvents(queues.other, (event) => event.type === 'drafts', { what: 'another user’s drafts', clause: 'events.drafts' });
    });
  });
}

export const DRAFT_CHECKS = defineChecks([
  {
    id: 'drafts.create.list',
    title:
      'When a member creates a channel and a direct draft, then the ids come back in order, GET lists them with a count to them alone, and register lists the newest first',
    clauses: ['drafts.create.list', 'drafts.register'],
    level: 'compat',
    endpoint: CREATE,
    run: createAndList,
  },
  {
    id: 'drafts.create.refused',
    title: 'When a draft has no single channel, a negative timestamp or blank content, then it is refused with its text and nothing is stored',
    clauses: ['drafts.create.refused'],
    level: 'compat',
    endpoint: CREATE,
    run: refused,
  },
  {
    id: 'drafts.edit-delete',
    title:
      'Given a member’s draft, when they replace it it is listed as sent; another member’s edit or delete is 404; the member deletes it and a second delete is 404',
    clauses: ['drafts.edit', 'drafts.delete'],
    level: 'compat',
    endpoint: EDIT,
    run: editAndDelete,
  },
  {
    id: 'events.drafts',
    title: 'Given queues of two members, when one creates, edits and deletes a draft, then they get add, update and remove and the other nothing',
    clauses: ['events.drafts'],
    level: 'compat',
    endpoint: DELETE,
    run: events,
  },
]);
