import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, DESDEMONA, expectSuccess, GROUP, HAMLET, IAGO, newModel, POLONIUS, SHIVA } from '../../../testing/default-realm.js';
import { type ChannelClient, channelClient, comparable } from '../subscriptions/channel-events-client.js';

type Dict = Record<string, any>;
type Model = ReturnType<typeof newModel>;

function expectInStep(...clients: ChannelClient[]): void {
  for (const client of clients) expect(comparable(client.state)).toEqual(comparable(client.fresh()));
}

function patch(model: Model, actor: Parameters<typeof as>[1], channelId: number, params: Record<string, string>): void {
  expectSuccess(as(model, actor).patch(`/streams/${channelId}`, params));
}

const named = (list: Dict[], name: string): Dict => list.find((entry) => entry['name'] === name)!;

const update = (channelId: number, name: string, property: string, value: unknown, extra: Dict = {}) => ({
  type: 'stream',
  op: 'update',
  stream_id: channelId,
  name,
  property,
  value,
  ...extra,
});

describe('PATCH /streams/{stream_id} events', () => {
  it('sends one update per property, each naming the channel as it was then called, to all who may know the channel', () => {
    const model = newModel();
    const [hamlet, cordelia, polonius] = [HAMLET, CORDELIA, POLONIUS].map((user) => channelClient(model, user));
    patch(model, IAGO, CHANNEL.denmark, { description: 'A *prison*', new_name: 'Norway' });
    const events = [
      update(CHANNEL.denmark, 'Denmark', 'description', 'A *prison*', { rendered_description: '<p>A <em>prison</em></p>' }),
      update(CHANNEL.denmark, 'Denmark', 'name', 'Norway'),
    ];

    expect(hamlet!.poll()).toEqual(events);
    expect(cordelia!.poll()).toEqual(events);
    expect(polonius!.poll()).toEqual(events);
    expectInStep(hamlet!, cordelia!, polonius!);
  });

  it('tells nobody outside a private channel of its changes', () => {
    const model = newModel();
    const [hamlet, cordelia] = [channelClient(model, HAMLET), channelClient(model, CORDELIA)];
    patch(model, DESDEMONA, CHANNEL.scotland, { description: 'Dark', topics_policy: 'disable_empty_topic', message_retention_days: '30' });

    expect(hamlet.poll()).toEqual([
      update(CHANNEL.scotland, 'Scotland', 'message_retention_days', 30),
      update(CHANNEL.scotland, 'Scotland', 'topics_policy', 'disable_empty_topic'),
      update(CHANNEL.scotland, 'Scotland', 'description', 'Dark', { rendered_description: '<p>Dark</p>' }),
    ]);
    expect(cordelia.poll()).toEqual([]);
    expectInStep(hamlet, cordelia);
  });

  it('making a channel private updates who keeps it and deletes it for who loses it', () => {
    const model = newModel();
    const [hamlet, desdemona, cordelia, shiva] = [HAMLET, DESDEMONA, CORDELIA, SHIVA].map((user) => channelClient(model, user));
    patch(model, IAGO, CHANNEL.denmark, { is_private: 'true' });
    const changed = update(CHANNEL.denmark, 'Denmark', 'invite_only', true, { history_public_to_subscribers: false, is_web_public: false });
    const deleted = { type: 'stream', op: 'delete', streams: [{ stream_id: CHANNEL.denmark }], stream_ids: [CHANNEL.denmark] };

    expect(hamlet!.poll()).toEqual([changed]);
    expect(desdemona!.poll()).toEqual([changed]);
    expect(cordelia!.poll()).toEqual([deleted]);
    expect(shiva!.poll()).toEqual([deleted]);
    expectInStep(hamlet!, desdemona!, cordelia!, shiva!);
  });

  it('making a channel public gives newcomers the channel and its subscribers', () => {
    const model = newModel();
    const [hamlet, cordelia, polonius] = [HAMLET, CORDELIA, POLONIUS].map((user) => channelClient(model, user));
    patch(model, IAGO, CHANNEL.scotland, { is_private: 'false' });
    const stream = named(cordelia!.fresh()['streams'], 'Scotland');

    expect(cordelia!.poll()).toEqual([
      { type: 'stream', op: 'create', streams: [stream] },
      { type: 'subscription', op: 'peer_add', stream_ids: [CHANNEL.scotland], user_ids: [IAGO.userId, HAMLET.userId] },
    ]);
    expect(hamlet!.poll()).toEqual([update(CHANNEL.scotland, 'Scotland', 'invite_only', false, { history_public_to_subscribers: true, is_web_public: false })]);
    expect(polonius!.poll()).toEqual([]);
    expectInStep(hamlet!, cordelia!, polonius!);
  });

  it('a group setting granting access creates the channel for its new members, after the update to the others', () => {
    const model = newModel();
    const [hamlet, cordelia, shiva] = [HAMLET, CORDELIA, SHIVA].map((user) => channelClient(model, user));
    patch(model, IAGO, CHANNEL.scotland, { can_subscribe_group: JSON.stringify({ new: GROUP.hamletcharacters }) });

    expect(hamlet!.poll()).toEqual([update(CHANNEL.scotland, 'Scotland', 'can_subscribe_group', GROUP.hamletcharacters)]);
    expect(cordelia!.poll()).toEqual([
      { type: 'stream', op: 'create', streams: [named(cordelia!.fresh()['streams'], 'Scotland')] },
      { type: 'subscription', op: 'peer_add', stream_ids: [CHANNEL.scotland], user_ids: [IAGO.userId, HAMLET.userId] },
    ]);
    expect(shiva!.poll()).toEqual([]);
    expectInStep(hamlet!, cordelia!, shiva!);

    patch(model, IAGO, CHANNEL.scotland, { can_subscribe_group: JSON.stringify({ new: model.state.systemGroupIds['role:nobody'] }) });
    expect(hamlet!.poll()).toEqual([update(CHANNEL.scotland, 'Scotland', 'can_subscribe_group', model.state.systemGroupIds['role:nobody'])]);
    expect(cordelia!.poll()).toEqual([{ type: 'stream', op: 'delete', streams: [{ stream_id: CHANNEL.scotland }], stream_ids: [CHANNEL.scotland] }]);
    expect(shiva!.poll()).toEqual([]);
    expectInStep(hamlet!, cordelia!, shiva!);
  });

  it('restricting who may post also updates the legacy posting policy', () => {
    const model = newModel();
    const hamlet = channelClient(model, HAMLET);
    const administrators = model.state.systemGroupIds['role:administrators'];
    patch(model, IAGO, CHANNEL.denmark, { can_send_message_group: JSON.stringify({ new: administrators }) });

    expect(hamlet.poll()).toEqual([
      update(CHANNEL.denmark, 'Denmark', 'can_send_message_group', administrators),
      update(CHANNEL.denmark, 'Denmark', 'stream_post_policy', 2),
      update(CHANNEL.denmark, 'Denmark', 'is_announcement_only', true),
    ]);
    expectInStep(hamlet);
  });

  it('a change of the default channels reaches every non-guest', () => {
    const model = newModel();
    const [hamlet, polonius] = [channelClient(model, HAMLET), channelClient(model, POLONIUS)];
    patch(model, IAGO, CHANNEL.denmark, { is_default_stream: 'true' });
    patch(model, IAGO, CHANNEL.denmark, { is_default_stream: 'true' });
    patch(model, IAGO, CHANNEL.verona, { is_default_stream: 'false' });

    expect(hamlet.poll()).toEqual([
      { type: 'default_streams', default_streams: [CHANNEL.general, CHANNEL.denmark] },
      // Removing sends the list even when nothing changed, as on the real server.
      { type: 'default_streams', default_streams: [CHANNEL.general, CHANNEL.denmark] },
    ]);
    expect(polonius.poll()).toEqual([]);
    expectInStep(hamlet, polonius);
  });

  it('unarchiving updates queues that list archived channels and gives the others the channel back', () => {
    const model = newModel();
    const modern = channelClient(model, HAMLET, { archived_channels: true });
    const [legacy, iago] = [channelClient(model, HAMLET), channelClient(model, IAGO)];
    patch(model, DESDEMONA, CHANNEL.elsinore, { is_archived: 'false' });
    const fresh = legacy.fresh();

    expect(modern.poll()).toEqual([update(CHANNEL.elsinore, 'Elsinore', 'is_archived', false)]);
    expect(legacy.poll()).toEqual([
      { type: 'stream', op: 'create', streams: [named(fresh['streams'], 'Elsinore')] },
      { type: 'subscription', op: 'add', subscriptions: [named(fresh['subscriptions'], 'Elsinore')] },
    ]);
    expect(iago.poll()).toEqual([
      { type: 'stream', op: 'create', streams: [named(iago.fresh()['streams'], 'Elsinore')] },
      { type: 'subscription', op: 'peer_add', stream_ids: [CHANNEL.elsinore], user_ids: [HAMLET.userId, CORDELIA.userId] },
    ]);
    expectInStep(modern, legacy, iago);
  });

  it('sends nothing for a group setting set to its current value', () => {
    const model = newModel();
    const hamlet = channelClient(model, HAMLET);
    const nobody = model.state.systemGroupIds['role:nobody'];
    patch(model, IAGO, CHANNEL.denmark, { can_subscribe_group: JSON.stringify({ new: nobody }) });
    expect(hamlet.poll()).toEqual([]);
  });
});
