/** POST /users: administrators with can_create_users make accounts. */
import { defineChecks } from '../../check.js';
import { expectClientError, expectEqual, expectError, expectTrue, expectUnchanged } from '../../expect.js';
import { createAccount, expectCode, login, nonAdministrators, passwordFor, readUser, retire, uniqueEmail, userCount } from './support.js';

const ENDPOINT = 'POST /users';

export const CREATE_USER_CHECKS = defineChecks([
  {
    id: 'users.create.admin-only',
    title: 'Given a moderator, a member and a guest, when each creates a user, then each fails and nobody is created',
    clauses: ['users.create.admin-only'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const before = await userCount(ctx);
      for (const actor of nonAdministrators(ctx)) {
        const response = await ctx.call(actor, 'POST', '/users', { email: uniqueEmail(ctx, 'byrole'), password: passwordFor(ctx), full_name: 'Not Created' });
        const body = expectClientError(response, 'users.create.admin-only');
        expectTrue(!('user_id' in body), `no user_id for ${actor.email}, got ${JSON.stringify(body)}`, 'users.create.admin-only');
      }
      expectUnchanged(before, await userCount(ctx), 'the number of users', 'users.create.admin-only');
    },
  },
  {
    id: 'users.create.can-create-users',
    title: 'Given an administrator made through the API (so without can_create_users), when it creates a user, then it fails and nobody is created',
    clauses: ['users.create.can-create-users'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const before = await userCount(ctx);
      const response = await ctx.call(ctx.cast.administrator, 'POST', '/users', {
        email: uniqueEmail(ctx, 'byadmin'),
        password: passwordFor(ctx),
        full_name: 'Not Created',
      });
      expectCode(response, 'BAD_REQUEST', 'users.create.can-create-users');
      expectUnchanged(before, await userCount(ctx), 'the number of users', 'users.create.can-create-users');
    },
  },
  {
    id: 'users.create.errors',
    title: 'Given non-administrators and an administrator without can_create_users, then the errors are the real server’s',
    clauses: ['users.create.errors'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      for (const actor of nonAdministrators(ctx)) {
        const response = await ctx.call(actor, 'POST', '/users', { email: uniqueEmail(ctx, 'byrole'), password: passwordFor(ctx), full_name: 'Not Created' });
        expectError(response, 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
      }
      const response = await ctx.call(ctx.cast.administrator, 'POST', '/users', {
        email: uniqueEmail(ctx, 'byadmin'),
        password: passwordFor(ctx),
        full_name: 'Not Created',
      });
      expectError(response, 400, 'BAD_REQUEST', 'User not authorized to create users');
    },
  },
  {
    id: 'users.create.required',
    title: 'Given a creation missing email, password or full_name, then each fails and nobody is created',
    clauses: ['users.create.required'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const before = await userCount(ctx);
      const complete = { email: uniqueEmail(ctx, 'partial'), password: passwordFor(ctx), full_name: 'Partly Given' };
      for (const left of ['email', 'password', 'full_name'] as const) {
        const params: Record<string, string> = { ...complete };
        delete params[left];
        expectClientError(await ctx.call(ctx.cast.owner, 'POST', '/users', params), 'users.create.required');
      }
      expectUnchanged(before, await userCount(ctx), 'the number of users', 'users.create.required');
    },
  },
  {
    id: 'users.create.returns-id',
    title: 'Given an owner creating a user, then the answer is the new user_id and that user exists with the given address and name',
    clauses: ['users.create.returns-id'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const before = await userCount(ctx);
      const account = await createAccount(ctx, 'created');
      expectEqual(await userCount(ctx), before + 1, 'the number of users after one creation', 'users.create.returns-id');
      const read = await readUser(ctx, ctx.cast.owner, account.userId);
      expectEqual(read['full_name'], account.fullName, 'full_name of the new user', 'users.create.returns-id');
      const self = await login(ctx, account);
      const own = await readUser(ctx, self, account.userId);
      expectEqual(String(own['delivery_email']).toLowerCase(), account.email, 'the new user’s address as they see it', 'users.create.returns-id');
      await retire(ctx, account.userId);
    },
  },
  {
    id: 'users.create.defaults',
    title: 'Given a new user, then they are an active human member',
    clauses: ['users.create.defaults'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const account = await createAccount(ctx, 'defaults');
      const read = await readUser(ctx, ctx.cast.owner, account.userId);
      expectEqual([read['role'], read['is_active'], read['is_bot']], [400, true, false], 'role, is_active, is_bot');
      await retire(ctx, account.userId);
    },
  },
  {
    id: 'users.create.duplicate-email',
    title:
      'Given an address already in use (a cast member’s, or one just created), when it is used again, then it fails with BAD_REQUEST and nobody is created',
    clauses: ['users.create.duplicate-email'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const account = await createAccount(ctx, 'duplicate');
      const before = await userCount(ctx);
      for (const email of [account.email, ctx.cast.member.email]) {
        expectCode(
          await ctx.call(ctx.cast.owner, 'POST', '/users', { email, password: passwordFor(ctx), full_name: 'Second Holder' }),
          'BAD_REQUEST',
          'users.create.duplicate-email',
        );
      }
      expectUnchanged(before, await userCount(ctx), 'the number of users', 'users.create.duplicate-email');
      expectEqual((await readUser(ctx, ctx.cast.owner, account.userId))['full_name'], account.fullName, 'the first holder’s name');
      await retire(ctx, account.userId);
    },
  },
  {
    id: 'users.create.validation',
    title:
      'Given a blank or forbidden name, an invalid address, a weak password or an upper-case duplicate, then each is 400 BAD_REQUEST and nobody is created',
    clauses: ['users.create.validation'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const account = await createAccount(ctx, 'validation');
      const before = await userCount(ctx);
      const fresh = () => ({ email: uniqueEmail(ctx, 'invalid'), password: passwordFor(ctx), full_name: 'Valid Name' });
      const cases: [Record<string, string>, string][] = [
        [{ ...fresh(), full_name: '   ' }, 'Name too short!'],
        [{ ...fresh(), full_name: 'x'.repeat(101) }, 'Name too long!'],
        [{ ...fresh(), full_name: 'At @ Sign' }, 'Invalid characters in name!'],
        [{ ...fresh(), email: 'not-an-address' }, 'Bad name or username'],
        [{ ...fresh(), password: 'abc' }, 'The password is too weak.'],
      ];
      for (const [params, message] of cases) expectError(await ctx.call(ctx.cast.owner, 'POST', '/users', params), 400, 'BAD_REQUEST', message);
      const upper = await ctx.call(ctx.cast.owner, 'POST', '/users', { ...fresh(), email: account.email.toUpperCase() });
      expectError(upper, 400, 'BAD_REQUEST');
      expectTrue(
        /already in use/i.test(String((upper.body as Record<string, unknown>)['msg'])),
        `an "already in use" message, got ${JSON.stringify(upper.body)}`,
      );
      expectUnchanged(before, await userCount(ctx), 'the number of users');
      await retire(ctx, account.userId);
    },
  },
]);
