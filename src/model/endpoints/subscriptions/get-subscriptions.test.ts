import { describe, expect, it } from 'vitest';
import { as, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, HAMLET_BOT, IAGO, newModel, OTHELLO } from '../../../testing/default-realm.js';
import { channelIdOf, subscribeTo, subscriptionOf } from './test-support.js';

describe('GET /users/me/subscriptions (reference §1.6)', () => {
  it('lists own subscriptions sorted by name, subscribers only on request', () => {
    const model = newModel();
    expectSuccess(subscribeTo(model, HAMLET, ['zz last', 'AA first'], { principals: JSON.stringify([HAMLET.userId, CORDELIA.userId, HAMLET_BOT.userId]) }));
    const list = expectSuccess(as(model, HAMLET).get('/users/me/subscriptions'))['subscriptions'] as Record<string, any>[];
    const names = list.map((entry) => entry['name'] as string);
    expect(names).toEqual([...names].sort());
    expect(list[0]).not.toHaveProperty('subscribers');
    const ids = [HAMLET.userId, CORDELIA.userId, HAMLET_BOT.userId].sort((a, b) => a - b);
    expect(subscriptionOf(model, HAMLET, 'AA first', { include_subscribers: 'true' })!['subscribers']).toEqual(ids);
    expect(subscriptionOf(model, HAMLET, 'AA first', { include_subscribers: 'partial' })!['subscribers']).toEqual(ids);
    expect(subscriptionOf(model, HAMLET, 'AA first', { include_subscribers: 'false' })).not.toHaveProperty('subscribers');
    expectError(as(model, HAMLET).get('/users/me/subscriptions', { include_subscribers: 'sometimes' }), 400, 'BAD_REQUEST');
  });

  it('keeps subscriber_count to active users: deactivation takes a user out of the count', () => {
    const model = newModel();
    expectSuccess(subscribeTo(model, HAMLET, ['Count'], { principals: JSON.stringify([HAMLET.userId, CORDELIA.userId]) }));
    expect(subscriptionOf(model, HAMLET, 'Count')!['subscriber_count']).toBe(2);
    expectSuccess(as(model, IAGO).delete(`/users/${CORDELIA.userId}`));
    expect(subscriptionOf(model, HAMLET, 'Count')).toMatchObject({ subscriber_count: 1 });
    expect(subscriptionOf(model, HAMLET, 'Count', { include_subscribers: 'true' })!['subscribers']).toEqual([HAMLET.userId]);
  });
});

describe('default channels', () => {
  it('subscribes users created later to the default channels', () => {
    const model = newModel();
    expectSuccess(subscribeTo(model, IAGO, ['Lobby'], { is_default_stream: 'true' }));
    const created = expectSuccess(
      as(model, DESDEMONA).post('/users', { email: 'newbie@chatref.test', password: 'a-Strong-passw0rd-42', full_name: 'New Bie' }),
    );
    const status = expectSuccess(as(model, IAGO).get(`/users/${created['user_id']}/subscriptions/${channelIdOf(model, 'Lobby')}`));
    expect(status['is_subscribed']).toBe(true);
  });
});

describe('GET /users/{user_id}/subscriptions/{stream_id}', () => {
  it('answers is_subscribed for visible channels and hides private ones', () => {
    const model = newModel();
    expectSuccess(subscribeTo(model, HAMLET, ['Visible']));
    expectSuccess(subscribeTo(model, IAGO, ['Hidden'], { invite_only: 'true' }));
    const visible = channelIdOf(model, 'Visible');
    expect(expectSuccess(as(model, CORDELIA).get(`/users/${HAMLET.userId}/subscriptions/${visible}`))['is_subscribed']).toBe(true);
    expect(expectSuccess(as(model, CORDELIA).get(`/users/${CORDELIA.userId}/subscriptions/${visible}`))['is_subscribed']).toBe(false);
    expect(expectSuccess(as(model, CORDELIA).get(`/users/${OTHELLO.userId}/subscriptions/${visible}`))['is_subscribed']).toBe(false);
    const hidden = channelIdOf(model, 'Hidden');
    const missing = expectError(as(model, CORDELIA).get(`/users/${IAGO.userId}/subscriptions/99999`), 400, 'BAD_REQUEST');
    expect(expectError(as(model, CORDELIA).get(`/users/${IAGO.userId}/subscriptions/${hidden}`), 400, 'BAD_REQUEST')).toEqual(missing);
    expectError(as(model, CORDELIA).get(`/users/424242/subscriptions/${visible}`), 400, 'BAD_REQUEST', 'No such user');
    expect(expectError(as(model, CORDELIA).get(`/users/${IAGO.userId}/subscriptions/2000000000`), 400, 'BAD_REQUEST')).toEqual(missing);
  });
});
