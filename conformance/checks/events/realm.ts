/**
 * The events of PATCH /realm. The spec says settings changes arrive as
 * realm update_dict; the real server does so for the message-edit and group
 * settings but sends op update for plain ones (waiting_period_threshold,
 * name). Where the two differ the spec wins, so only the shared part is a
 * compat clause.
 */
import { type CheckContext, CheckFailure, defineChecks } from '../../check.js';
import { countEvents, exactEvent, expectEvents } from '../../events/expect-events.js';
import { type EventQueue, settle, withQueues } from '../../events/queue.js';
import { expectClientError, expectSuccess } from '../../expect.js';
import { systemGroupIds } from '../groups/support.js';
import { realmGroupSettingAt, realmSetting, restoring, timeLimitParam } from '../realm/support.js';

const ENDPOINT = 'PATCH /realm';

/** A value for message_content_edit_limit_seconds other than the current one. */
async function otherEditLimit(ctx: CheckContext): Promise<{ original: unknown; next: number }> {
  const original = await realmSetting(ctx, 'message_content_edit_limit_seconds');
  return { original, next: original === 1234 ? 2345 : 1234 };
}

function queuesOf(queues: Readonly<Record<string, EventQueue>>): EventQueue[] {
  return Object.values(queues);
}

export const REALM_EVENT_CHECKS = defineChecks([
  {
    id: 'events.realm.update-dict',
    title:
      'Given queues of a member and a guest, when a member’s change is refused and an owner changes the edit time limit and waiting_period_threshold, then each gets exactly two realm update_dict events',
    clauses: ['events.realm.update-dict'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { owner, member, guest } = ctx.cast;
      const clause = 'events.realm.update-dict';
      const { original, next } = await otherEditLimit(ctx);
      const originalWait = await realmSetting(ctx, 'waiting_period_threshold');
      const restore = { message_content_edit_limit_seconds: timeLimitParam(original), waiting_period_threshold: JSON.stringify(originalWait) };
      await withQueues(ctx, { member, guest }, async (queues) => {
        await restoring(ctx, restore, async () => {
          expectClientError(await ctx.call(member, 'PATCH', '/realm', { message_content_edit_limit_seconds: '4321' }), clause);
          expectSuccess(await ctx.call(owner, 'PATCH', '/realm', { message_content_edit_limit_seconds: String(next) }), clause);
          expectSuccess(await ctx.call(owner, 'PATCH', '/realm', { waiting_period_threshold: String(originalWait === 7 ? 8 : 7) }), clause);
          await settle(ctx, queuesOf(queues));
          for (const queue of queuesOf(queues)) {
            await expectEvents(queue, [{ type: 'realm', op: 'update_dict' }], { what: 'organization settings changing', clause });
            const count = countEvents(queue, { type: 'realm', op: 'update_dict' });
            if (count !== 2) {
              const seen = queue.received.filter((event) => event.type === 'realm');
              throw new CheckFailure(
                `two realm update_dict events for one refused and two made changes; ${queue.label}'s queue got ${count}: ${JSON.stringify(seen)}`,
                undefined,
                clause,
              );
            }
          }
        });
      });
    },
  },
  {
    id: 'events.realm.update-dict-data',
    title:
      'Given queues of a member and a guest, when an owner changes the edit time limit and a group permission, then realm update_dict with property "default" and data holding exactly that setting arrives for each',
    clauses: ['events.realm.update-dict-data'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { owner, member, guest } = ctx.cast;
      const { original, next } = await otherEditLimit(ctx);
      const groups = await systemGroupIds(ctx);
      // A group setting the level has (none before 281: the edit limit alone).
      const setting = realmGroupSettingAt(ctx.featureLevel);
      const originalGroup = setting === undefined ? undefined : await realmSetting(ctx, setting);
      const group = originalGroup === groups['role:moderators'] ? groups['role:administrators'] : groups['role:moderators'];
      const restore: Record<string, string> = { message_content_edit_limit_seconds: timeLimitParam(original) };
      if (setting !== undefined) restore[setting] = JSON.stringify({ new: originalGroup });
      await withQueues(ctx, { member, guest }, async (queues) => {
        await restoring(ctx, restore, async () => {
          expectSuccess(await ctx.call(owner, 'PATCH', '/realm', { message_content_edit_limit_seconds: String(next) }));
          if (setting !== undefined) expectSuccess(await ctx.call(owner, 'PATCH', '/realm', { [setting]: JSON.stringify({ new: group }) }));
          await settle(ctx, queuesOf(queues));
          for (const queue of queuesOf(queues)) {
            await expectEvents(
              queue,
              [
                exactEvent({ type: 'realm', op: 'update_dict', property: 'default', data: { message_content_edit_limit_seconds: next } }),
                ...(setting === undefined ? [] : [exactEvent({ type: 'realm', op: 'update_dict', property: 'default', data: { [setting]: group } })]),
              ],
              { what: 'organization settings changing', clause: 'events.realm.update-dict-data', ordered: true },
            );
          }
        });
      });
    },
  },
]);
