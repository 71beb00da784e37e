/** POST /users/{user_id}/reactivate, POST /users/me/api_key/regenerate and DELETE /users/me, on throw-away users. */
import { defineChecks } from '../../check.js';
import { type Body, expectClientError, expectEqual, expectError, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';

export const ACCOUNT_CHECKS = defineChecks([
  {
    id: 'users.reactivate',
    title:
      'Given a deactivated user, when a member and then an administrator reactivate them, then only the administrator succeeds, the user authenticates again, and a second reactivation fails',
    clauses: ['users.reactivate.restores', 'users.reactivate.admin-only', 'users.reactivate.already-active'],
    level: 'compat',
    endpoint: 'POST /users/{user_id}/reactivate',
    async run(ctx) {
      const { administrator, member } = ctx.cast;
      const user = await ctx.newUser();
      expectSuccess(await ctx.call(administrator, 'DELETE', `/users/${user.userId}`));
      expectClientError(await ctx.call(member, 'POST', `/users/${user.userId}/reactivate`), 'users.reactivate.admin-only');
      expectSuccess(await ctx.call(administrator, 'POST', `/users/${user.userId}/reactivate`), 'users.reactivate.restores');
      expectSuccess(await ctx.call(user, 'GET', '/users/me'), 'users.reactivate.restores');
      const before = expectSuccess(await ctx.call(administrator, 'GET', `/users/${user.userId}`))['user'] as Body;
      expectClientError(await ctx.call(administrator, 'POST', `/users/${user.userId}/reactivate`), 'users.reactivate.already-active');
      const after = expectSuccess(await ctx.call(administrator, 'GET', `/users/${user.userId}`))['user'] as Body;
      expectUnchanged(before, after, 'the user', 'users.reactivate.already-active');
      await ctx.call(administrator, 'DELETE', `/users/${user.userId}`);
    },
  },
  {
    id: 'users.own-key.regenerate',
    title: 'When a user regenerates their own key, then the new key works at once and the old one is refused',
    clauses: ['users.own-key.regenerate'],
    level: 'compat',
    endpoint: 'POST /users/me/api_key/regenerate',
    async run(ctx) {
      const user = await ctx.newUser();
      const apiKey = expectSuccess(await ctx.call(user, 'POST', '/users/me/api_key/regenerate'), 'users.own-key.regenerate')['api_key'];
      expectTrue(typeof apiKey === 'string' && apiKey !== user.apiKey, `a new key, got ${JSON.stringify(apiKey)}`, 'users.own-key.regenerate');
      expectError(await ctx.call(user, 'GET', '/users/me'), 401, 'UNAUTHORIZED', undefined, 'users.own-key.regenerate');
      const me = expectSuccess(await ctx.call({ email: user.email, apiKey: apiKey as string }, 'GET', '/users/me'), 'users.own-key.regenerate');
      expectEqual(me['user_id'], user.userId, 'the user the new key names', 'users.own-key.regenerate');
      await ctx.call(ctx.cast.administrator, 'DELETE', `/users/${user.userId}`);
    },
  },
  {
    id: 'users.deactivate-self',
    title: 'When a member deactivates their own account, then they can no longer authenticate and read back inactive',
    clauses: ['users.deactivate-self.deactivates'],
    level: 'compat',
    endpoint: 'DELETE /users/me',
    async run(ctx) {
      const user = await ctx.newUser();
      expectSuccess(await ctx.call(user, 'DELETE', '/users/me'), 'users.deactivate-self.deactivates');
      expectError(await ctx.call(user, 'GET', '/users/me'), 401, 'UNAUTHORIZED', undefined, 'users.deactivate-self.deactivates');
      const read = expectSuccess(await ctx.call(ctx.cast.administrator, 'GET', `/users/${user.userId}`))['user'] as Body;
      expectEqual(read['is_active'], false, 'is_active read back', 'users.deactivate-self.deactivates');
    },
  },
]);
