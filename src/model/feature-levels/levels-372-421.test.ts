import { expect } from 'vitest';
import { CORDELIA, HAMLET, IAGO } from '../../testing/default-realm.js';
import { describeLevelChanges, NO_CHANGE, type ProbeServer, registerKeysProbe } from '../../testing/feature-level-probes.js';
import { LEVELS_372_421 } from './levels-372-421.js';

function addToDeactivatedGroup(server: ProbeServer) {
  const created = server.as(HAMLET).post('/user_groups/create', { name: 'probe crew', description: '', members: JSON.stringify([HAMLET.userId]) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = (created.body as Record<string, number>)['group_id'];
  expect(server.as(HAMLET).post(`/user_groups/${id}/deactivate`).status).toBe(200);
  return server.as(HAMLET).post(`/user_groups/${id}/members`, { add: JSON.stringify([CORDELIA.userId]) });
}

function setTopicsPolicy(server: ProbeServer, policy: string) {
  return server.as(IAGO).patch('/streams/1', { topics_policy: policy });
}

describeLevelChanges('feature levels 372–421', LEVELS_372_421, {
  389: registerKeysProbe(IAGO, 'channel_folders', ['channel_folders']),
  390: registerKeysProbe(IAGO, 'navigation_views', ['navigation_views']),
  391: (before, at) => {
    expect(addToDeactivatedGroup(at).status).toBe(200);
    expect(addToDeactivatedGroup(before!)).toMatchObject({ status: 400, body: { msg: 'User group is deactivated.' } });
  },
  399: registerKeysProbe(HAMLET, 'reminders', ['reminders']),
  404: (before, at) => {
    // At 404 the value is known, and refused here only for the channel's topics; below it, the value itself is invalid.
    expect((setTopicsPolicy(at, 'empty_topic_only').body as Record<string, string>)['msg']).toContain('"general chat" topic');
    expect(setTopicsPolicy(before!, 'empty_topic_only')).toMatchObject({ status: 400, body: { msg: 'Invalid topics_policy' } });
  },
  406: registerKeysProbe(HAMLET, 'push_device', ['push_devices']),
  421: NO_CHANGE,
});
