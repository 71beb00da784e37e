import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, DESDEMONA, expectSuccess, HAMLET, IAGO, newModel, POLONIUS } from '../../../testing/default-realm.js';
import { type ChannelClient, channelClient, comparable } from '../subscriptions/channel-events-client.js';

function expectInStep(...clients: ChannelClient[]): void {
  for (const client of clients) expect(comparable(client.state)).toEqual(comparable(client.fresh()));
}

const deleted = (channelId: number) => ({ type: 'stream', op: 'delete', streams: [{ stream_id: channelId }], stream_ids: [channelId] });
const archived = (channelId: number, name: string) => ({ type: 'stream', op: 'update', stream_id: channelId, name, property: 'is_archived', value: true });

describe('DELETE /streams/{stream_id} events', () => {
  it('archives a channel as an update for queues that list archived channels and a deletion for the others', () => {
    const model = newModel();
    const modern = channelClient(model, HAMLET, { archived_channels: true });
    const [legacy, polonius] = [channelClient(model, HAMLET), channelClient(model, POLONIUS)];
    const guest = channelClient(model, POLONIUS, { archived_channels: true });
    expectSuccess(as(model, IAGO).delete(`/streams/${CHANNEL.denmark}`));

    expect(modern.poll()).toEqual([archived(CHANNEL.denmark, 'Denmark')]);
    expect(legacy.poll()).toEqual([deleted(CHANNEL.denmark)]);
    // The guest is subscribed, so it is told too.
    expect(polonius.poll()).toEqual([deleted(CHANNEL.denmark)]);
    expect(guest.poll()).toEqual([archived(CHANNEL.denmark, 'Denmark')]);
    expectInStep(modern, legacy, polonius, guest);
  });

  it('unsets the settings naming the channel and drops it from the default channels first', () => {
    const model = newModel();
    const [iago, polonius] = [channelClient(model, IAGO, { archived_channels: true }), channelClient(model, POLONIUS)];
    expectSuccess(as(model, DESDEMONA).delete(`/streams/${CHANNEL.general}`));

    expect(iago.poll()).toEqual([
      { type: 'realm', op: 'update_dict', property: 'default', data: { new_stream_announcements_stream_id: -1, signup_announcements_stream_id: -1 } },
      { type: 'default_streams', default_streams: [] },
      archived(CHANNEL.general, 'general'),
    ]);
    // The guest is not in general: only the organization's settings concern them.
    expect(polonius.poll()).toEqual([
      { type: 'realm', op: 'update_dict', property: 'default', data: { new_stream_announcements_stream_id: -1, signup_announcements_stream_id: -1 } },
    ]);
    expect(model.state.realm.settings.newStreamAnnouncementsStreamId).toBeNull();
    expectInStep(iago, polonius);
  });

  it('tells nobody outside a private channel that it was archived', () => {
    const model = newModel();
    const [hamlet, cordelia] = [channelClient(model, HAMLET), channelClient(model, CORDELIA, { archived_channels: true })];
    expectSuccess(as(model, IAGO).delete(`/streams/${CHANNEL.scotland}`));

    expect(hamlet.poll()).toEqual([deleted(CHANNEL.scotland)]);
    expect(cordelia.poll()).toEqual([]);
    expectInStep(hamlet, cordelia);
  });
});
