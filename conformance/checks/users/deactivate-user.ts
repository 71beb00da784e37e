/**
 * DELETE /users/{user_id}. Bots cannot be created through the endpoints the
 * suite covers, so "bots controlled by the user are deactivated first" has
 * no check yet.
 */
import { defineChecks } from '../../check.js';
import { expectClientError, expectEqual, expectError, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';
import { activeHumanOwners, expectCode, nonAdministrators, readUser, snapshot, unknownUserId } from './support.js';

const ENDPOINT = 'DELETE /users/{user_id}';

export const DEACTIVATE_USER_CHECKS = defineChecks([
  {
    id: 'users.deactivate.admin-only',
    title: 'Given a moderator, a member and a guest, when each deactivates a member, then each fails and the member stays active',
    clauses: ['users.deactivate.admin-only'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const target = await ctx.newUser();
      const before = await snapshot(ctx, target.userId);
      for (const actor of nonAdministrators(ctx)) expectClientError(await ctx.call(actor, 'DELETE', `/users/${target.userId}`), 'users.deactivate.admin-only');
      expectUnchanged(before, await snapshot(ctx, target.userId), 'the target user', 'users.deactivate.admin-only');
      expectSuccess(await ctx.call(target, 'GET', '/users/me'));
    },
  },
  {
    id: 'users.deactivate.deactivates',
    title: 'Given an administrator, when it deactivates a member, then the member reads back inactive and can no longer authenticate',
    clauses: ['users.deactivate.deactivates', 'users.record.is-active'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const target = await ctx.newUser();
      expectSuccess(await ctx.call(ctx.cast.administrator, 'DELETE', `/users/${target.userId}`), 'users.deactivate.deactivates');
      expectEqual((await readUser(ctx, ctx.cast.member, target.userId))['is_active'], false, 'is_active read back', 'users.deactivate.deactivates');
      expectClientError(await ctx.call(target, 'GET', '/users/me'), 'users.deactivate.deactivates');
    },
  },
  {
    id: 'users.deactivate.only-owner',
    title:
      'Given a realm whose only owner is the run’s owner, when anyone deactivates that owner, then it fails with BAD_REQUEST and they stay active (vacuous when the realm has other owners)',
    clauses: ['users.deactivate.only-owner'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const owners = await activeHumanOwners(ctx);
      if (owners.length !== 1 || owners[0]!['user_id'] !== ctx.cast.owner.userId) return;
      const before = await snapshot(ctx, ctx.cast.owner.userId);
      expectCode(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${ctx.cast.owner.userId}`), 'BAD_REQUEST', 'users.deactivate.only-owner');
      expectClientError(await ctx.call(ctx.cast.administrator, 'DELETE', `/users/${ctx.cast.owner.userId}`), 'users.deactivate.only-owner');
      expectUnchanged(before, await snapshot(ctx, ctx.cast.owner.userId), 'the owner', 'users.deactivate.only-owner');
    },
  },
  {
    id: 'users.deactivate.delete-profile',
    title:
      'Given one active and one already deactivated user, when each is deactivated with actions.delete_profile, then both names become the same fixed deleted-user name',
    clauses: ['users.deactivate.delete-profile', 'users.deactivate.params'],
    level: 'spec',
    endpoint: ENDPOINT,
    // The actions parameter came at feature level 459.
    since: 459,
    async run(ctx) {
      const active = await ctx.newUser();
      const earlier = await ctx.newUser();
      expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${earlier.userId}`));
      const actions = JSON.stringify({ delete_profile: true });
      for (const user of [active, earlier]) {
        const body = expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${user.userId}`, { actions }), 'users.deactivate.delete-profile');
        expectTrue(!(body['ignored_parameters_unsupported'] ?? []).includes('actions'), 'actions not to be ignored', 'users.deactivate.params');
      }
      const [first, second] = [await readUser(ctx, ctx.cast.owner, active.userId), await readUser(ctx, ctx.cast.owner, earlier.userId)];
      expectEqual([first['is_active'], second['is_active']], [false, false], 'is_active of both', 'users.deactivate.delete-profile');
      expectTrue(
        first['full_name'] !== active.fullName && second['full_name'] !== earlier.fullName,
        `both names replaced, got ${JSON.stringify([first['full_name'], second['full_name']])}`,
        'users.deactivate.delete-profile',
      );
      expectEqual(first['full_name'], second['full_name'], 'the two deleted-user names', 'users.deactivate.delete-profile');
    },
  },
  {
    id: 'users.deactivate.params',
    title: 'Given a deactivation with a notification comment and empty actions, then it succeeds, reports neither as ignored, and the user is inactive',
    clauses: ['users.deactivate.params', 'users.deactivate.deactivates'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const target = await ctx.newUser();
      const body = expectSuccess(
        await ctx.call(ctx.cast.administrator, 'DELETE', `/users/${target.userId}`, {
          deactivation_notification_comment: 'Thanks for your help.',
          actions: '{}',
        }),
        'users.deactivate.params',
      );
      const ignored: unknown[] = body['ignored_parameters_unsupported'] ?? [];
      // actions came at feature level 459: an older server lists it as ignored.
      const knowsActions = ctx.featureLevel >= 459;
      expectTrue(
        !ignored.includes('deactivation_notification_comment') && ignored.includes('actions') !== knowsActions,
        `deactivation_notification_comment not ignored and actions ${knowsActions ? 'not ' : ''}ignored, got ${JSON.stringify(ignored)}`,
        'users.deactivate.params',
      );
      const read = await readUser(ctx, ctx.cast.owner, target.userId);
      expectEqual([read['is_active'], read['full_name']], [false, target.fullName], 'is_active and the kept name', 'users.deactivate.params');
    },
  },
  {
    id: 'users.deactivate.errors',
    title: 'Given a member deactivating, an unknown id, an already deactivated user and an over-long comment, then the errors are the real server’s',
    clauses: ['users.deactivate.errors'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const target = await ctx.newUser();
      expectError(await ctx.call(ctx.cast.member, 'DELETE', `/users/${target.userId}`), 400, 'BAD_REQUEST', 'Insufficient permission');
      expectError(await ctx.call(ctx.cast.administrator, 'DELETE', `/users/${await unknownUserId(ctx)}`), 400, 'BAD_REQUEST', 'No such user');
      const before = await snapshot(ctx, target.userId);
      expectError(
        await ctx.call(ctx.cast.administrator, 'DELETE', `/users/${target.userId}`, { deactivation_notification_comment: 'x'.repeat(2001) }),
        400,
        'BAD_REQUEST',
      );
      expectUnchanged(before, await snapshot(ctx, target.userId), 'the user after an over-long comment');
      expectSuccess(await ctx.call(ctx.cast.administrator, 'DELETE', `/users/${target.userId}`));
      expectError(await ctx.call(ctx.cast.administrator, 'DELETE', `/users/${target.userId}`), 400, 'BAD_REQUEST', 'User is deactivated');
    },
  },
  {
    id: 'users.deactivate.only-owner-message',
    title:
      'Given a realm with a single owner, when the owner deactivates themselves, then it is 400 BAD_REQUEST "Cannot deactivate the only organization owner"',
    clauses: ['users.deactivate.errors'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const owners = await activeHumanOwners(ctx);
      if (owners.length !== 1 || owners[0]!['user_id'] !== ctx.cast.owner.userId) return;
      expectError(
        await ctx.call(ctx.cast.owner, 'DELETE', `/users/${ctx.cast.owner.userId}`),
        400,
        'BAD_REQUEST',
        'Cannot deactivate the only organization owner',
      );
    },
  },
  {
    id: 'users.deactivate.owner-by-owner',
    title: 'Given a second owner, when an administrator deactivates them it fails with "Must be an organization owner"; when the owner does, it succeeds',
    clauses: ['users.deactivate.owner-by-owner', 'users.deactivate.errors'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const owner = await ctx.newUser(100);
      const before = await snapshot(ctx, owner.userId);
      expectError(await ctx.call(ctx.cast.administrator, 'DELETE', `/users/${owner.userId}`), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
      expectUnchanged(before, await snapshot(ctx, owner.userId), 'the second owner');
      expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${owner.userId}`));
      expectEqual((await readUser(ctx, ctx.cast.owner, owner.userId))['is_active'], false, 'is_active of the second owner');
    },
  },
]);
