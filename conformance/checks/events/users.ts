/**
 * The events of user writes: creation, name, role, custom profile values,
 * deactivation, status, custom profile fields; and that a guest who may not
 * see a user hears nothing about them. Queues are registered before the
 * write and read after it.
 */
import { type Actor, type CheckContext, CheckFailure, defineChecks } from '../../check.js';
import { exactEvent, expectEvents, expectNoEvents, match } from '../../events/expect-events.js';
import { aboutUser, settle, withQueues } from '../../events/queue.js';
import { expectSuccess } from '../../expect.js';
import { mySubscriptions, unsubscribe } from '../channels/support.js';
import { systemGroupIds } from '../groups/support.js';
import { profileFields } from '../profile/fields.js';
import { realmSetting, restoring } from '../realm/support.js';
import { adjustableMember } from '../users/support.js';

const OCTOPUS = { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' } as const;

/** Leaves every channel the user is subscribed to, so that they share none with anybody. */
async function leaveAllChannels(ctx: CheckContext, user: Actor): Promise<void> {
  const names = (await mySubscriptions(ctx, user)).map((entry) => String(entry['name']));
  if (names.length > 0) expectSuccess(await unsubscribe(ctx, user, names));
}

/** Changelog 222: a deactivated user is realm_user update {is_active}; before, realm_user remove. */
const ACTIVATION_AS_UPDATE_SINCE = 222;
/** Changelog 228: realm_user update and user_status events only to who can access the user (can_access_all_users_group: 225). */
const RESTRICTED_USER_EVENTS_SINCE = 228;
/** Changelog 314: can_access_all_users_group became a group-setting value; before, a group id. */
const GROUP_SETTING_VALUE_SINCE = 314;

export const USER_EVENT_CHECKS = defineChecks([
  {
    id: 'events.users.create',
    title: 'Given queues of a member and a moderator, when a user is created, then both get realm_user add with the new user’s record',
    clauses: ['events.users.create'],
    level: 'compat',
    endpoint: 'POST /users',
    async run(ctx) {
      const { member, moderator } = ctx.cast;
      await withQueues(ctx, { member, moderator }, async (queues) => {
        const user = await ctx.newUser();
        await settle(ctx, [queues.member, queues.moderator]);
        const person = match.including({
          user_id: user.userId,
          full_name: user.fullName,
          role: 400,
          is_active: true,
          is_bot: false,
          is_admin: false,
          is_owner: false,
          is_guest: false,
          email: match.string(),
          date_joined: match.string(),
          profile_data: match.object(),
        });
        for (const queue of [queues.member, queues.moderator]) {
          await expectEvents(queue, [{ type: 'realm_user', op: 'add', person }], { what: 'creating a user', clause: 'events.users.create' });
        }
      });
    },
  },
  {
    id: 'events.users.full-name',
    title: 'Given queues of a member and of the user, when an owner renames the user, then both get realm_user update with person exactly {user_id, full_name}',
    clauses: ['events.users.full-name'],
    level: 'compat',
    endpoint: 'PATCH /users/{user_id}',
    async run(ctx) {
      const user = await adjustableMember(ctx);
      await withQueues(ctx, { member: ctx.cast.member, user }, async (queues) => {
        const name = ctx.unique('renamed');
        expectSuccess(await ctx.call(ctx.cast.owner, 'PATCH', `/users/${user.userId}`, { full_name: name }));
        await settle(ctx, [queues.member, queues.user]);
        for (const queue of [queues.member, queues.user]) {
          await expectEvents(queue, [exactEvent({ type: 'realm_user', op: 'update', person: { user_id: user.userId, full_name: name } })], {
            what: 'renaming a user',
            clause: 'events.users.full-name',
          });
        }
      });
    },
  },
  {
    id: 'events.users.role',
    title:
      'Given a member’s queue, when a member is made a moderator, then realm_user update {user_id, role: 300} and the move from role:members to role:moderators arrive',
    clauses: ['events.users.role'],
    level: 'compat',
    endpoint: 'PATCH /users/{user_id}',
    async run(ctx) {
      const groups = await systemGroupIds(ctx);
      const user = await adjustableMember(ctx);
      await withQueues(ctx, { member: ctx.cast.member }, async (queues) => {
        expectSuccess(await ctx.call(ctx.cast.owner, 'PATCH', `/users/${user.userId}`, { role: '300' }));
        await settle(ctx, [queues.member]);
        await expectEvents(
          queues.member,
          [
            exactEvent({ type: 'realm_user', op: 'update', person: { user_id: user.userId, role: 300 } }),
            exactEvent({ type: 'user_group', op: 'remove_members', group_id: groups['role:members'], user_ids: [user.userId] }),
            exactEvent({ type: 'user_group', op: 'add_members', group_id: groups['role:moderators'], user_ids: [user.userId] }),
          ],
          { what: 'making a member a moderator', clause: 'events.users.role' },
        );
      });
    },
  },
  {
    id: 'events.users.profile-data',
    title:
      'Given queues of a member and of the user, when an owner and then the user set a text profile value, then both get realm_user update {user_id, custom_profile_field {id, value, rendered_value}}',
    clauses: ['events.users.profile-data'],
    level: 'compat',
    endpoint: 'PATCH /users/{user_id}',
    async run(ctx) {
      const fields = await profileFields(ctx);
      const user = await ctx.sharedMember(4);
      await withQueues(ctx, { member: ctx.cast.member, user }, async (queues) => {
        expectSuccess(
          await ctx.call(ctx.cast.owner, 'PATCH', `/users/${user.userId}`, { profile_data: JSON.stringify([{ id: fields.short, value: 'Tern' }]) }),
        );
        expectSuccess(await ctx.call(user, 'PATCH', '/users/me/profile_data', { data: JSON.stringify([{ id: fields.short, value: 'Heron' }]) }));
        await settle(ctx, [queues.member, queues.user]);
        const change = (value: string) =>
          exactEvent({
            type: 'realm_user',
            op: 'update',
            person: { user_id: user.userId, custom_profile_field: { id: fields.short, value, rendered_value: match.string() } },
          });
        for (const queue of [queues.member, queues.user]) {
          await expectEvents(queue, [change('Tern'), change('Heron')], {
            what: 'setting a text profile value',
            clause: 'events.users.profile-data',
            ordered: true,
          });
        }
      });
    },
  },
  {
    id: 'events.users.deactivate',
    title: 'Given a member’s queue, when an owner deactivates a user, then realm_user update with person exactly {user_id, is_active: false} arrives',
    clauses: ['events.users.deactivate'],
    level: 'compat',
    endpoint: 'DELETE /users/{user_id}',
    async run(ctx) {
      const user = await ctx.newUser();
      await withQueues(ctx, { member: ctx.cast.member }, async (queues) => {
        expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${user.userId}`));
        await settle(ctx, [queues.member]);
        // Before 222 a deactivation was realm_user remove (with the user's name).
        const event =
          ctx.featureLevel >= ACTIVATION_AS_UPDATE_SINCE
            ? exactEvent({ type: 'realm_user', op: 'update', person: { user_id: user.userId, is_active: false } })
            : exactEvent({ type: 'realm_user', op: 'remove', person: { user_id: user.userId, full_name: user.fullName } });
        await expectEvents(queues.member, [event], {
          what: 'deactivating a user',
          clause: 'events.users.deactivate',
        });
      });
    },
  },
  {
    id: 'events.users.status',
    title:
      'Given queues of a member and of the user, when the user sets text and emoji, then clears the text, then user_status carries exactly the fields each request set',
    clauses: ['events.users.status'],
    level: 'compat',
    endpoint: 'POST /users/me/status',
    async run(ctx) {
      const user = await ctx.sharedMember(5);
      await withQueues(ctx, { member: ctx.cast.member, user }, async (queues) => {
        expectSuccess(await ctx.call(user, 'POST', '/users/me/status', { status_text: 'Birding', ...OCTOPUS }));
        expectSuccess(await ctx.call(user, 'POST', '/users/me/status', { status_text: '' }));
        await settle(ctx, [queues.member, queues.user]);
        for (const queue of [queues.member, queues.user]) {
          await expectEvents(
            queue,
            [
              exactEvent({ type: 'user_status', user_id: user.userId, status_text: 'Birding', ...OCTOPUS }),
              exactEvent({ type: 'user_status', user_id: user.userId, status_text: '' }),
            ],
            { what: 'changing a status', clause: 'events.users.status', ordered: true },
          );
        }
      });
    },
  },
  {
    id: 'events.users.restricted-access',
    title:
      'Given guests may see only users they share a channel with, when a user the guest cannot see is renamed, changes status, or is created, then the guest hears nothing of it while a member does',
    clauses: ['events.users.restricted-access'],
    level: 'compat',
    since: RESTRICTED_USER_EVENTS_SINCE,
    endpoint: 'PATCH /users/{user_id}',
    async run(ctx) {
      const { owner, member } = ctx.cast;
      const groups = await systemGroupIds(ctx);
      const original = await realmSetting(ctx, 'can_access_all_users_group');
      const guest = await ctx.newUser(600);
      const target = await ctx.newUser();
      await leaveAllChannels(ctx, guest);
      const specs = { guest: [guest, { capabilities: ['user_list_incomplete'] }], member } as const;
      // A group id before 314, a group-setting change {new} from then.
      const wire = (value: unknown) => JSON.stringify(ctx.featureLevel >= GROUP_SETTING_VALUE_SINCE ? { new: value } : value);
      await withQueues(ctx, specs, async (queues) => {
        await restoring(ctx, { can_access_all_users_group: wire(original) }, async () => {
          expectSuccess(await ctx.call(owner, 'PATCH', '/realm', { can_access_all_users_group: wire(groups['role:members']) }));
          await settle(ctx, [queues.guest, queues.member]);
          const [guestMark, memberMark] = [queues.guest.received.length, queues.member.received.length];
          const name = ctx.unique('unseen');
          expectSuccess(await ctx.call(owner, 'PATCH', `/users/${target.userId}`, { full_name: name }));
          expectSuccess(await ctx.call(target, 'POST', '/users/me/status', { status_text: 'Hidden' }));
          const late = await ctx.newUser();
          await settle(ctx, [queues.guest, queues.member]);
          if (!queues.guest.settled) {
            throw new CheckFailure(
              `the guest's own status change to reach their queue (to know nothing else is on its way), got ${JSON.stringify(queues.guest.received)}`,
            );
          }
          await expectEvents(
            queues.member,
            [
              exactEvent({ type: 'realm_user', op: 'update', person: { user_id: target.userId, full_name: name } }),
              { type: 'user_status', user_id: target.userId, status_text: 'Hidden' },
              { type: 'realm_user', op: 'add', person: match.including({ user_id: late.userId }) },
            ],
            { what: 'changes a member may see', clause: 'events.users.restricted-access', from: memberMark },
          );
          for (const userId of [target.userId, late.userId]) {
            expectNoEvents(queues.guest, aboutUser(userId), {
              what: `changes to user ${userId}, whom the guest may not see`,
              clause: 'events.users.restricted-access',
              from: guestMark,
            });
          }
        });
      });
    },
  },
  {
    id: 'events.profile-fields.create',
    title: 'Given queues of a member and a guest, when an owner creates a custom profile field, then both get custom_profile_fields listing it',
    clauses: ['events.profile-fields.create'],
    level: 'compat',
    endpoint: 'POST /realm/profile_fields',
    async run(ctx) {
      const { owner, member, guest } = ctx.cast;
      let fieldId: number | undefined;
      try {
        await withQueues(ctx, { member, guest }, async (queues) => {
          const name = ctx.unique('evfield').slice(-40);
          const body = expectSuccess(await ctx.call(owner, 'POST', '/realm/profile_fields', { name, field_type: '1', hint: 'events' }));
          if (typeof body['id'] !== 'number') throw new CheckFailure(`the new field's id, got ${JSON.stringify(body)}`);
          fieldId = body['id'];
          await settle(ctx, [queues.member, queues.guest]);
          for (const queue of [queues.member, queues.guest]) {
            await expectEvents(queue, [{ type: 'custom_profile_fields', fields: match.listWith({ id: fieldId, name, type: 1, hint: 'events' }) }], {
              what: 'creating a custom profile field',
              clause: 'events.profile-fields.create',
            });
          }
        });
      } finally {
        // The real server can delete fields; where it cannot, the unique name keeps runs apart.
        if (fieldId !== undefined) await ctx.call(owner, 'DELETE', `/realm/profile_fields/${fieldId}`);
      }
    },
  },
]);
