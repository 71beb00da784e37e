import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, expectSuccess, HAMLET, newModel, T0 } from '../../src/testing/default-realm.js';
import { applyEvents, type StateEvent } from './apply-event.js';

const TYPES = '["drafts","scheduled_messages","reminders","navigation_views","navigation_view"]';

describe('applying drafts, scheduled_messages, reminders and navigation_view events', () => {
  it('turns a register state and the events that followed it into a fresh register’s state', () => {
    const model = newModel();
    const hamlet = as(model, HAMLET);
    const registered = expectSuccess(hamlet.post('/register', { fetch_event_types: TYPES, event_types: TYPES }));
    const [first, second] = expectSuccess(
      hamlet.post('/drafts', {
        drafts: JSON.stringify([
          { type: '', to: [], topic: '', content: 'one', timestamp: 5 },
          { type: '', to: [], topic: '', content: 'two', timestamp: 9 },
        ]),
      }),
    )['ids'];
    expectSuccess(hamlet.patch(`/drafts/${first}`, { draft: JSON.stringify({ type: '', to: [], topic: '', content: 'one again', timestamp: 12 }) }));
    expectSuccess(hamlet.delete(`/drafts/${second}`));
    const at = String(T0 + 10_000);
    const later = expectSuccess(
      hamlet.post('/scheduled_messages', { type: 'direct', to: `[${CORDELIA.userId}]`, content: 'later', scheduled_delivery_timestamp: at }),
    );
    expectSuccess(
      hamlet.post('/scheduled_messages', {
        type: 'stream',
        to: String(CHANNEL.denmark),
        topic: 't',
        content: 'sooner',
        scheduled_delivery_timestamp: String(T0 + 5_000),
      }),
    );
    expectSuccess(hamlet.patch(`/scheduled_messages/${later['scheduled_message_id']}`, { content: 'edited' }));
    const message = expectSuccess(hamlet.post('/messages', { type: 'stream', to: 'Denmark', topic: 't', content: 'remind me' }))['id'];
    expectSuccess(hamlet.post('/reminders', { message_id: String(message), scheduled_delivery_timestamp: at }));
    expectSuccess(hamlet.post('/navigation_views', { fragment: 'narrow/a', is_pinned: 'true', name: 'A' }));
    expectSuccess(hamlet.post('/navigation_views', { fragment: 'inbox', is_pinned: 'false' }));
    expectSuccess(hamlet.patch('/navigation_views/narrow/a', { name: 'B' }));
    const events = expectSuccess(hamlet.get('/events', { queue_id: registered['queue_id'], last_event_id: '-1', dont_block: 'true' }))[
      'events'
    ] as StateEvent[];
    const applied = applyEvents(registered, events);
    const fresh = expectSuccess(hamlet.post('/register', { fetch_event_types: TYPES }));
    for (const key of ['drafts', 'scheduled_messages', 'reminders', 'navigation_views'])
      expect({ key, value: applied.state[key] }).toEqual({ key, value: fresh[key] });
    expect(applied.unknownTypes).toEqual([]);
  });
});
