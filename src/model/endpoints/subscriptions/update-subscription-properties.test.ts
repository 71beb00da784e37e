import { describe, expect, it } from 'vitest';
import { as, CHANNEL, expectError, expectSuccess, HAMLET, newModel } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function update(model: Model, actor: Actor, data: unknown[]) {
  return as(model, actor).post('/users/me/subscriptions/properties', { subscription_data: JSON.stringify(data) });
}

function subscription(model: Model, actor: Actor, channelId: number): Record<string, unknown> {
  const subscriptions = expectSuccess(as(model, actor).get('/users/me/subscriptions'))['subscriptions'] as Record<string, unknown>[];
  return subscriptions.find((entry) => entry['stream_id'] === channelId)!;
}

describe('POST /users/me/subscriptions/properties', () => {
  it('changes the caller’s settings, with one event per property and two for is_muted', () => {
    const model = newModel();
    const queue = expectSuccess(as(model, HAMLET).post('/register', { event_types: '["subscription"]' }))['queue_id'];
    const response = expectSuccess(
      update(model, HAMLET, [
        { stream_id: CHANNEL.denmark, property: 'is_muted', value: true },
        { stream_id: CHANNEL.denmark, property: 'color', value: '#c2c2c2' },
        { stream_id: CHANNEL.general, property: 'in_home_view', value: false },
        { stream_id: CHANNEL.general, property: 'push_notifications', value: true },
      ]),
    );
    expect(response).toEqual({ result: 'success', msg: '' });
    expect(subscription(model, HAMLET, CHANNEL.denmark)).toMatchObject({ is_muted: true, in_home_view: false, color: '#c2c2c2' });
    expect(subscription(model, HAMLET, CHANNEL.general)).toMatchObject({ is_muted: true, push_notifications: true });
    const events = expectSuccess(as(model, HAMLET).get('/events', { queue_id: queue, last_event_id: '-1', dont_block: 'true' }))['events'];
    const changed = (stream_id: number, property: string, value: unknown, id: number) => ({
      type: 'subscription',
      op: 'update',
      stream_id,
      property,
      value,
      id,
    });
    expect(events).toEqual([
      changed(CHANNEL.denmark, 'in_home_view', false, 0),
      changed(CHANNEL.denmark, 'is_muted', true, 1),
      changed(CHANNEL.denmark, 'color', '#c2c2c2', 2),
      changed(CHANNEL.general, 'in_home_view', false, 3),
      changed(CHANNEL.general, 'is_muted', true, 4),
      changed(CHANNEL.general, 'push_notifications', true, 5),
    ]);
  });

  it('checks every change before making any, with the real server’s texts', () => {
    const model = newModel();
    const before = model.state;
    const good = { stream_id: CHANNEL.denmark, property: 'pin_to_top', value: true };
    const refused: [unknown, string][] = [
      [{ stream_id: CHANNEL.denmark, property: 'color', value: 'red' }, 'color is not a valid hex color code'],
      [{ stream_id: CHANNEL.denmark, property: 'color', value: true }, 'color is not a valid hex color code'],
      [{ stream_id: CHANNEL.denmark, property: 'is_muted', value: 'yes' }, 'is_muted is not a boolean'],
      [{ stream_id: CHANNEL.denmark, property: 'name', value: 'x' }, 'Unknown subscription property: name'],
      [{ stream_id: CHANNEL.verona, property: 'pin_to_top', value: true }, `Not subscribed to channel ID ${CHANNEL.verona}`],
      [{ stream_id: CHANNEL.moderation, property: 'pin_to_top', value: true }, 'Invalid channel ID'],
      [{ stream_id: 424242, property: 'pin_to_top', value: true }, 'Invalid channel ID'],
      [{ stream_id: CHANNEL.denmark, value: true }, 'subscription_data[0]["property"] field is missing'],
    ];
    for (const [change, msg] of refused)
      expectError(update(model, HAMLET, [good, change].slice(msg.startsWith('subscription_data') ? 1 : 0)), 400, 'BAD_REQUEST', msg);
    expect(model.state).toBe(before);
  });
});
