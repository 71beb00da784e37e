import { describe, expect, it } from 'vitest';
import { buildState } from '../../../fixtures/build-state.js';
import { readFixture } from '../../../fixtures/load.js';
import { createModel } from '../../../in-process.js';
import { as, expectSuccess, HAMLET, IAGO, T0 } from '../../../testing/default-realm.js';

describe('presence a fixture gives its users (presence_at)', () => {
  it('is recorded as an active report at that time, and counts like one', () => {
    const fixture = structuredClone(readFixture('default')) as { users: Record<string, unknown>[] };
    const hamlet = fixture.users.find((user) => user['email'] === HAMLET.email)!;
    hamlet['presence_at'] = T0 - 100;
    let now = T0;
    const model = createModel({ fixture: buildState(fixture), seed: 'fixture-presence', clock: () => now });
    expect(expectSuccess(as(model, IAGO).get(`/users/${HAMLET.userId}/presence`))['presence']).toEqual({
      website: { status: 'active', timestamp: T0 - 100 },
      aggregated: { status: 'active', timestamp: T0 - 100 },
    });
    now += 100;
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active' }));
    expect(expectSuccess(as(model, IAGO).get(`/users/${HAMLET.userId}/presence`))['presence']['aggregated']).toEqual({ status: 'active', timestamp: T0 + 100 });
  });
});
