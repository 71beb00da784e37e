/** GET /users/{user_id}. */
import { defineChecks } from '../../check.js';
import { type Body, expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { profileFields } from '../profile/fields.js';
import { readUser, unknownUserId } from './support.js';

const ENDPOINT = 'GET /users/{user_id}';

export const GET_USER_CHECKS = defineChecks([
  {
    id: 'users.get.user',
    title: 'Given each role, when it reads the member by id, then the answer is that user under `user`',
    clauses: ['users.get.user'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { owner, administrator, moderator, member, otherMember, guest } = ctx.cast;
      for (const viewer of [owner, administrator, moderator, otherMember, guest]) {
        const user = await readUser(ctx, viewer, member.userId);
        expectEqual([user['user_id'], user['full_name']], [member.userId, member.fullName], `the user read by ${viewer.email}`, 'users.get.user');
      }
    },
  },
  {
    id: 'users.get.client-gravatar',
    title: 'Given a user with no uploaded avatar reading themselves, then avatar_url is null by default and with client_gravatar=true, and a URL with false',
    clauses: ['users.get.client-gravatar', 'users.record.avatar-url'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const user = await ctx.sharedMember(0);
      expectEqual((await readUser(ctx, user, user.userId))['avatar_url'], null, 'avatar_url by default', 'users.get.client-gravatar');
      expectEqual(
        (await readUser(ctx, user, user.userId, { client_gravatar: 'true' }))['avatar_url'],
        null,
        'avatar_url with true',
        'users.get.client-gravatar',
      );
      const url = (await readUser(ctx, user, user.userId, { client_gravatar: 'false' }))['avatar_url'];
      expectTrue(typeof url === 'string' && url !== '', `avatar_url with false to be a URL, got ${JSON.stringify(url)}`, 'users.get.client-gravatar');
    },
  },
  {
    id: 'users.get.custom-profile-fields',
    title: 'Given a user with a profile value, then profile_data is absent by default and with false, and present with the value with true',
    clauses: ['users.get.custom-profile-fields', 'users.record.profile-data'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const fields = await profileFields(ctx);
      const user = await ctx.sharedMember(0);
      expectSuccess(await ctx.call(user, 'PATCH', '/users/me/profile_data', { data: JSON.stringify([{ id: fields.short, value: 'shown on request' }]) }));
      expectTrue(!('profile_data' in (await readUser(ctx, ctx.cast.member, user.userId))), 'no profile_data by default', 'users.get.custom-profile-fields');
      expectTrue(
        !('profile_data' in (await readUser(ctx, ctx.cast.member, user.userId, { include_custom_profile_fields: 'false' }))),
        'no profile_data with false',
        'users.get.custom-profile-fields',
      );
      const data = (await readUser(ctx, ctx.cast.member, user.userId, { include_custom_profile_fields: 'true' }))['profile_data'] as
        | Record<string, Body>
        | undefined;
      expectEqual(data?.[String(fields.short)]?.['value'], 'shown on request', 'the value in profile_data with true', 'users.get.custom-profile-fields');
    },
  },
  {
    id: 'users.get.unknown',
    title: 'Given an id no user has, then the answer is 400 BAD_REQUEST "No such user"',
    clauses: ['users.get.unknown'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      expectError(await ctx.call(ctx.cast.member, 'GET', `/users/${await unknownUserId(ctx)}`), 400, 'BAD_REQUEST', 'No such user');
    },
  },
  {
    id: 'users.unknown-id.large',
    title:
      'Given the id 2^30 (a valid database integer no user has), when it is read, updated, deactivated or its status read, then each is 400 "No such user"',
    clauses: ['users.get.unknown', 'users.update.errors', 'users.deactivate.errors', 'users.status.get-unknown'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const id = 2 ** 30;
      const admin = ctx.cast.administrator;
      expectError(await ctx.call(admin, 'GET', `/users/${id}`), 400, 'BAD_REQUEST', 'No such user');
      expectError(await ctx.call(admin, 'GET', `/users/${id}/status`), 400, 'BAD_REQUEST', 'No such user');
      expectError(await ctx.call(admin, 'PATCH', `/users/${id}`, { full_name: 'Nobody Here' }), 400, 'BAD_REQUEST', 'No such user');
      expectError(await ctx.call(admin, 'DELETE', `/users/${id}`), 400, 'BAD_REQUEST', 'No such user');
    },
  },
  {
    id: 'users.get.deactivated',
    title: 'Given a deactivated user, when a member reads them by id, then the user comes back with is_active false',
    clauses: ['users.get.deactivated', 'users.record.is-active'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const user = await ctx.newUser();
      expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${user.userId}`));
      const read = await readUser(ctx, ctx.cast.member, user.userId);
      expectEqual([read['user_id'], read['is_active']], [user.userId, false], 'user_id and is_active');
    },
  },
  {
    id: 'users.get.any-role',
    title: 'Given the guest, when it reads the owner, an administrator and itself, then each read succeeds',
    clauses: ['users.get.any-role'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { owner, administrator, guest } = ctx.cast;
      for (const target of [owner, administrator, guest])
        expectEqual((await readUser(ctx, guest, target.userId))['user_id'], target.userId, 'user_id read by the guest');
    },
  },
]);
