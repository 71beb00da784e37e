/** The navigation view endpoints (the real server's). Every check removes the views it added. */
import { type CheckContext, defineChecks } from '../../check.js';
import { exactEvent, expectEvents, expectNoEvents } from '../../events/expect-events.js';
import { settle, withQueues } from '../../events/queue.js';
import { expectEqual, expectError, expectSuccess, expectUnchanged } from '../../expect.js';
import { listViews, viewFragment, withViews } from './support.js';

const ADD = 'POST /navigation_views';
const EDIT = 'PATCH /navigation_views/{fragment}';
const NOT_FOUND = 'Navigation view does not exist.';

async function addEditRemove(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  await withViews(ctx, async (made) => {
    const fragment = made(member, viewFragment(ctx, 'view'));
    const name = ctx.unique('View');
    expectSuccess(await ctx.call(member, 'POST', '/navigation_views', { fragment, is_pinned: 'true', name }), 'navigation-views.add.list');
    const find = async (actor = member) => (await listViews(ctx, actor)).find((view) => view['fragment'] === fragment);
    expectEqual(await find(), { fragment, is_pinned: true, name }, 'the new view as GET lists it', 'navigation-views.add.list');
    expectEqual(await find(otherMember), undefined, 'the member’s view among the other member’s', 'navigation-views.add.list');
    const registered = expectSuccess(await ctx.call(member, 'POST', '/register', { fetch_event_types: '["navigation_views"]' }), 'navigation-views.register');
    expectEqual(registered['navigation_views'], await listViews(ctx, member), 'register’s navigation_views against GET', 'navigation-views.register');
    const renamed = ctx.unique('Renamed');
    expectSuccess(
      await ctx.call(member, 'PATCH', `/navigation_views/${encodeURIComponent(fragment)}`, { is_pinned: 'false', name: renamed }),
      'navigation-views.edit',
    );
    expectEqual(await find(), { fragment, is_pinned: false, name: renamed }, 'the view after the edit', 'navigation-views.edit');
    const missing = viewFragment(ctx, 'missing');
    expectError(
      await ctx.call(member, 'PATCH', `/navigation_views/${encodeURIComponent(missing)}`, { is_pinned: 'true' }),
      404,
      'BAD_REQUEST',
      NOT_FOUND,
      'navigation-views.edit',
    );
    expectError(
      await ctx.call(otherMember, 'DELETE', `/navigation_views/${encodeURIComponent(fragment)}`),
      404,
      'BAD_REQUEST',
      NOT_FOUND,
      'navigation-views.remove',
    );
    expectSuccess(await ctx.call(member, 'DELETE', `/navigation_views/${encodeURIComponent(fragment)}`), 'navigation-views.remove');
    expectEqual(await find(), undefined, 'the view after its removal', 'navigation-views.remove');
    expectError(
      await ctx.call(member, 'DELETE', `/navigation_views/${encodeURIComponent(fragment)}`),
      404,
      'BAD_REQUEST',
      NOT_FOUND,
      'navigation-views.remove',
    );
  });
}

async function refused(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  await withViews(ctx, async (made) => {
    const fragment = made(member, viewFragment(ctx, 'taken'));
    const name = ctx.unique('Taken');
    expectSuccess(await ctx.call(member, 'POST', '/navigation_views', { fragment, is_pinned: 'true', name }));
    const before = await listViews(ctx, member);
    const refuse = async (params: Record<string, string>, msg: string) =>
      expectError(await ctx.call(member, 'POST', '/navigation_views', params), 400, 'BAD_REQUEST', msg, 'navigation-views.add.refused');
    await refuse({ fragment: 'narrow/is/starred', is_pinned: 'true', name: ctx.unique('Starred') }, 'Built-in views cannot have a custom name.');
    await refuse({ fragment: made(member, viewFragment(ctx, 'unnamed')), is_pinned: 'true' }, 'Custom views must have a valid name.');
    await refuse({ fragment, is_pinned: 'false', name: ctx.unique('Other') }, 'Navigation view already exists.');
    await refuse({ fragment: made(member, viewFragment(ctx, 'same-name')), is_pinned: 'false', name }, 'Navigation view already exists.');
    expectUnchanged(before, await listViews(ctx, member), 'the member’s views after refused additions', 'navigation-views.add.refused');
  });
}

async function events(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const types = ['navigation_view', 'user_status'];
  await withViews(ctx, async (made) => {
    await withQueues(ctx, { owner: [member, { eventTypes: types }], other: [otherMember, { eventTypes: types }] }, async (queues) => {
      const fragment = made(member, viewFragment(ctx, 'heard'));
      const name = ctx.unique('Heard');
      expectSuccess(await ctx.call(member, 'POST', '/navigation_views', { fragment, is_pinned: 'true', name }));
      expectSuccess(await ctx.call(member, 'PATCH', `/navigation_views/${encodeURIComponent(fragment)}`, { is_pinned: 'false' }));
      expectSuccess(await ctx.call(member, 'DELETE', `/navigation_views/${encodeURIComponent(fragment)}`));
      await settle(ctx, [queues.owner, queues.other]);
      await expectEvents(
        queues.owner,
        [
          exactEvent({ type: 'navigation_view', op: 'add', navigation_view: { fragment, is_pinned: true, name } }),
          exactEvent({ type: 'navigation_view', op: 'update', fragment, data: { is_pinned: false } }),
          exactEvent({ type: 'navigation_view', op: 'remove', fragment }),
        ],
        { what: 'adding, editing and removing a view', clause: 'events.navigation-views', ordered: true },
      );
      expectNoEvents(queues.other, (event) => event.type === 'navigation_view', { what: 'another user’s views', clause: 'events.navigation-views' });
    });
  });
}

export const NAVIGATION_VIEW_CHECKS = defineChecks([
  {
    id: 'navigation-views.lifecycle',
    title:
      'When a member adds a custom view, then GET and register list it; a PATCH by its encoded fragment changes it; a missing view is 404; then it is removed',
    clauses: ['navigation-views.add.list', 'navigation-views.register', 'navigation-views.edit', 'navigation-views.remove'],
    level: 'compat',
    endpoint: ADD,
    run: addEditRemove,
  },
  {
    id: 'navigation-views.add.refused',
    title: 'When a built-in view is named, a custom one is not, or a fragment or name repeats, then each is refused with its text and nothing is stored',
    clauses: ['navigation-views.add.refused'],
    level: 'compat',
    endpoint: ADD,
    run: refused,
  },
  {
    id: 'events.navigation-views',
    title: 'Given queues of two members, when one adds, edits and removes a view, then they get add, update and remove and the other nothing',
    clauses: ['events.navigation-views'],
    level: 'compat',
    endpoint: EDIT,
    run: events,
  },
]);
