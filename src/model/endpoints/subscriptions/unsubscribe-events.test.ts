import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, DESDEMONA, expectSuccess, HAMLET, IAGO, newModel, POLONIUS } from '../../../testing/default-realm.js';
import { type ChannelClient, channelClient, comparable } from './channel-events-client.js';
import { setRealmGroup } from './test-support.js';

function expectInStep(...clients: ChannelClient[]): void {
  for (const client of clients) expect(comparable(client.state)).toEqual(comparable(client.fresh()));
}

type Model = ReturnType<typeof newModel>;

function leave(model: Model, actor: Parameters<typeof as>[1], names: readonly string[], principals?: readonly number[]): void {
  const params: Record<string, string> = { subscriptions: JSON.stringify(names) };
  if (principals !== undefined) params['principals'] = JSON.stringify(principals);
  expectSuccess(as(model, actor).delete('/users/me/subscriptions', params));
}

const markedRead = expect.objectContaining({ type: 'update_message_flags', op: 'add', flag: 'read', all: false });

describe('DELETE /users/me/subscriptions events', () => {
  it('removes a public channel from the leaver, who keeps it as unsubscribed, and tells its followers', () => {
    const model = newModel();
    const [hamlet, iago, polonius, cordelia] = [HAMLET, IAGO, POLONIUS, CORDELIA].map((user) => channelClient(model, user));
    leave(model, HAMLET, ['Denmark']);
    const peerRemove = { type: 'subscription', op: 'peer_remove', stream_ids: [CHANNEL.denmark], user_ids: [HAMLET.userId] };

    expect(hamlet!.poll()).toEqual([
      { type: 'subscription', op: 'remove', subscriptions: [{ name: 'Denmark', stream_id: CHANNEL.denmark }] },
      // His unread messages there become read: every unread message is in a subscribed channel (spec: Message flags).
      markedRead,
    ]);
    expect(iago!.poll()).toEqual([peerRemove]);
    expect(polonius!.poll()).toEqual([peerRemove]);
    expect(cordelia!.poll()).toEqual([peerRemove]);
    const unsubscribed = hamlet!.fresh()['unsubscribed'];
    expect(unsubscribed).toHaveLength(1);
    expect(unsubscribed[0]).toMatchObject({ stream_id: CHANNEL.denmark, subscribers: [IAGO.userId, POLONIUS.userId], subscriber_count: 2 });
    expectInStep(hamlet!, iago!, polonius!, cordelia!);
  });

  it('takes a private channel away from the leaver, and tells only who may see its subscribers', () => {
    const model = newModel();
    const [hamlet, iago, desdemona, cordelia] = [HAMLET, IAGO, DESDEMONA, CORDELIA].map((user) => channelClient(model, user));
    leave(model, HAMLET, ['Scotland']);
    const peerRemove = { type: 'subscription', op: 'peer_remove', stream_ids: [CHANNEL.scotland], user_ids: [HAMLET.userId] };

    expect(hamlet!.poll()).toEqual([
      { type: 'subscription', op: 'remove', subscriptions: [{ name: 'Scotland', stream_id: CHANNEL.scotland }] },
      { type: 'stream', op: 'delete', streams: [{ stream_id: CHANNEL.scotland }], stream_ids: [CHANNEL.scotland] },
    ]);
    expect(iago!.poll()).toEqual([peerRemove]);
    expect(desdemona!.poll()).toEqual([peerRemove]);
    expect(cordelia!.poll()).toEqual([]);
    // A channel one may no longer see is not listed as unsubscribed either.
    expect(hamlet!.fresh()['unsubscribed']).toEqual([]);
    expectInStep(hamlet!, iago!, desdemona!, cordelia!);
  });

  it('removes several users at once: one peer_remove names them all, and each leaver hears of the others', () => {
    const model = newModel();
    const [iago, hamlet] = [channelClient(model, IAGO), channelClient(model, HAMLET)];
    leave(model, DESDEMONA, ['general'], [HAMLET.userId, CORDELIA.userId]);

    expect(hamlet.poll()).toEqual([
      { type: 'subscription', op: 'remove', subscriptions: [{ name: 'general', stream_id: CHANNEL.general }] },
      markedRead,
      { type: 'subscription', op: 'peer_remove', stream_ids: [CHANNEL.general], user_ids: [CORDELIA.userId] },
    ]);
    expect(iago.poll()).toEqual([{ type: 'subscription', op: 'peer_remove', stream_ids: [CHANNEL.general], user_ids: [HAMLET.userId, CORDELIA.userId] }]);
    expectInStep(iago, hamlet);
  });

  it('hides from a guest who may see only some users the ones they no longer share a channel with', () => {
    const model = newModel();
    setRealmGroup(model, 'can_access_all_users_group', 'role:members');
    const polonius = channelClient(model, POLONIUS, {}, ['realm_user', 'stream', 'subscription']);
    leave(model, POLONIUS, ['Denmark']);

    expect(polonius.poll()).toEqual([
      { type: 'subscription', op: 'remove', subscriptions: [{ name: 'Denmark', stream_id: CHANNEL.denmark }] },
      { type: 'stream', op: 'delete', streams: [{ stream_id: CHANNEL.denmark }], stream_ids: [CHANNEL.denmark] },
      { type: 'realm_user', op: 'remove', person: { user_id: IAGO.userId, full_name: 'Unknown user' } },
      // Hamlet stays known: the default history has one-to-one messages between him and Polonius.
    ]);
  });
});
