import { expect } from 'vitest';
import { CORDELIA, HAMLET, IAGO } from '../../testing/default-realm.js';
import { describeLevelChanges, NO_CHANGE, type ProbeServer, registerKeysProbe } from '../../testing/feature-level-probes.js';
import { LEVELS_335_371 } from './levels-335-371.js';

/** Creates a channel, archives it, then has Cordelia subscribe to it. */
function subscribeToArchived(server: ProbeServer) {
  const subscriptions = JSON.stringify([{ name: 'Archived probe' }]);
  expect(server.as(IAGO).post('/users/me/subscriptions', { subscriptions }).status).toBe(200);
  const id = (server.as(IAGO).get('/get_stream_id', { stream: 'Archived probe' }).body as Record<string, number>)['stream_id'];
  expect(server.as(IAGO).delete(`/streams/${id}`).status).toBe(200);
  return server.as(CORDELIA).post('/users/me/subscriptions', { subscriptions });
}

describeLevelChanges('feature levels 335–371', LEVELS_335_371, {
  362: (before, at) => {
    expect(subscribeToArchived(at).status).toBe(200);
    expect(subscribeToArchived(before!)).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', msg: 'Unable to access channel (Archived probe).' } });
  },
  363: registerKeysProbe(IAGO, 'realm_billing', ['realm_billing']),
  369: registerKeysProbe(HAMLET, 'onboarding_steps', ['navigation_tour_video_url']),
  371: NO_CHANGE,
});
