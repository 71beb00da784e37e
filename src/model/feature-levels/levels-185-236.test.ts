import { expect } from 'vitest';
import { CORDELIA, HAMLET } from '../../testing/default-realm.js';
import { describeLevelChanges, NO_CHANGE } from '../../testing/feature-level-probes.js';
import { LEVELS_185_236 } from './levels-185-236.js';

describeLevelChanges('feature levels 185–236', LEVELS_185_236, {
  185: NO_CHANGE,
  186: NO_CHANGE,
  187: NO_CHANGE,
  208: (before, at) => {
    const params = { subscriptions: JSON.stringify([{ name: 'Probe' }]), principals: JSON.stringify([CORDELIA.userId, 424242]) };
    expect(before!.as(HAMLET).post('/users/me/subscriptions', params)).toMatchObject({ status: 403, body: { code: 'UNAUTHORIZED_PRINCIPAL' } });
    expect(at.as(HAMLET).post('/users/me/subscriptions', params)).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', msg: 'No such user' } });
  },
});
