/**
 * realm_emoji events and register: adding and deactivating a custom emoji each
 * tell every user the realm's whole dict (op update), and applying those
 * events to register's realm_emoji gives a fresh register's (the event replay).
 */
import { type CheckContext, CheckFailure, defineChecks } from '../../check.js';
import { applyEvents, DEFAULT_APPLY_OPTIONS } from '../../events/apply-event.js';
import { settle, withQueues } from '../../events/queue.js';
import { type Body, expectEqual, expectSuccess } from '../../expect.js';
import { register } from '../realm/support.js';
import { emojiName, emojiPath, listEmoji, UPLOAD, withEmoji } from './support.js';

const FETCH = JSON.stringify(['realm_emoji']);

async function replay(ctx: CheckContext): Promise<void> {
  const { member, guest, administrator } = ctx.cast;
  const options = { eventTypes: ['realm_emoji', 'user_status'], params: { fetch_event_types: FETCH } };
  await withQueues(ctx, { memberQueue: [member, options] as const, guestQueue: [guest, options] as const }, async ({ memberQueue, guestQueue }) => {
    expectEqual(
      memberQueue.registered['realm_emoji'],
      await listEmoji(ctx, member),
      'register’s realm_emoji against GET /realm/emoji',
      'realm-emoji.events.register',
    );
    await withEmoji(ctx, async (made) => {
      const name = emojiName(ctx, 'events');
      const emoji = await made.add(member, name);
      expectSuccess(await ctx.call(administrator, 'DELETE', emojiPath(name)), 'realm-emoji.events.update');
      await settle(ctx, [memberQueue, guestQueue]);
      for (const queue of [memberQueue, guestQueue]) {
        const ours = queue.received.filter(
          (event) => event.type === 'realm_emoji' && (event['realm_emoji'] as Body | undefined)?.[String(emoji['id'])] !== undefined,
        );
        const states = ours.map((event) => [event['op'], (event['realm_emoji'] as Record<string, Body>)[String(emoji['id'])]?.['deactivated']]);
        if (
          states.length !== 2 ||
          JSON.stringify(states) !==
            JSON.stringify([
              ['update', false],
              ['update', true],
            ])
        ) {
          throw new CheckFailure(
            `${queue.label}: two realm_emoji update events naming emoji ${emoji['id']}, active then deactivated; got ${JSON.stringify(states)}`,
            undefined,
            'realm-emoji.events.update',
          );
        }
        const events = queue.received.filter((event) => event.type === 'realm_emoji');
        expectEqual(
          events[events.length - 1]?.['realm_emoji'],
          await listEmoji(ctx, queue.actor),
          `${queue.label}: the last event’s dict against GET /realm/emoji`,
          'realm-emoji.events.update',
        );
        const applied = applyEvents({ realm_emoji: queue.registered['realm_emoji'] }, events, DEFAULT_APPLY_OPTIONS).state;
        const fresh = await register(ctx, queue.actor, { fetch_event_types: FETCH });
        expectEqual(
          applied,
          { realm_emoji: fresh['realm_emoji'] },
          `${queue.label}: register’s realm_emoji with the events applied, against a fresh register`,
          'realm-emoji.events.register',
        );
      }
    });
  });
}

export const EMOJI_EVENT_CHECKS = defineChecks([
  {
    id: 'realm-emoji.events',
    title:
      'Given a member’s and a guest’s queues, when a custom emoji is added and deactivated, then each gets two realm_emoji update events with the whole dict, and replaying them gives a fresh register’s realm_emoji',
    clauses: ['realm-emoji.events.update', 'realm-emoji.events.register'],
    level: 'compat',
    endpoint: UPLOAD,
    run: replay,
  },
]);
