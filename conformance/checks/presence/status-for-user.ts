/** POST /users/{user_id}/status: an administrator sets another user's status. The target is a fresh user the run deactivates. */
import { type CheckContext, defineChecks } from '../../check.js';
import { exactEvent, expectEvents } from '../../events/expect-events.js';
import { withQueues } from '../../events/queue.js';
import { expectEqual, expectError, expectSuccess } from '../../expect.js';

const STATUS_FOR_USER = 'POST /users/{user_id}/status';

async function statusOf(ctx: CheckContext, userId: number): Promise<unknown> {
  return expectSuccess(await ctx.call(ctx.cast.member, 'GET', `/users/${userId}/status`))['status'];
}

async function sets(ctx: CheckContext): Promise<void> {
  const { administrator, otherMember } = ctx.cast;
  const user = await ctx.newUser();
  const text = ctx.unique('status').slice(-60);
  await withQueues(ctx, { watcher: [otherMember, { eventTypes: ['user_status'] }] }, async (queues) => {
    expectSuccess(await ctx.call(administrator, 'POST', `/users/${user.userId}/status`, { status_text: text }), 'status.for-user.sets');
    expectEqual(await statusOf(ctx, user.userId), { status_text: text }, `the status of user ${user.userId}`, 'status.for-user.sets');
    await expectEvents(queues.watcher, [exactEvent({ type: 'user_status', user_id: user.userId, status_text: text })], {
      what: 'an administrator setting another user’s status',
      clause: 'status.for-user.event',
    });
  });
  expectSuccess(await ctx.call(administrator, 'POST', `/users/${user.userId}/status`, { status_text: '' }), 'status.for-user.sets');
  expectEqual(await statusOf(ctx, user.userId), {}, `the status of user ${user.userId} after clearing it`, 'status.for-user.sets');
}

async function refusals(ctx: CheckContext): Promise<void> {
  const { administrator, member } = ctx.cast;
  const user = await ctx.newUser();
  expectError(
    await ctx.call(member, 'POST', `/users/${user.userId}/status`, { status_text: 'not yours' }),
    400,
    'BAD_REQUEST',
    'Insufficient permission',
    'status.for-user.admin-only',
  );
  expectEqual(await statusOf(ctx, user.userId), {}, `the status of user ${user.userId} after a member's attempt`, 'status.for-user.admin-only');
  expectError(
    await ctx.call(administrator, 'POST', `/users/${user.userId}/status`),
    400,
    'BAD_REQUEST',
    'Client did not pass any new values.',
    'status.for-user.nothing',
  );
}

export const STATUS_FOR_USER_CHECKS = defineChecks([
  {
    id: 'status.for-user.sets',
    title: 'Given a fresh user, when an administrator sets and clears their status text, then GET shows it and a user_status event tells others',
    clauses: ['status.for-user.sets', 'status.for-user.event'],
    level: 'compat',
    endpoint: STATUS_FOR_USER,
    run: sets,
  },
  {
    id: 'status.for-user.refusals',
    title:
      'Given a fresh user, when a member sets their status or an administrator passes nothing, then "Insufficient permission" and "Client did not pass any new values."',
    clauses: ['status.for-user.admin-only', 'status.for-user.nothing'],
    level: 'compat',
    endpoint: STATUS_FOR_USER,
    run: refusals,
  },
]);
