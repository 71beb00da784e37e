import { describe, expect, it } from 'vitest';
import { as, CHANNEL, DESDEMONA, expectSuccess, HAMLET, IAGO, newModel } from '../../../testing/default-realm.js';

type Dict = Record<string, any>;

function register(model: ReturnType<typeof newModel>, user: Parameters<typeof as>[1], params: Record<string, string> = {}): Dict {
  return expectSuccess(as(model, user).post('/register', { fetch_event_types: '["subscription"]', ...params }));
}

describe('the subscription keys of POST /register', () => {
  it('lists the channels the user left as unsubscribed, with their former settings', () => {
    const model = newModel();
    const before = (register(model, HAMLET)['subscriptions'] as Dict[]).find((sub) => sub['name'] === 'Denmark')!;
    expectSuccess(as(model, HAMLET).delete('/users/me/subscriptions', { subscriptions: '["Denmark", "Scotland"]' }));
    const state = register(model, HAMLET, { include_subscribers: 'true' });

    // Scotland is private: having left it, Hamlet may not see it at all.
    expect(state['unsubscribed']).toEqual([{ ...before, subscriber_count: 2, subscribers: [IAGO.userId, 6] }]);
    expect((state['never_subscribed'] as Dict[]).map((channel) => channel['name'])).not.toContain('Denmark');
    expect((state['subscriptions'] as Dict[]).map((channel) => channel['name'])).not.toContain('Denmark');
  });

  it('forgets a former subscription once the user subscribes again', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).delete('/users/me/subscriptions', { subscriptions: '["Denmark"]' }));
    expectSuccess(as(model, HAMLET).post('/users/me/subscriptions', { subscriptions: '[{"name": "Denmark"}]' }));
    expect(register(model, HAMLET)['unsubscribed']).toEqual([]);
  });

  it('lists the subscribers of every channel the user may know, private ones an administrator is not in included', () => {
    const model = newModel();
    const state = register(model, DESDEMONA, { include_subscribers: 'true' });
    const scotland = (state['never_subscribed'] as Dict[]).find((channel) => channel['stream_id'] === CHANNEL.scotland)!;
    expect(scotland['subscribers']).toEqual([IAGO.userId, HAMLET.userId]);
  });
});
