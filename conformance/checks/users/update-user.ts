/** PATCH /users/{user_id}: administrators change names, roles, profile data and addresses. */
import { defineChecks } from '../../check.js';
import { type Body, expectClientError, expectEqual, expectError, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';
import { paramSince } from '../../feature-level.js';
import { profileFields } from '../profile/fields.js';
import {
  activeHumanOwners,
  adjustableMember,
  expectCode,
  nonAdministrators,
  readUser,
  retire,
  setRole,
  snapshot,
  uniqueEmail,
  unknownUserId,
} from './support.js';

const ENDPOINT = 'PATCH /users/{user_id}';

function profileValue(user: Body, fieldId: number): unknown {
  return (user['profile_data'] as Record<string, Body> | undefined)?.[String(fieldId)]?.['value'];
}

export const UPDATE_USER_CHECKS = defineChecks([
  {
    id: 'users.update.admin-only',
    title: 'Given a moderator, a member and a guest, when each renames another user or changes their role, then each fails and nothing changes',
    clauses: ['users.update.admin-only'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const target = await adjustableMember(ctx);
      const before = await snapshot(ctx, target.userId);
      for (const actor of nonAdministrators(ctx)) {
        expectClientError(await ctx.call(actor, 'PATCH', `/users/${target.userId}`, { full_name: 'Renamed By Nobody' }), 'users.update.admin-only');
        expectClientError(await setRole(ctx, actor, target.userId, 300), 'users.update.admin-only');
      }
      expectUnchanged(before, await snapshot(ctx, target.userId), 'the target user', 'users.update.admin-only');
    },
  },
  {
    id: 'users.update.errors',
    title: 'Given a member’s update, an unknown id, and an administrator granting the owner role, then the errors are the real server’s',
    clauses: ['users.update.errors'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const target = await adjustableMember(ctx);
      const before = await snapshot(ctx, target.userId);
      expectError(
        await ctx.call(ctx.cast.member, 'PATCH', `/users/${target.userId}`, { full_name: 'Renamed By Member' }),
        400,
        'BAD_REQUEST',
        'Insufficient permission',
      );
      expectError(
        await ctx.call(ctx.cast.administrator, 'PATCH', `/users/${await unknownUserId(ctx)}`, { full_name: 'Nobody' }),
        400,
        'BAD_REQUEST',
        'No such user',
      );
      expectError(await setRole(ctx, ctx.cast.administrator, target.userId, 100), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
      expectUnchanged(before, await snapshot(ctx, target.userId), 'the target user');
    },
  },
  {
    id: 'users.update.full-name',
    title: 'Given an administrator, when it renames a user, then the bare success envelope comes back and the new name reads back',
    clauses: ['users.update.full-name', 'users.update.response'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const target = await adjustableMember(ctx);
      const name = ctx.unique('renamed');
      const body = expectSuccess(await ctx.call(ctx.cast.administrator, 'PATCH', `/users/${target.userId}`, { full_name: name }), 'users.update.full-name');
      expectEqual(Object.keys(body).sort(), ['msg', 'result'], 'the keys of the answer', 'users.update.response');
      expectEqual((await readUser(ctx, ctx.cast.member, target.userId))['full_name'], name, 'full_name read back', 'users.update.full-name');
    },
  },
  {
    id: 'users.update.role',
    title: 'Given an administrator, when it moves a user through moderator, guest, member and administrator, then each role and its flags read back',
    clauses: ['users.update.role', 'users.record.role'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const target = await adjustableMember(ctx);
      for (const role of [300, 600, 400, 200, 400]) {
        expectSuccess(await setRole(ctx, ctx.cast.administrator, target.userId, role), 'users.update.role');
        const user = await readUser(ctx, ctx.cast.member, target.userId);
        expectEqual(
          [user['role'], user['is_admin'], user['is_guest'], user['is_owner']],
          [role, role <= 200, role === 600, false],
          `role and flags after setting ${role}`,
          'users.update.role',
        );
      }
    },
  },
  {
    id: 'users.update.role-values',
    title: 'Given role values outside 100/200/300/400/600 or not integers, then each update fails and the role stays',
    clauses: ['users.update.role-values'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const target = await adjustableMember(ctx);
      const before = await snapshot(ctx, target.userId);
      for (const role of ['500', '0', '1', '700', '-100', '"400"', 'moderator', 'null', '[300]']) {
        expectClientError(await ctx.call(ctx.cast.owner, 'PATCH', `/users/${target.userId}`, { role }), 'users.update.role-values');
      }
      expectUnchanged(before, await snapshot(ctx, target.userId), 'the target user', 'users.update.role-values');
    },
  },
  {
    id: 'users.update.role.owner-only',
    title: 'Given an administrator, when it grants or removes the owner role, then it fails; given the owner, both succeed',
    clauses: ['users.update.role.owner-only', 'users.update.role'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const member = await ctx.newUser();
      const owner = await ctx.newUser(100);
      const memberBefore = await snapshot(ctx, member.userId);
      const ownerBefore = await snapshot(ctx, owner.userId);
      expectClientError(await setRole(ctx, ctx.cast.administrator, member.userId, 100), 'users.update.role.owner-only');
      expectClientError(await setRole(ctx, ctx.cast.administrator, owner.userId, 200), 'users.update.role.owner-only');
      expectClientError(await setRole(ctx, ctx.cast.administrator, owner.userId, 400), 'users.update.role.owner-only');
      expectUnchanged(memberBefore, await snapshot(ctx, member.userId), 'the member', 'users.update.role.owner-only');
      expectUnchanged(ownerBefore, await snapshot(ctx, owner.userId), 'the second owner', 'users.update.role.owner-only');

      expectSuccess(await setRole(ctx, ctx.cast.owner, member.userId, 100), 'users.update.role.owner-only');
      expectEqual(
        (await readUser(ctx, ctx.cast.member, member.userId))['is_owner'],
        true,
        'is_owner after the owner granted it',
        'users.update.role.owner-only',
      );
      expectSuccess(await setRole(ctx, ctx.cast.owner, owner.userId, 400), 'users.update.role.owner-only');
      expectEqual((await readUser(ctx, ctx.cast.member, owner.userId))['role'], 400, 'role after the owner removed it', 'users.update.role.owner-only');
      // Leave the realm with the owners it had: the promoted member goes.
      await retire(ctx, member.userId);
    },
  },
  {
    id: 'users.update.role.last-owner',
    title:
      'Given a realm whose only owner is the run’s owner, when that owner gives up the role, then it fails and they stay owner (vacuous when the realm has other owners)',
    clauses: ['users.update.role.last-owner'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const owners = await activeHumanOwners(ctx);
      if (owners.length !== 1 || owners[0]!['user_id'] !== ctx.cast.owner.userId) return;
      for (const role of [200, 400]) expectClientError(await setRole(ctx, ctx.cast.owner, ctx.cast.owner.userId, role), 'users.update.role.last-owner');
      expectEqual((await readUser(ctx, ctx.cast.owner, ctx.cast.owner.userId))['role'], 100, 'the only owner’s role', 'users.update.role.last-owner');
    },
  },
  {
    id: 'users.update.role.last-owner-message',
    title: 'Given a realm with a single owner, when the owner demotes themselves, then it is 400 BAD_REQUEST with the real server’s message',
    clauses: ['users.update.errors'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const owners = await activeHumanOwners(ctx);
      if (owners.length !== 1 || owners[0]!['user_id'] !== ctx.cast.owner.userId) return;
      expectError(
        await setRole(ctx, ctx.cast.owner, ctx.cast.owner.userId, 400),
        400,
        'BAD_REQUEST',
        'The owner permission cannot be removed from the only organization owner.',
      );
    },
  },
  {
    id: 'users.update.role.guest-to-admin',
    title:
      'Given a guest, when an administrator makes them an administrator or the owner makes them an owner, then it fails with BAD_REQUEST and they stay a guest',
    clauses: ['users.update.role.guest-to-admin'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const guest = await ctx.newUser(600);
      const before = await snapshot(ctx, guest.userId);
      expectCode(await setRole(ctx, ctx.cast.administrator, guest.userId, 200), 'BAD_REQUEST', 'users.update.role.guest-to-admin');
      expectCode(await setRole(ctx, ctx.cast.owner, guest.userId, 100), 'BAD_REQUEST', 'users.update.role.guest-to-admin');
      expectUnchanged(before, await snapshot(ctx, guest.userId), 'the guest', 'users.update.role.guest-to-admin');
    },
  },
  {
    id: 'users.update.profile-data',
    title:
      'Given an administrator, when it sets, then removes, another user’s profile values, then the values read back; an entry without value or id fails and changes nothing',
    clauses: ['users.update.profile-data', 'general.params.encoding'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const fields = await profileFields(ctx);
      // Not pool member 0: other checks leave a Users value there, which would hide an ignored one here.
      const target = await ctx.sharedMember(1);
      const path = `/users/${target.userId}`;
      const set = [
        { id: fields.short, value: 'set by an administrator' },
        { id: fields.users, value: [ctx.cast.member.userId] },
      ];
      expectSuccess(await ctx.call(ctx.cast.administrator, 'PATCH', path, { profile_data: JSON.stringify(set) }), 'users.update.profile-data');
      const after = await snapshot(ctx, target.userId);
      expectEqual(profileValue(after, fields.short), 'set by an administrator', 'the text value', 'users.update.profile-data');
      const people = profileValue(after, fields.users);
      expectEqual(typeof people === 'string' ? JSON.parse(people) : people, [ctx.cast.member.userId], 'the Users value', 'users.update.profile-data');

      for (const bad of [[{ id: fields.short }], [{ value: 'no id' }], { id: fields.short, value: 'not a list' }]) {
        expectClientError(await ctx.call(ctx.cast.administrator, 'PATCH', path, { profile_data: JSON.stringify(bad) }), 'users.update.profile-data');
      }
      expectUnchanged(after, await snapshot(ctx, target.userId), 'the user after malformed entries', 'users.update.profile-data');

      expectSuccess(
        await ctx.call(ctx.cast.administrator, 'PATCH', path, { profile_data: JSON.stringify([{ id: fields.short, value: null }]) }),
        'users.update.profile-data',
      );
      const removed = await snapshot(ctx, target.userId);
      expectEqual(profileValue(removed, fields.short), undefined, 'the text value after null', 'users.update.profile-data');
      expectTrue(profileValue(removed, fields.users) !== undefined, 'the Users value to stay', 'users.update.profile-data');
    },
  },
  {
    id: 'users.update.new-email',
    title: 'Given an administrator, a moderator and a member, when each changes a user’s address, then each fails and the address stays',
    clauses: ['users.update.new-email'],
    level: 'spec',
    endpoint: ENDPOINT,
    // Changelog 313: new_email on PATCH /users/{user_id}.
    since: paramSince('update-user', 'new_email'),
    async run(ctx) {
      const target = await ctx.newUser();
      const before = await snapshot(ctx, target.userId);
      for (const actor of [ctx.cast.administrator, ...nonAdministrators(ctx)]) {
        expectClientError(await ctx.call(actor, 'PATCH', `/users/${target.userId}`, { new_email: uniqueEmail(ctx, 'moved') }), 'users.update.new-email');
      }
      expectUnchanged(before, await snapshot(ctx, target.userId), 'the target user', 'users.update.new-email');
      expectSuccess(await ctx.call(target, 'GET', '/users/me'));
    },
  },
  {
    id: 'users.update.new-email.owner',
    title: 'Given the owner changing an address, then either it succeeds and the user now authenticates with the new address, or it fails and nothing changes',
    clauses: ['users.update.new-email'],
    level: 'compat',
    endpoint: ENDPOINT,
    // Changelog 313: new_email on PATCH /users/{user_id}.
    since: paramSince('update-user', 'new_email'),
    async run(ctx) {
      const target = await ctx.newUser();
      const before = await snapshot(ctx, target.userId);
      const email = uniqueEmail(ctx, 'moved');
      const response = await ctx.call(ctx.cast.owner, 'PATCH', `/users/${target.userId}`, { new_email: email });
      if (response.status !== 200) {
        expectClientError(response);
        expectUnchanged(before, await snapshot(ctx, target.userId), 'the target user');
        return;
      }
      expectSuccess(response);
      const me = expectSuccess(await ctx.call({ email, apiKey: target.apiKey }, 'GET', '/users/me'));
      expectEqual([me['user_id'], me['delivery_email']], [target.userId, email], 'the user behind the new address');
      expectClientError(await ctx.call(target, 'GET', '/users/me'));
    },
  },
  {
    id: 'users.update.blank-name',
    title: 'Given an empty or blank full_name, then the update succeeds and the name stays',
    clauses: ['users.update.blank-name'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const target = await adjustableMember(ctx);
      const before = await snapshot(ctx, target.userId);
      for (const full_name of ['', '   ']) expectSuccess(await ctx.call(ctx.cast.administrator, 'PATCH', `/users/${target.userId}`, { full_name }));
      expectUnchanged(before, await snapshot(ctx, target.userId), 'the user');
    },
  },
  {
    id: 'users.update.name-rules',
    title: 'Given names that are too long, too short or hold forbidden characters, then each is 400 BAD_REQUEST; a padded name is stored trimmed',
    clauses: ['users.update.name-rules'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const target = await adjustableMember(ctx);
      const before = await snapshot(ctx, target.userId);
      const cases: [string, string][] = [
        ['x'.repeat(101), 'Name too long!'],
        ['a', 'Name too short!'],
        ['Star * Name', 'Invalid characters in name!'],
        ['Quote " Name', 'Invalid characters in name!'],
        ['Tail |42', 'Invalid format!'],
      ];
      for (const [full_name, message] of cases)
        expectError(await ctx.call(ctx.cast.administrator, 'PATCH', `/users/${target.userId}`, { full_name }), 400, 'BAD_REQUEST', message);
      expectUnchanged(before, await snapshot(ctx, target.userId), 'the user');
      const name = ctx.unique('padded');
      expectSuccess(await ctx.call(ctx.cast.administrator, 'PATCH', `/users/${target.userId}`, { full_name: `  ${name}  ` }));
      expectEqual((await readUser(ctx, ctx.cast.owner, target.userId))['full_name'], name, 'the trimmed name');
    },
  },
  {
    id: 'users.update.same-role',
    title: 'Given a member, when the administrator sets role 400 again, then it succeeds and nothing changes',
    clauses: ['users.update.same-role'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const target = await adjustableMember(ctx);
      const before = await snapshot(ctx, target.userId);
      expectSuccess(await setRole(ctx, ctx.cast.administrator, target.userId, 400));
      expectUnchanged(before, await snapshot(ctx, target.userId), 'the user');
    },
  },
]);
