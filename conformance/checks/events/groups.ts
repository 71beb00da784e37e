/** The events of user group writes: creation, changes, members, subgroups, deactivation. They go to every user. */
import { defineChecks } from '../../check.js';
import { exactEvent, expectEvents, expectNoEvents, match } from '../../events/expect-events.js';
import { aboutGroup, type QueueEvent, settle, withQueues } from '../../events/queue.js';
import { expectSuccess } from '../../expect.js';
import { createdGroupId, createGroup, createGroupCall, groupKeyAt, groupSettingNamesAt, updateMembers, wireParams } from '../groups/support.js';

const isGroupSetting = match.where(
  'a group id or {direct_members, direct_subgroups}',
  (value) => Number.isInteger(value) || (value !== null && typeof value === 'object' && !Array.isArray(value)),
);

export const GROUP_EVENT_CHECKS = defineChecks([
  {
    id: 'events.groups.add',
    title: 'Given queues of two members and a guest, when a member creates a group, then all three get user_group add with the whole group',
    clauses: ['events.groups.add'],
    level: 'compat',
    endpoint: 'POST /user_groups/create',
    async run(ctx) {
      const { member, otherMember, guest } = ctx.cast;
      await withQueues(ctx, { member, otherMember, guest }, async (queues) => {
        const name = ctx.unique('ev-group');
        const body = expectSuccess(await createGroupCall(ctx, member, name, { members: [member.userId] }));
        const groupId = await createdGroupId(ctx, name, body);
        await settle(ctx, Object.values(queues));
        const level = ctx.featureLevel;
        const group = match.including({
          id: groupId,
          name,
          description: `chatref conformance ${name}`,
          members: [member.userId],
          direct_subgroup_ids: [],
          is_system_group: false,
          // deactivated from 290, creator_id and date_created from 292; each setting from its own level.
          ...(groupKeyAt(level, 'deactivated') ? { deactivated: false } : {}),
          ...(groupKeyAt(level, 'creator_id') ? { creator_id: member.userId, date_created: match.integer() } : {}),
          ...Object.fromEntries(groupSettingNamesAt(level).map((setting) => [setting, isGroupSetting])),
        });
        for (const queue of Object.values(queues)) {
          await expectEvents(queue, [exactEvent({ type: 'user_group', op: 'add', group })], { what: 'creating a group', clause: 'events.groups.add' });
        }
      });
    },
  },
  {
    id: 'events.groups.update',
    title:
      'Given a group, when its creator renames it and changes its description, then user_group update arrives with data holding only the changed key each time',
    clauses: ['events.groups.update'],
    level: 'compat',
    endpoint: 'PATCH /user_groups/{user_group_id}',
    async run(ctx) {
      const { member, otherMember } = ctx.cast;
      const groupId = await createGroup(ctx);
      await withQueues(ctx, { member, otherMember }, async (queues) => {
        const name = ctx.unique('ev-group-renamed');
        const description = `Changed ${ctx.unique('d')}`;
        expectSuccess(await ctx.call(member, 'PATCH', `/user_groups/${groupId}`, wireParams({ name })));
        expectSuccess(await ctx.call(member, 'PATCH', `/user_groups/${groupId}`, wireParams({ description })));
        await settle(ctx, [queues.member, queues.otherMember]);
        for (const queue of [queues.member, queues.otherMember]) {
          await expectEvents(
            queue,
            [
              exactEvent({ type: 'user_group', op: 'update', group_id: groupId, data: { name } }),
              exactEvent({ type: 'user_group', op: 'update', group_id: groupId, data: { description } }),
            ],
            { what: 'changing a group', clause: 'events.groups.update', ordered: true },
          );
        }
      });
    },
  },
  {
    id: 'events.groups.members',
    title: 'Given a group, when its creator adds and then removes a member, then user_group add_members and remove_members arrive with that user id',
    clauses: ['events.groups.members'],
    level: 'compat',
    endpoint: 'POST /user_groups/{user_group_id}/members',
    async run(ctx) {
      const { member, otherMember } = ctx.cast;
      const groupId = await createGroup(ctx);
      await withQueues(ctx, { member, otherMember }, async (queues) => {
        expectSuccess(await updateMembers(ctx, member, groupId, { add: [otherMember.userId] }));
        expectSuccess(await updateMembers(ctx, member, groupId, { delete: [otherMember.userId] }));
        await settle(ctx, [queues.member, queues.otherMember]);
        for (const queue of [queues.member, queues.otherMember]) {
          await expectEvents(
            queue,
            [
              exactEvent({ type: 'user_group', op: 'add_members', group_id: groupId, user_ids: [otherMember.userId] }),
              exactEvent({ type: 'user_group', op: 'remove_members', group_id: groupId, user_ids: [otherMember.userId] }),
            ],
            { what: 'changing group members', clause: 'events.groups.members', ordered: true },
          );
        }
      });
    },
  },
  {
    id: 'events.groups.subgroups',
    title: 'Given two groups, when one is made a subgroup of the other and then removed, then user_group add_subgroups and remove_subgroups arrive',
    clauses: ['events.groups.subgroups'],
    level: 'compat',
    endpoint: 'POST /user_groups/{user_group_id}/subgroups',
    async run(ctx) {
      const { member, otherMember } = ctx.cast;
      const outer = await createGroup(ctx);
      const inner = await createGroup(ctx);
      await withQueues(ctx, { member, otherMember }, async (queues) => {
        expectSuccess(await ctx.call(member, 'POST', `/user_groups/${outer}/subgroups`, { add: JSON.stringify([inner]) }));
        expectSuccess(await ctx.call(member, 'POST', `/user_groups/${outer}/subgroups`, { delete: JSON.stringify([inner]) }));
        await settle(ctx, [queues.member, queues.otherMember]);
        for (const queue of [queues.member, queues.otherMember]) {
          await expectEvents(
            queue,
            [
              exactEvent({ type: 'user_group', op: 'add_subgroups', group_id: outer, direct_subgroup_ids: [inner] }),
              exactEvent({ type: 'user_group', op: 'remove_subgroups', group_id: outer, direct_subgroup_ids: [inner] }),
            ],
            { what: 'changing subgroups', clause: 'events.groups.subgroups', ordered: true },
          );
        }
      });
    },
  },
  {
    id: 'events.groups.deactivate',
    title:
      'Given queues with and without include_deactivated_groups, when a group is deactivated, then the first gets user_group update {deactivated: true}, the others user_group remove',
    clauses: ['events.groups.deactivate'],
    level: 'compat',
    endpoint: 'POST /user_groups/{user_group_id}/deactivate',
    async run(ctx) {
      const { member, otherMember } = ctx.cast;
      const groupId = await createGroup(ctx);
      const specs = { modern: [member, { capabilities: ['include_deactivated_groups'] }], legacy: member, other: otherMember } as const;
      await withQueues(ctx, specs, async (queues) => {
        expectSuccess(await ctx.call(member, 'POST', `/user_groups/${groupId}/deactivate`));
        await settle(ctx, [queues.modern, queues.legacy, queues.other]);
        const removal = exactEvent({ type: 'user_group', op: 'remove', group_id: groupId });
        const isRemoval = (event: QueueEvent) => aboutGroup(groupId)(event) && event['op'] === 'remove';
        const isUpdate = (event: QueueEvent) => aboutGroup(groupId)(event) && event['op'] === 'update';
        await expectEvents(queues.modern, [exactEvent({ type: 'user_group', op: 'update', group_id: groupId, data: { deactivated: true } })], {
          what: 'deactivating a group, with include_deactivated_groups',
          clause: 'events.groups.deactivate',
        });
        expectNoEvents(queues.modern, isRemoval, {
          what: 'deactivating a group, with include_deactivated_groups (no remove)',
          clause: 'events.groups.deactivate',
        });
        for (const queue of [queues.legacy, queues.other]) {
          await expectEvents(queue, [removal], { what: 'deactivating a group, without include_deactivated_groups', clause: 'events.groups.deactivate' });
          expectNoEvents(queue, isUpdate, { what: 'deactivating a group, without include_deactivated_groups (no update)', clause: 'events.groups.deactivate' });
        }
      });
    },
  },
]);
