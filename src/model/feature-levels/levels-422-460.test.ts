import { expect } from 'vitest';
import { HAMLET, IAGO } from '../../testing/default-realm.js';
import { describeLevelChanges, eventsAfter, NO_CHANGE, type ProbeServer } from '../../testing/feature-level-probes.js';
import { LEVELS_422_460 } from './levels-422-460.js';

function newChannelMessages(server: ProbeServer): number {
  const before = server.model.state.messages.size;
  expect(server.as(IAGO).post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'Quiet probe' }]) }).status).toBe(200);
  return server.model.state.messages.size - before;
}

describeLevelChanges('feature levels 422–460', LEVELS_422_460, {
  422: NO_CHANGE,
  423: NO_CHANGE,
  424: NO_CHANGE,
  434: (before, at) => {
    for (const server of [before!, at]) expect(server.as(IAGO).patch('/realm', { send_channel_events_messages: 'false' }).status).toBe(200);
    expect(newChannelMessages(at)).toBe(0);
    expect(newChannelMessages(before!)).toBeGreaterThan(0);
  },
  439: (before, at) => {
    const act = (server: ProbeServer) => () => expect(server.as(HAMLET).patch('/settings', { twenty_four_hour_time: 'true' }).status).toBe(200);
    const types = (server: ProbeServer) => eventsAfter(server, HAMLET, ['user_settings', 'update_display_settings'], act(server)).map((event) => event['type']);
    expect(types(at)).toEqual(['user_settings']);
    expect(types(before!)).toEqual(expect.arrayContaining(['user_settings', 'update_display_settings']));
  },
});
