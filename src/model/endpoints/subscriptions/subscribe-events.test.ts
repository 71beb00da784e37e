import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, DESDEMONA, expectSuccess, HAMLET, IAGO, newModel, POLONIUS, SHIVA } from '../../../testing/default-realm.js';
import { type ChannelClient, channelClient, comparable } from './channel-events-client.js';
import { channelIdOf, setRealmGroup, subscribeTo } from './test-support.js';

type Dict = Record<string, any>;

const named = (list: Dict[], name: string): Dict => list.find((entry) => entry['name'] === name)!;

/** The channel's entry in a fresh register, as the events of the write carried it (before the Notification Bot's first message). */
function asSent(entry: Dict): Dict {
  return { ...entry, first_message_id: null };
}

function expectInStep(...clients: ChannelClient[]): void {
  for (const client of clients) expect(comparable(client.state)).toEqual(comparable(client.fresh()));
}

describe('POST /users/me/subscriptions events', () => {
  it('announces a new public channel to every non-guest, subscribes its creator and tells the others of the subscriber', () => {
    const model = newModel();
    const [hamlet, iago, polonius] = [channelClient(model, HAMLET), channelClient(model, IAGO), channelClient(model, POLONIUS)];
    expectSuccess(subscribeTo(model, HAMLET, ['Wittenberg']));
    const id = channelIdOf(model, 'Wittenberg');
    const fresh = hamlet.fresh();
    const created = { type: 'stream', op: 'create', streams: [asSent(named(fresh['streams'], 'Wittenberg'))] };

    expect(hamlet.poll()).toEqual([created, { type: 'subscription', op: 'add', subscriptions: [asSent(named(fresh['subscriptions'], 'Wittenberg'))] }]);
    expect(iago.poll()).toEqual([created, { type: 'subscription', op: 'peer_add', stream_ids: [id], user_ids: [HAMLET.userId] }]);
    expect(polonius.poll()).toEqual([]);
    expect(named(fresh['subscriptions'], 'Wittenberg')).toMatchObject({ subscriber_count: 1, subscribers: [HAMLET.userId] });
    expectInStep(hamlet, iago, polonius);
  });

  it('shows a new private channel only to its subscribers and the administrators', () => {
    const model = newModel();
    const clients = [HAMLET, CORDELIA, DESDEMONA, SHIVA, POLONIUS].map((user) => channelClient(model, user));
    const [hamlet, cordelia, desdemona, shiva, polonius] = clients;
    const principals = JSON.stringify([HAMLET.userId, CORDELIA.userId]);
    expectSuccess(subscribeTo(model, HAMLET, ['Rosencrantz'], { invite_only: 'true', principals }));
    const id = channelIdOf(model, 'Rosencrantz');
    const stream = asSent(named(hamlet!.fresh()['streams'], 'Rosencrantz'));
    const created = { type: 'stream', op: 'create', streams: [stream] };

    expect(hamlet!.poll()).toEqual([
      created,
      { type: 'subscription', op: 'add', subscriptions: [asSent(named(hamlet!.fresh()['subscriptions'], 'Rosencrantz'))] },
    ]);
    expect(cordelia!.poll()).toEqual([
      created,
      { type: 'subscription', op: 'add', subscriptions: [asSent(named(cordelia!.fresh()['subscriptions'], 'Rosencrantz'))] },
    ]);
    expect(desdemona!.poll()).toEqual([created, { type: 'subscription', op: 'peer_add', stream_ids: [id], user_ids: [HAMLET.userId, CORDELIA.userId] }]);
    expect(shiva!.poll()).toEqual([]);
    expect(polonius!.poll()).toEqual([]);
    expectInStep(...clients);
  });

  it('gives a newcomer to a private channel the channel first, and its followers the new subscriber', () => {
    const model = newModel();
    const clients = [CORDELIA, HAMLET, DESDEMONA, SHIVA].map((user) => channelClient(model, user));
    const [cordelia, hamlet, desdemona, shiva] = clients;
    expectSuccess(subscribeTo(model, IAGO, ['Scotland'], { principals: JSON.stringify([CORDELIA.userId]) }));
    const fresh = cordelia!.fresh();
    const peerAdd = { type: 'subscription', op: 'peer_add', stream_ids: [CHANNEL.scotland], user_ids: [CORDELIA.userId] };

    expect(cordelia!.poll()).toEqual([
      { type: 'stream', op: 'create', streams: [named(fresh['streams'], 'Scotland')] },
      { type: 'subscription', op: 'add', subscriptions: [named(fresh['subscriptions'], 'Scotland')] },
      // Notification Bot's "subscribed you" direct message (facts §1.4).
      expect.objectContaining({ type: 'message', flags: [], message: expect.objectContaining({ content: expect.stringContaining('subscribed you to') }) }),
    ]);
    expect(hamlet!.poll()).toEqual([peerAdd]);
    expect(desdemona!.poll()).toEqual([peerAdd]);
    expect(shiva!.poll()).toEqual([]);
    expectInStep(...clients);
  });

  it('sends a guest joining a public channel the channel, and tells the followers in one event per kind of channel', () => {
    const model = newModel();
    const [polonius, desdemona] = [channelClient(model, POLONIUS), channelClient(model, DESDEMONA)];
    expectSuccess(subscribeTo(model, IAGO, ['general', 'Verona'], { principals: JSON.stringify([POLONIUS.userId]) }));
    const fresh = polonius.fresh();

    expect(polonius.poll()).toEqual([
      { type: 'stream', op: 'create', streams: [named(fresh['streams'], 'general')] },
      { type: 'subscription', op: 'add', subscriptions: [named(fresh['subscriptions'], 'general'), named(fresh['subscriptions'], 'Verona')] },
      expect.objectContaining({
        type: 'message',
        message: expect.objectContaining({ content: expect.stringContaining('subscribed you to the following channels') }),
      }),
    ]);
    // general has a guest subscriber now, so it goes alone; the web-public Verona in its own event.
    expect(desdemona.poll()).toEqual([
      { type: 'subscription', op: 'peer_add', stream_ids: [CHANNEL.general], user_ids: [POLONIUS.userId] },
      { type: 'subscription', op: 'peer_add', stream_ids: [CHANNEL.verona], user_ids: [POLONIUS.userId] },
    ]);
    expectInStep(polonius, desdemona);
  });

  it('batches the subscriber news of public channels without guests, and announces each new default channel', () => {
    const model = newModel();
    const [iago, polonius] = [channelClient(model, IAGO), channelClient(model, POLONIUS)];
    expectSuccess(subscribeTo(model, DESDEMONA, ['Norway', 'Poland'], { is_default_stream: 'true' }));
    const [norway, poland] = [channelIdOf(model, 'Norway'), channelIdOf(model, 'Poland')];
    const streams = iago.fresh()['streams'] as Dict[];

    expect(iago.poll()).toEqual([
      { type: 'stream', op: 'create', streams: [asSent(named(streams, 'Norway'))] },
      { type: 'stream', op: 'create', streams: [asSent(named(streams, 'Poland'))] },
      { type: 'default_streams', default_streams: [CHANNEL.general, norway] },
      { type: 'default_streams', default_streams: [CHANNEL.general, norway, poland] },
      { type: 'subscription', op: 'peer_add', stream_ids: [norway, poland], user_ids: [DESDEMONA.userId] },
    ]);
    expect(polonius.poll()).toEqual([]);
    expectInStep(iago, polonius);
  });

  it('restores a former subscription with its settings', () => {
    const model = newModel();
    const before = named(channelClient(model, HAMLET).fresh()['subscriptions'], 'Denmark');
    expectSuccess(as(model, HAMLET).delete('/users/me/subscriptions', { subscriptions: '["Denmark"]' }));
    const hamlet = channelClient(model, HAMLET);
    expect(named(hamlet.state['unsubscribed'], 'Denmark')['color']).toBe(before['color']);
    expectSuccess(subscribeTo(model, HAMLET, ['Denmark']));

    const events = hamlet.poll();
    expect(events).toEqual([{ type: 'subscription', op: 'add', subscriptions: [named(hamlet.fresh()['subscriptions'], 'Denmark')] }]);
    expect(events[0]!['subscriptions'][0]['color']).toBe(before['color']);
    expect(hamlet.state['unsubscribed']).toEqual([]);
    expectInStep(hamlet);
  });

  it('sends nothing when everyone was subscribed already', () => {
    const model = newModel();
    const iago = channelClient(model, IAGO);
    expectSuccess(subscribeTo(model, HAMLET, ['Denmark']));
    expect(iago.poll()).toEqual([]);
  });

  it('shows a guest who may see only some users the subscribers they now share a channel with', () => {
    const model = newModel();
    setRealmGroup(model, 'can_access_all_users_group', 'role:members');
    const polonius = channelClient(model, POLONIUS, {}, ['realm_user', 'stream', 'subscription']);
    expectSuccess(subscribeTo(model, IAGO, ['Verona'], { principals: JSON.stringify([POLONIUS.userId]) }));

    // Each add is followed by the user's profile values (realm_user update), as the users actions send them.
    const added = polonius.poll().filter((event) => event['type'] === 'realm_user' && event['op'] === 'add');
    expect(added.map((event) => event['person']['user_id'])).toEqual([DESDEMONA.userId, CORDELIA.userId]);
  });
});
