/** PATCH /users/{email}: the same update, the target named by address. */
import { defineChecks } from '../../check.js';
import { expectClientError, expectEqual, expectError, expectSuccess, expectUnchanged } from '../../expect.js';
import { adjustableMember, nonAdministrators, placeholderFor, placeholderHost, readUser, snapshot, uniqueEmail } from './support.js';

const ENDPOINT = 'PATCH /users/{email}';

const byAddress = (email: string) => `/users/${encodeURIComponent(email)}`;

export const UPDATE_USER_BY_EMAIL_CHECKS = defineChecks([
  {
    id: 'users.update-by-email.same',
    title:
      'Given an administrator, when it renames and re-roles a user by address, then the changes read back as they would by id, and granting the owner role still fails',
    clauses: ['users.update-by-email.same', 'users.update-by-email.address'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const target = await adjustableMember(ctx);
      const host = await placeholderHost(ctx);
      const admin = ctx.cast.administrator;
      const seen = (await readUser(ctx, admin, target.userId))['delivery_email'];
      // The real address only names the target for a requester who may see it; the placeholder always does.
      const address = typeof seen === 'string' ? seen : placeholderFor(host, target.userId);
      const name = ctx.unique('byemail');
      expectSuccess(await ctx.call(admin, 'PATCH', byAddress(address), { full_name: name, role: '300' }), 'users.update-by-email.same');
      const after = await readUser(ctx, ctx.cast.member, target.userId);
      expectEqual([after['full_name'], after['role']], [name, 300], 'name and role read back', 'users.update-by-email.same');
      const before = await snapshot(ctx, target.userId);
      expectClientError(await ctx.call(admin, 'PATCH', byAddress(address), { role: '100' }), 'users.update-by-email.same');
      expectUnchanged(before, await snapshot(ctx, target.userId), 'the user after a refused owner grant', 'users.update-by-email.same');
    },
  },
  {
    id: 'users.update-by-email.placeholder',
    title: 'Given a user’s placeholder address, when an administrator renames them by it, then the new name reads back',
    clauses: ['users.update-by-email.address'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const target = await adjustableMember(ctx);
      const name = ctx.unique('byplaceholder');
      const address = placeholderFor(await placeholderHost(ctx), target.userId);
      expectSuccess(await ctx.call(ctx.cast.administrator, 'PATCH', byAddress(address), { full_name: name }), 'users.update-by-email.address');
      expectEqual((await readUser(ctx, ctx.cast.member, target.userId))['full_name'], name, 'the name read back', 'users.update-by-email.address');
    },
  },
  {
    id: 'users.update-by-email.admin-only',
    title: 'Given a moderator, a member and a guest, when each updates a user by address, then each fails and nothing changes',
    clauses: ['users.update-by-email.admin-only'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const target = await adjustableMember(ctx);
      const address = placeholderFor(await placeholderHost(ctx), target.userId);
      const before = await snapshot(ctx, target.userId);
      for (const actor of nonAdministrators(ctx)) {
        expectClientError(await ctx.call(actor, 'PATCH', byAddress(address), { full_name: 'Renamed By Nobody' }), 'users.update-by-email.admin-only');
        expectClientError(await ctx.call(actor, 'PATCH', byAddress(target.email), { role: '200' }), 'users.update-by-email.admin-only');
      }
      expectUnchanged(before, await snapshot(ctx, target.userId), 'the target user', 'users.update-by-email.admin-only');
    },
  },
  {
    id: 'users.update-by-email.unknown',
    title: 'Given an address nobody has, when an administrator updates it, then it is 400 BAD_REQUEST "No such user"',
    clauses: ['users.update-by-email.unknown'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      expectError(
        await ctx.call(ctx.cast.administrator, 'PATCH', byAddress(uniqueEmail(ctx, 'nobody')), { full_name: 'Nobody Here' }),
        400,
        'BAD_REQUEST',
        'No such user',
      );
    },
  },
]);
