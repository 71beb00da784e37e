import { describe, expect, it } from 'vitest';
import { as, expectSuccess, HAMLET, newModel } from '../../src/testing/default-realm.js';
import { applyEvents, type StateEvent } from './apply-event.js';
import { comparableState, diffStates } from './apply-event-diff.js';

const TYPES = JSON.stringify(['user_settings', 'update_display_settings', 'update_global_notifications']);

function atFeatureLevel(featureLevel: number): ReturnType<typeof newModel> {
  const model = newModel();
  model.reset({ ...model.state, featureLevel });
  return model;
}

describe('applying user_settings and the legacy settings events', () => {
  it.each([496, 438])('gives a fresh register’s settings at feature level %i', (level) => {
    const model = atFeatureLevel(level);
    const hamlet = as(model, HAMLET);
    const registered = expectSuccess(hamlet.post('/register', { fetch_event_types: TYPES }));
    if (level < 439) expect(registered).toHaveProperty('enter_sends');
    expectSuccess(hamlet.patch('/settings', { enter_sends: 'true', default_language: 'fr', enable_sounds: 'false', timezone: 'Europe/Copenhagen' }));
    const events = expectSuccess(hamlet.get('/events', { queue_id: registered['queue_id'], last_event_id: '-1', dont_block: 'true' }))[
      'events'
    ] as StateEvent[];
    const applied = applyEvents(registered, events);
    expect(applied.unknownTypes).toEqual([]);
    const fresh = expectSuccess(hamlet.post('/register', { fetch_event_types: TYPES }));
    expect(fresh['user_settings']['default_language']).toBe('fr');
    expect(diffStates(comparableState(applied.state), comparableState(fresh))).toEqual([]);
  });
});
