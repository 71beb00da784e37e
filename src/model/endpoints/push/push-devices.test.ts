import { describe, expect, it } from 'vitest';
import { as, expectError, expectSuccess, HAMLET, HAMLET_BOT, IAGO, newModel } from '../../../testing/default-realm.js';

const APNS = `c0ffee00${'ab'.repeat(28)}`;

describe('APNs and FCM tokens on a server without push notifications', () => {
  it('keeps a token: removing it succeeds once, then it no longer exists', () => {
    const model = newModel();
    const hamlet = as(model, HAMLET);
    expectSuccess(hamlet.post('/users/me/apns_device_token', { token: APNS, appid: 'org.zulip.Zulip' }));
    expectSuccess(hamlet.post('/users/me/apns_device_token', { token: APNS, appid: 'org.zulip.Zulip' }));
    expectSuccess(hamlet.post('/users/me/android_gcm_reg_id', { token: 'fcm-token:1' }));
    expectError(hamlet.delete('/users/me/android_gcm_reg_id', { token: APNS }), 400, 'BAD_REQUEST', 'Token does not exist');
    expectSuccess(hamlet.delete('/users/me/apns_device_token', { token: APNS }));
    expectError(hamlet.delete('/users/me/apns_device_token', { token: APNS }), 400, 'BAD_REQUEST', 'Token does not exist');
    expectSuccess(hamlet.delete('/users/me/android_gcm_reg_id', { token: 'fcm-token:1' }));
    expect(model.state.pushDeviceTokensByUser.size).toBe(0);
  });

  it('keeps each user’s tokens apart', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/users/me/android_gcm_reg_id', { token: 'shared' }));
    expectError(as(model, IAGO).delete('/users/me/android_gcm_reg_id', { token: 'shared' }), 400, 'BAD_REQUEST', 'Token does not exist');
  });

  it('checks tokens and app ids in the real server’s words, changing nothing', () => {
    const model = newModel();
    const hamlet = as(model, HAMLET);
    const before = model.state;
    expectError(hamlet.post('/users/me/apns_device_token', { token: '', appid: 'org.zulip.Zulip' }), 400, 'BAD_REQUEST', 'Empty or invalid length token');
    expectError(hamlet.post('/users/me/android_gcm_reg_id', { token: 'x'.repeat(4097) }), 400, 'BAD_REQUEST', 'Empty or invalid length token');
    expectError(hamlet.post('/users/me/apns_device_token', { token: 'not hex', appid: 'org.zulip.Zulip' }), 400, 'BAD_REQUEST', 'Invalid APNS token');
    expectError(hamlet.post('/users/me/apns_device_token', { token: 'abc', appid: 'org.zulip.Zulip' }), 400, 'BAD_REQUEST', 'Invalid APNS token');
    expectError(hamlet.post('/users/me/apns_device_token', { token: APNS, appid: 'bad app!' }), 400, 'BAD_REQUEST', 'appid has invalid format');
    expectError(hamlet.post('/users/me/apns_device_token', { token: APNS }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'appid' argument");
    expectError(hamlet.delete('/users/me/apns_device_token', { token: 'zz' }), 400, 'BAD_REQUEST', 'Invalid APNS token');
    expectError(as(model, HAMLET_BOT).post('/users/me/android_gcm_reg_id', { token: 'x' }), 400, 'BAD_REQUEST', 'This endpoint does not accept bot requests.');
    expect(model.state).toBe(before);
  });

  it('accepts hex with whitespace between byte pairs, as Python’s bytes.fromhex does', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/users/me/apns_device_token', { token: 'ab cd\tef', appid: 'org.zulip.Zulip' }));
    expectError(as(model, HAMLET).post('/users/me/apns_device_token', { token: 'a bcd', appid: 'org.zulip.Zulip' }), 400, 'BAD_REQUEST', 'Invalid APNS token');
  });
});

describe('test notifications and E2EE registration', () => {
  it('sends a test notification to no one, silently, unless the token is unknown', () => {
    const model = newModel();
    const hamlet = as(model, HAMLET);
    expectSuccess(hamlet.post('/mobile_push/test_notification'));
    expectError(hamlet.post('/mobile_push/test_notification', { token: 'fcm-1' }), 400, 'INVALID_PUSH_DEVICE_TOKEN', 'Device not recognized');
    expectSuccess(hamlet.post('/users/me/android_gcm_reg_id', { token: 'fcm-1' }));
    expectSuccess(hamlet.post('/mobile_push/test_notification', { token: 'fcm-1' }));
  });

  it('has no E2EE device to notify and cannot register one', () => {
    const model = newModel();
    const hamlet = as(model, HAMLET);
    const before = model.state;
    expectError(hamlet.post('/mobile_push/e2ee/test_notification'), 400, 'NO_ACTIVE_PUSH_DEVICE', 'No active registered push device');
    expectError(hamlet.post('/mobile_push/e2ee/test_notification', { device_id: '1' }), 400, 'NO_ACTIVE_PUSH_DEVICE');
    expectError(hamlet.post('/mobile_push/register'), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'device_id' argument");
    expectError(hamlet.post('/mobile_push/register', { device_id: '1', token_kind: 'sms' }), 400, 'BAD_REQUEST', 'Invalid token_kind');
    const full = {
      device_id: '1',
      token_kind: 'fcm',
      push_key: 'MTaU',
      push_key_id: '2408',
      bouncer_public_key: 'k',
      encrypted_push_registration: 'e',
      token_id: 'hGsEWGmyyfI=',
    };
    expectError(hamlet.post('/mobile_push/register', full), 400, 'PUSH_SERVICE_NOT_CONFIGURED', 'Server is not configured to use push notification service.');
    expect(model.state).toBe(before);
  });
});
