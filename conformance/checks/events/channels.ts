/**
 * The events of channel writes: creation, subscribing and unsubscribing,
 * changes and archiving; and that users who may not see a channel (a
 * non-subscriber of a private one, a guest outside a public one) hear
 * nothing about it.
 */
import { type Actor, type CheckContext, defineChecks } from '../../check.js';
import { exactEvent, expectEvents, expectNoEvents, match } from '../../events/expect-events.js';
import { aboutChannel, type EventQueue, type QueueEvent, settle, withQueues } from '../../events/queue.js';
import { expectSuccess } from '../../expect.js';
import { makeChannel, subscribe, unsubscribe } from '../channels/support.js';
import { updateChannel } from '../streams/support.js';

const SUBSCRIBE = 'POST /users/me/subscriptions';

interface Channel {
  readonly id: number;
  readonly name: string;
}

function hidden(queue: EventQueue, channel: Channel, what: string, clause: string, from = 0): void {
  expectNoEvents(queue, aboutChannel(channel.id), { what: `${what} (channel ${channel.id}, which this user may not see)`, clause, from });
}

const peer = (op: 'peer_add' | 'peer_remove', channel: Channel, user: Actor) => ({
  type: 'subscription',
  op,
  stream_ids: match.containing([channel.id]),
  user_ids: match.containing([user.userId]),
});

/** Subscribe `user` (by `by`), then unsubscribe them; checks what the subscriber, the user and the onlookers got. */
async function subscribeAndLeave(
  ctx: CheckContext,
  channel: Channel,
  options: { readonly by: Actor; readonly user: Actor; readonly subscriber: Actor; readonly onlooker: Actor; readonly privateChannel: boolean },
): Promise<void> {
  const onlookerClause = options.privateChannel ? 'events.channels.private-hidden' : 'events.channels.guest-hidden';
  await withQueues(ctx, { subscriber: options.subscriber, user: options.user, onlooker: options.onlooker }, async (queues) => {
    const all = [queues.subscriber, queues.user, queues.onlooker];
    const params = options.by === options.user ? {} : { principals: [options.user.userId] };
    expectSuccess(await subscribe(ctx, options.by, [channel.name], params));
    await settle(ctx, all);
    const added = [{ type: 'subscription', op: 'add', subscriptions: match.listWith({ stream_id: channel.id, name: channel.name }) }];
    // A private channel becomes visible to the newcomer first.
    const shown = options.privateChannel ? [{ type: 'stream', op: 'create', streams: match.listWith({ stream_id: channel.id, name: channel.name }) }] : [];
    await expectEvents(queues.user, [...shown, ...added], { what: 'being subscribed', clause: 'events.subscriptions.add', ordered: true });
    await expectEvents(queues.subscriber, [peer('peer_add', channel, options.user)], { what: 'another user joining', clause: 'events.subscriptions.add' });
    expectNoEvents(queues.user, (event: QueueEvent) => event['op'] === 'peer_add' && aboutChannel(channel.id)(event), {
      what: 'being subscribed (peer_add goes to the others only)',
      clause: 'events.subscriptions.add',
    });
    hidden(queues.onlooker, channel, 'someone joining a channel', onlookerClause);

    const marks = all.map((queue) => queue.received.length);
    expectSuccess(await unsubscribe(ctx, options.user, [channel.name]));
    await settle(ctx, all);
    await expectEvents(queues.user, [exactEvent({ type: 'subscription', op: 'remove', subscriptions: [{ name: channel.name, stream_id: channel.id }] })], {
      what: 'unsubscribing',
      clause: 'events.subscriptions.remove',
      from: marks[1]!,
    });
    await expectEvents(queues.subscriber, [peer('peer_remove', channel, options.user)], {
      what: 'another user leaving',
      clause: 'events.subscriptions.remove',
      from: marks[0]!,
    });
    hidden(queues.onlooker, channel, 'someone leaving a channel', onlookerClause, marks[2]!);
  });
}

export const CHANNEL_EVENT_CHECKS = defineChecks([
  {
    id: 'events.channels.create-public',
    title:
      'Given queues of a member, another member and a guest, when the member creates a public channel, then the other member gets stream create, the creator subscription add, the guest nothing',
    clauses: ['events.channels.create', 'events.channels.guest-hidden'],
    level: 'compat',
    endpoint: SUBSCRIBE,
    async run(ctx) {
      const { member, otherMember, guest } = ctx.cast;
      await withQueues(ctx, { member, otherMember, guest }, async (queues) => {
        const channel = await makeChannel(ctx, member, 'ev-public');
        await settle(ctx, [queues.member, queues.otherMember, queues.guest]);
        await expectEvents(
          queues.otherMember,
          [{ type: 'stream', op: 'create', streams: match.listWith({ stream_id: channel.id, name: channel.name, invite_only: false }) }],
          {
            what: 'a public channel being created',
            clause: 'events.channels.create',
          },
        );
        await expectEvents(queues.member, [{ type: 'subscription', op: 'add', subscriptions: match.listWith({ stream_id: channel.id, name: channel.name }) }], {
          what: 'creating a channel',
          clause: 'events.channels.create',
        });
        hidden(queues.guest, channel, 'a public channel being created', 'events.channels.guest-hidden');
      });
    },
  },
  {
    id: 'events.channels.create-private',
    title:
      'Given queues of a member, an administrator, another member and a guest, when the member creates a private channel, then the administrator gets stream create, the creator subscription add, the others nothing',
    clauses: ['events.channels.create', 'events.channels.private-hidden'],
    level: 'compat',
    endpoint: SUBSCRIBE,
    async run(ctx) {
      const { member, administrator, otherMember, guest } = ctx.cast;
      await withQueues(ctx, { member, administrator, otherMember, guest }, async (queues) => {
        const channel = await makeChannel(ctx, member, 'ev-private', { invite_only: true });
        await settle(ctx, Object.values(queues));
        await expectEvents(
          queues.administrator,
          [{ type: 'stream', op: 'create', streams: match.listWith({ stream_id: channel.id, name: channel.name, invite_only: true }) }],
          {
            what: 'a private channel being created',
            clause: 'events.channels.create',
          },
        );
        await expectEvents(
          queues.member,
          [{ type: 'subscription', op: 'add', subscriptions: match.listWith({ stream_id: channel.id, name: channel.name, invite_only: true }) }],
          {
            what: 'creating a private channel',
            clause: 'events.channels.create',
          },
        );
        hidden(queues.otherMember, channel, 'a private channel being created', 'events.channels.private-hidden');
        hidden(queues.guest, channel, 'a private channel being created', 'events.channels.private-hidden');
      });
    },
  },
  {
    id: 'events.subscriptions.public',
    title:
      'Given a public channel, when another member joins and leaves it, then they get subscription add and remove, the subscriber peer_add and peer_remove, a guest nothing',
    clauses: ['events.subscriptions.add', 'events.subscriptions.remove', 'events.channels.guest-hidden'],
    level: 'compat',
    endpoint: SUBSCRIBE,
    async run(ctx) {
      const { member, otherMember, guest } = ctx.cast;
      const channel = await makeChannel(ctx, member, 'ev-peers');
      await subscribeAndLeave(ctx, channel, { by: otherMember, user: otherMember, subscriber: member, onlooker: guest, privateChannel: false });
    },
  },
  {
    id: 'events.subscriptions.private',
    title:
      'Given a private channel, when its creator adds another member who then leaves, then the newcomer gets stream create and subscription add, then remove; the creator peer events; a moderator outside nothing',
    clauses: ['events.subscriptions.add', 'events.subscriptions.remove', 'events.channels.private-hidden'],
    level: 'compat',
    endpoint: SUBSCRIBE,
    async run(ctx) {
      const { member, otherMember, moderator } = ctx.cast;
      const channel = await makeChannel(ctx, member, 'ev-private-peers', { invite_only: true });
      await subscribeAndLeave(ctx, channel, { by: member, user: otherMember, subscriber: member, onlooker: moderator, privateChannel: true });
    },
  },
  {
    id: 'events.streams.update',
    title:
      'Given a public channel, when an administrator changes its description and name, then subscriber and non-subscriber get stream update for each, a guest nothing',
    clauses: ['events.streams.update', 'events.channels.guest-hidden'],
    level: 'compat',
    endpoint: 'PATCH /streams/{stream_id}',
    async run(ctx) {
      const { member, otherMember, guest, administrator } = ctx.cast;
      const channel = await makeChannel(ctx, member, 'ev-update');
      await withQueues(ctx, { member, otherMember, guest }, async (queues) => {
        const description = `Described ${ctx.unique('d')}`;
        const name = ctx.unique('ev-renamed');
        expectSuccess(await updateChannel(ctx, administrator, channel.id, { description }));
        expectSuccess(await updateChannel(ctx, administrator, channel.id, { new_name: name }));
        await settle(ctx, [queues.member, queues.otherMember, queues.guest]);
        for (const queue of [queues.member, queues.otherMember]) {
          await expectEvents(
            queue,
            [
              exactEvent({
                type: 'stream',
                op: 'update',
                stream_id: channel.id,
                name: channel.name,
                property: 'description',
                value: description,
                rendered_description: match.string(),
              }),
              exactEvent({ type: 'stream', op: 'update', stream_id: channel.id, name: match.string(), property: 'name', value: name }),
            ],
            { what: 'changing a channel', clause: 'events.streams.update', ordered: true },
          );
        }
        hidden(queues.guest, channel, 'a public channel being changed', 'events.channels.guest-hidden');
      });
    },
  },
  {
    id: 'events.streams.archive',
    title:
      'Given a subscriber’s queues with and without archived_channels, when the channel is archived, then one gets stream update is_archived, the other stream delete; a guest nothing',
    clauses: ['events.streams.archive', 'events.channels.guest-hidden'],
    level: 'compat',
    endpoint: 'DELETE /streams/{stream_id}',
    async run(ctx) {
      const { member, guest, administrator } = ctx.cast;
      const channel = await makeChannel(ctx, member, 'ev-archive');
      const specs = { modern: [member, { capabilities: ['archived_channels'] }], legacy: member, guest } as const;
      await withQueues(ctx, specs, async (queues) => {
        expectSuccess(await ctx.call(administrator, 'DELETE', `/streams/${channel.id}`));
        await settle(ctx, [queues.modern, queues.legacy, queues.guest]);
        const isDelete = (event: QueueEvent) => event.type === 'stream' && event['op'] === 'delete' && aboutChannel(channel.id)(event);
        const isArchivedUpdate = (event: QueueEvent) =>
          event.type === 'stream' && event['op'] === 'update' && event['property'] === 'is_archived' && event['stream_id'] === channel.id;
        await expectEvents(queues.modern, [{ type: 'stream', op: 'update', stream_id: channel.id, property: 'is_archived', value: true }], {
          what: 'archiving, with archived_channels',
          clause: 'events.streams.archive',
        });
        expectNoEvents(queues.modern, isDelete, { what: 'archiving, with archived_channels (no stream delete)', clause: 'events.streams.archive' });
        await expectEvents(queues.legacy, [{ type: 'stream', op: 'delete', stream_ids: match.containing([channel.id]) }], {
          what: 'archiving, without archived_channels',
          clause: 'events.streams.archive',
        });
        expectNoEvents(queues.legacy, isArchivedUpdate, {
          what: 'archiving, without archived_channels (no is_archived update)',
          clause: 'events.streams.archive',
        });
        hidden(queues.guest, channel, 'a public channel being archived', 'events.channels.guest-hidden');
      });
    },
  },
  {
    id: 'events.streams.private-hidden',
    title: 'Given a private channel, when an administrator changes and archives it, then its subscriber hears of it and a member outside it hears nothing',
    clauses: ['events.channels.private-hidden', 'events.streams.update'],
    level: 'compat',
    endpoint: 'PATCH /streams/{stream_id}',
    async run(ctx) {
      const { member, otherMember, administrator } = ctx.cast;
      const channel = await makeChannel(ctx, member, 'ev-secret', { invite_only: true });
      await withQueues(ctx, { member, otherMember }, async (queues) => {
        const description = `Secret ${ctx.unique('d')}`;
        expectSuccess(await updateChannel(ctx, administrator, channel.id, { description }));
        expectSuccess(await ctx.call(administrator, 'DELETE', `/streams/${channel.id}`));
        await settle(ctx, [queues.member, queues.otherMember]);
        await expectEvents(queues.member, [{ type: 'stream', op: 'update', stream_id: channel.id, property: 'description', value: description }], {
          what: 'a private channel being changed',
          clause: 'events.streams.update',
        });
        hidden(queues.otherMember, channel, 'a private channel being changed and archived', 'events.channels.private-hidden');
      });
    },
  },
]);
