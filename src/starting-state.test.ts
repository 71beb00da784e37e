import { describe, expect, it } from 'vitest';
import { createModel } from './in-process.js';
import { HAMLET } from './testing/default-realm.js';

describe('createModel({ featureLevel })', () => {
  it('answers as a server of that level, in server_settings and register', () => {
    const model = createModel({ seed: 1, clock: () => 1_750_000_000, featureLevel: 277 });
    expect(model.call('GET', '/server_settings').body).toMatchObject({ zulip_feature_level: 277, zulip_version: '9.0', zulip_merge_base: '9.0' });
    const registered = model.call('POST', '/register', { fetch_event_types: '[]' }, { auth: HAMLET });
    expect(registered.body).toMatchObject({ zulip_feature_level: 277, zulip_version: '9.0' });
    // A reset returns to the level the model started at.
    model.control.reset();
    expect(model.state.featureLevel).toBe(277);
  });

  it('refuses a level chatref does not serve', () => {
    expect(() => createModel({ featureLevel: 100 })).toThrow(RangeError);
  });
});
