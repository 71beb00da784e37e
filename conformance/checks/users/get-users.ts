/** GET /users, GET /users/me and GET /users/{email}: the reads the spec leaves to the real server. */
import { defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { paramSince } from '../../feature-level.js';
import { listUsers, placeholderFor, placeholderHost, readUser, uniqueEmail } from './support.js';
import { expectUserShape } from './user-record.js';

export const GET_USERS_CHECKS = defineChecks([
  {
    id: 'users.list.members',
    title: 'Given each role, when it lists users, then every cast member is among `members`',
    clauses: ['users.list.members'],
    level: 'compat',
    endpoint: 'GET /users',
    async run(ctx) {
      const { owner, administrator, moderator, member, otherMember, guest } = ctx.cast;
      const cast = [owner, administrator, moderator, member, otherMember, guest];
      for (const viewer of cast) {
        const ids = new Set((await listUsers(ctx, viewer)).map((user) => user['user_id']));
        for (const actor of cast) expectTrue(ids.has(actor.userId), `${viewer.email}'s list to contain user ${actor.userId}`);
      }
    },
  },
  {
    id: 'users.list.deactivated',
    title: 'Given a deactivated user, when the member lists users, then the user is listed with is_active false',
    clauses: ['users.list.members', 'users.record.is-active'],
    level: 'compat',
    endpoint: 'GET /users',
    async run(ctx) {
      const user = await ctx.newUser();
      expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${user.userId}`));
      const listed = (await listUsers(ctx, ctx.cast.member)).find((entry) => entry['user_id'] === user.userId);
      expectEqual(listed?.['is_active'], false, 'the deactivated user in the list');
    },
  },
  {
    id: 'users.list.user-ids',
    title: 'Given user_ids naming two users, then exactly those two are listed',
    clauses: ['users.list.user-ids', 'general.params.encoding'],
    level: 'compat',
    endpoint: 'GET /users',
    // Changelog 384: the user_ids parameter.
    since: paramSince('get-users', 'user_ids'),
    async run(ctx) {
      const wanted = [ctx.cast.guest.userId, ctx.cast.member.userId];
      const listed = await listUsers(ctx, ctx.cast.otherMember, { user_ids: JSON.stringify(wanted) });
      expectEqual(
        listed.map((user) => user['user_id']).sort((a, b) => a - b),
        [...wanted].sort((a, b) => a - b),
        'the listed ids',
      );
    },
  },
  {
    id: 'users.me.flat',
    title:
      'Given each cast member, when GET /users/me is called, then their own fields come back flat with real address, avatar URL, profile_data and max_message_id',
    clauses: ['users.me.flat'],
    level: 'compat',
    endpoint: 'GET /users/me',
    async run(ctx) {
      const { owner, administrator, moderator, member, guest } = ctx.cast;
      for (const actor of [owner, administrator, moderator, member, guest]) {
        const me = expectSuccess(await ctx.call(actor, 'GET', '/users/me'));
        expectTrue(!('user' in me), `GET /users/me to be flat, got ${JSON.stringify(me)}`);
        expectUserShape(me, `GET /users/me as ${actor.email}`, ctx.featureLevel);
        expectEqual([me['user_id'], String(me['delivery_email']).toLowerCase()], [actor.userId, actor.email.toLowerCase()], 'user_id and delivery_email');
        expectTrue(typeof me['avatar_url'] === 'string', `a non-null avatar_url, got ${JSON.stringify(me['avatar_url'])}`);
        expectTrue(Number.isInteger(me['max_message_id']), `an integer max_message_id, got ${JSON.stringify(me['max_message_id'])}`);
        expectTrue(me['profile_data'] !== null && typeof me['profile_data'] === 'object', `profile_data, got ${JSON.stringify(me['profile_data'])}`);
      }
    },
  },
  {
    id: 'users.get-by-email.real',
    title: 'Given a user’s real address, when they or an administrator who sees it look it up, then that user comes back',
    clauses: ['users.get-by-email.real'],
    level: 'compat',
    endpoint: 'GET /users/{email}',
    async run(ctx) {
      const user = await ctx.sharedMember(0);
      const path = `/users/${encodeURIComponent(user.email)}`;
      expectEqual(
        (expectSuccess(await ctx.call(user, 'GET', path))['user'] as Record<string, unknown>)['user_id'],
        user.userId,
        'the user found by themselves',
      );
      if ((await readUser(ctx, ctx.cast.administrator, user.userId))['delivery_email'] !== null) {
        expectEqual(
          (expectSuccess(await ctx.call(ctx.cast.administrator, 'GET', path))['user'] as Record<string, unknown>)['user_id'],
          user.userId,
          'the user found by the administrator',
        );
      }
    },
  },
  {
    id: 'users.get-by-email.placeholder',
    title: 'Given a user’s placeholder address, when any role looks it up, then that user comes back',
    clauses: ['users.get-by-email.placeholder'],
    level: 'compat',
    endpoint: 'GET /users/{email}',
    async run(ctx) {
      const host = await placeholderHost(ctx);
      const target = ctx.cast.otherMember;
      for (const viewer of [ctx.cast.guest, ctx.cast.member, ctx.cast.owner]) {
        const body = expectSuccess(await ctx.call(viewer, 'GET', `/users/${encodeURIComponent(placeholderFor(host, target.userId))}`));
        expectEqual((body['user'] as Record<string, unknown>)['user_id'], target.userId, `the user found by ${viewer.email}`);
      }
    },
  },
  {
    id: 'users.get-by-email.unknown',
    title: 'Given an address nobody has, then the lookup is 400 BAD_REQUEST "No such user"',
    clauses: ['users.get-by-email.unknown'],
    level: 'compat',
    endpoint: 'GET /users/{email}',
    async run(ctx) {
      expectError(await ctx.call(ctx.cast.owner, 'GET', `/users/${encodeURIComponent(uniqueEmail(ctx, 'nobody'))}`), 400, 'BAD_REQUEST', 'No such user');
    },
  },
]);
