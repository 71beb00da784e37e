import { describe, expect, it } from 'vitest';
import { as, DESDEMONA, expectSuccess, newModel } from '../../../testing/default-realm.js';

describe('GET /server_settings', () => {
  it('answers without credentials with the version facts', () => {
    const body = expectSuccess(as(newModel(), null).get('/server_settings'));
    expect(body).toMatchObject({ zulip_feature_level: 496, push_notifications_enabled: false, is_incompatible: false, realm_web_public_access_enabled: false });
    expect(typeof body['zulip_version']).toBe('string');
    expect(typeof body['zulip_merge_base']).toBe('string');
    expect(typeof body['authentication_methods']).toBe('object');
  });

  it('reports web-public access once the organization allows spectators (the fixture has a web-public channel)', () => {
    const model = newModel();
    expectSuccess(as(model, DESDEMONA).patch('/realm', { enable_spectator_access: 'true', description: 'Hello' }));
    expect(expectSuccess(as(model, null).get('/server_settings'))).toMatchObject({ realm_web_public_access_enabled: true, realm_description: '<p>Hello</p>' });
  });
});
